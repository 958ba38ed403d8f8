import { afterEach, describe, expect, it, vi } from 'vitest';

// The real @capacitor/core outside the native shell (no Android/iOS bridge): the web platform. Only the
// native plugins are mocked, to prove they are never called.
const calls = vi.hoisted(() => ({ setStyle: vi.fn(), hide: vi.fn(), getPhoto: vi.fn() }));
vi.mock('@capacitor/status-bar', () => ({
  StatusBar: { setStyle: calls.setStyle },
  Style: { Dark: 'DARK' },
}));
vi.mock('@capacitor/splash-screen', () => ({ SplashScreen: { hide: calls.hide } }));
vi.mock('@capacitor/camera', () => ({
  Camera: { getPhoto: calls.getPhoto },
  CameraResultType: { DataUrl: 'dataUrl' },
}));

const { Capacitor } = await import('@capacitor/core');
const { isCameraAvailable, isNativePlatform, startNativeShell, takePhoto } = await import('./native.ts');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('with the real Capacitor core on the web', () => {
  it('is the web platform, not native, and the camera is unavailable', () => {
    expect(Capacitor.getPlatform()).toBe('web');
    expect(isNativePlatform()).toBe(false);
    expect(isCameraAvailable()).toBe(false);
  });

  it('start-up does nothing native', async () => {
    vi.useFakeTimers();
    await startNativeShell();
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls.setStyle).not.toHaveBeenCalled();
    expect(calls.hide).not.toHaveBeenCalled();
  });

  it('the camera reports unavailable: no photo, only a log line', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(takePhoto()).resolves.toBeNull();
    expect(calls.getPhoto).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Camera unavailable'));
  });
});
