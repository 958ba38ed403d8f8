import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Capacitor's native platform, mocked: `native.isNative` decides what Capacitor.isNativePlatform() answers,
// and the plugins record their calls. (The real web behaviour is in native-web.test.ts.)
const native = vi.hoisted(() => ({
  isNative: true,
  setStyle: vi.fn<(options: { style: string }) => Promise<void>>(),
  hide: vi.fn<() => Promise<void>>(),
  getPhoto: vi.fn<(options: Record<string, unknown>) => Promise<{ dataUrl?: string }>>(),
}));

vi.mock('@capacitor/core', () => ({ Capacitor: { isNativePlatform: () => native.isNative } }));
vi.mock('@capacitor/status-bar', () => ({
  StatusBar: { setStyle: native.setStyle },
  Style: { Dark: 'DARK', Light: 'LIGHT', Default: 'DEFAULT' },
}));
vi.mock('@capacitor/splash-screen', () => ({ SplashScreen: { hide: native.hide } }));
vi.mock('@capacitor/camera', () => ({
  Camera: { getPhoto: native.getPhoto },
  CameraResultType: { Uri: 'uri', Base64: 'base64', DataUrl: 'dataUrl' },
}));

const { isCameraAvailable, isNativePlatform, startNativeShell, takePhoto, SPLASH_HIDE_DELAY_MS } =
  await import('./native.ts');

beforeEach(() => {
  native.isNative = true;
  native.setStyle.mockReset().mockResolvedValue(undefined);
  native.hide.mockReset().mockResolvedValue(undefined);
  native.getPhoto.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('on the native platform', () => {
  it('reports native and offers the camera', () => {
    expect(isNativePlatform()).toBe(true);
    expect(isCameraAvailable()).toBe(true);
  });

  it('sets the status bar dark at start', async () => {
    await startNativeShell();
    expect(native.setStyle).toHaveBeenCalledExactlyOnceWith({ style: 'DARK' });
  });

  it('hides the splash screen 2 seconds after start, not before', async () => {
    expect(SPLASH_HIDE_DELAY_MS).toBe(2000);
    await startNativeShell();
    await vi.advanceTimersByTimeAsync(1999);
    expect(native.hide).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(native.hide).toHaveBeenCalledOnce();
  });

  it('still hides the splash when styling the status bar fails, and only logs the failure', async () => {
    native.setStyle.mockRejectedValue(new Error('no status bar'));
    await expect(startNativeShell()).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(2000);
    expect(native.hide).toHaveBeenCalledOnce();
    expect(console.error).toHaveBeenCalledWith('Status bar style failed', expect.any(Error));
  });

  it('takes a photo with quality 90, editing allowed, at most 1600 px on the long edge, as a data URL', async () => {
    native.getPhoto.mockResolvedValue({ dataUrl: 'data:image/jpeg;base64,AAAA' });
    await expect(takePhoto()).resolves.toBe('data:image/jpeg;base64,AAAA');
    expect(native.getPhoto).toHaveBeenCalledExactlyOnceWith({
      quality: 90,
      width: 1600,
      height: 1600,
      allowEditing: true,
      resultType: 'dataUrl',
    });
  });

  it('gives no photo and only logs when the camera fails or is cancelled', async () => {
    native.getPhoto.mockRejectedValue(new Error('User cancelled photos app'));
    await expect(takePhoto()).resolves.toBeNull();
    expect(console.error).toHaveBeenCalledWith('Camera error', expect.any(Error));
  });
});

describe('on the web (Capacitor reports no native platform)', () => {
  beforeEach(() => {
    native.isNative = false;
  });

  it('reports web, and the camera as unavailable', () => {
    expect(isNativePlatform()).toBe(false);
    expect(isCameraAvailable()).toBe(false);
  });

  it('touches neither the status bar nor the splash screen at start', async () => {
    await startNativeShell();
    await vi.advanceTimersByTimeAsync(5000);
    expect(native.setStyle).not.toHaveBeenCalled();
    expect(native.hide).not.toHaveBeenCalled();
  });

  it('never opens the camera and returns no photo', async () => {
    await expect(takePhoto()).resolves.toBeNull();
    expect(native.getPhoto).not.toHaveBeenCalled();
  });
});
