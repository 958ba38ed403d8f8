import { Capacitor } from '@capacitor/core';
import { StatusBar, Style } from '@capacitor/status-bar';
import { SplashScreen } from '@capacitor/splash-screen';
import { Camera, CameraResultType } from '@capacitor/camera';
import { PHOTO_MAX_EDGE_PX } from '../../core/contracts/quotas.ts';

/**
 * The one place that knows about the native (Capacitor) shell. Every native-only behaviour of SPEC §1 and §9
 * sits behind these functions, so screens never import Capacitor and behave the same in any browser.
 */

/** SPEC §1/§9: the splash screen hides this long after start (milliseconds). */
export const SPLASH_HIDE_DELAY_MS = 2000;

/**
 * SPEC §9: the camera's JPEG quality (0–100), editing allowed, the result returned as a data URL; resized to
 * at most `PHOTO_MAX_EDGE_PX` on the long edge (aspect kept), so a note's photos fit its quota (issue 20).
 */
export const CAMERA_OPTIONS = {
  quality: 90,
  width: PHOTO_MAX_EDGE_PX,
  height: PHOTO_MAX_EDGE_PX,
  allowEditing: true,
  resultType: CameraResultType.DataUrl,
} as const;

/** Whether the app runs inside the native (Capacitor) app. False in every browser, installed PWA included. */
export function isNativePlatform(): boolean {
  return Capacitor.isNativePlatform();
}

/** Whether 'Add Photo' may be offered: the camera exists only in the native app (SPEC §3 Notes, §8). */
export function isCameraAvailable(): boolean {
  return isNativePlatform();
}

/**
 * Native start-up (SPEC §1): the status bar is set dark at once and the splash screen hidden
 * {@link SPLASH_HIDE_DELAY_MS} after this call. Does nothing in a browser. Failures are only logged: a status
 * bar that cannot be styled must not stop the app. (capacitor.config.ts turns the splash's own auto-hide off,
 * so this timer alone decides when it goes.)
 * @returns once the status bar call has settled; the splash timer keeps running after that.
 */
export async function startNativeShell(): Promise<void> {
  if (!isNativePlatform()) return;
  setTimeout(() => {
    SplashScreen.hide().catch((error: unknown) => console.error('Splash screen hide failed', error));
  }, SPLASH_HIDE_DELAY_MS);
  try {
    // Style.Dark is Capacitor's "dark" status bar (light text on a dark bar), as SPEC §1 asks.
    await StatusBar.setStyle({ style: Style.Dark });
  } catch (error) {
    console.error('Status bar style failed', error);
  }
}

/**
 * Takes a photo with the native camera ({@link CAMERA_OPTIONS}).
 * @returns the photo as a data URL (`data:image/jpeg;base64,…`), or null when the camera is unavailable (every
 * browser), cancelled or fails. SPEC §8: camera errors are only logged and give no photo.
 */
export async function takePhoto(): Promise<string | null> {
  if (!isCameraAvailable()) {
    console.error('Camera unavailable: the camera exists only in the native app');
    return null;
  }
  try {
    const photo = await Camera.getPhoto({ ...CAMERA_OPTIONS });
    return photo.dataUrl ?? null;
  } catch (error) {
    console.error('Camera error', error);
    return null;
  }
}
