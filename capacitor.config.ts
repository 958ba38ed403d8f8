import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native (Android) shell around the same web build (issue 11, docs/mobile.md). `npm run cap:sync` builds the
 * web app into dist/web and copies it into android/.
 *
 * FAMILYHUB_SERVER_URL (e.g. https://familyhub.example.com), read when syncing: the app then opens the deployed
 * FamilyHub inside the shell, so the session cookie and /api calls are same-origin exactly as in a browser, and
 * Capacitor still injects its native bridge (status bar, splash, camera). Without it the bundled copy in
 * dist/web is shown, which has no server to talk to: fine for checking the shell, not for a real install.
 */
const serverUrl = process.env.FAMILYHUB_SERVER_URL;

const config: CapacitorConfig = {
  appId: 'app.familyhub.mobile',
  appName: 'FamilyHub',
  webDir: 'dist/web',
  ...(serverUrl ? { server: { url: serverUrl, cleartext: serverUrl.startsWith('http://') } } : {}),
  plugins: {
    // SPEC §1/§9: the splash hides 2 s after start. The web code's timer decides (src/web/platform/native.ts),
    // so the plugin's own auto-hide is off.
    SplashScreen: { launchAutoHide: false, backgroundColor: '#4f46e5', showSpinner: false },
    // SPEC §1: dark status bar; also set in code at start, this avoids a light flash before the web view loads.
    StatusBar: { style: 'DARK', backgroundColor: '#312e81', overlaysWebView: false },
  },
  android: { allowMixedContent: false },
};

export default config;
