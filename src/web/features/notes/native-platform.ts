/**
 * The native shell's bridge, read from the global Capacitor injects into its web view. The app does not
 * depend on Capacitor yet (no native build exists); this lives in the notes feature, its only user, until
 * the Capacitor shell lands and a shared platform module replaces it.
 */
interface CameraPhoto {
  dataUrl?: string;
}

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  Plugins?: {
    Camera?: {
      getPhoto(options: {
        quality: number;
        allowEditing: boolean;
        resultType: 'dataUrl';
      }): Promise<CameraPhoto>;
    };
  };
}

function capacitor(): CapacitorGlobal | undefined {
  // Capacitor defines `window.Capacitor` inside the native app only; the browser has no such property.
  return (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
}

/** Whether the app runs inside the native (Capacitor) app. False in every browser. */
export function isNativePlatform(): boolean {
  return capacitor()?.isNativePlatform?.() === true;
}

/**
 * Takes a photo with the native camera (SPEC §9: quality 90, editing allowed, returned as a data URL).
 * @returns the photo's data URL, or null when the camera is unavailable, cancelled or fails: camera errors
 * are only logged (SPEC §8).
 */
export async function takePhoto(): Promise<string | null> {
  const camera = capacitor()?.Plugins?.Camera;
  if (!camera) {
    console.error('Camera unavailable');
    return null;
  }
  try {
    const photo = await camera.getPhoto({ quality: 90, allowEditing: true, resultType: 'dataUrl' });
    return photo.dataUrl ?? null;
  } catch (error) {
    console.error('Camera error', error);
    return null;
  }
}
