import type { PushSubscriptionInput } from '../../../core/contracts/push.ts';
import { fetchVapidPublicKey, saveSubscription } from './api.ts';

/**
 * Web Push on this browser (issue 41): what it can do, and turning it on and off.
 * - `unsupported`: no service worker, Push API or Notification API here (or the app's worker is not running);
 * - `ios-home-screen`: iOS/iPadOS Safari outside a Home Screen web app, where Web Push is not offered (iOS 16.4+
 *   offers it only to web apps added to the Home Screen);
 * - `blocked`: the user (or a policy) denied notifications for this site; only the browser's settings undo it;
 * - `off`: possible, not subscribed; `on`: subscribed, and the server knows this device.
 */
export type DeviceState = 'unsupported' | 'ios-home-screen' | 'blocked' | 'off' | 'on';

const DEVICE_ID_KEY = 'familyhub.push-device-id';

function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** The app's service worker registration, or null (none registered, e.g. `npm run dev`). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's state (see `DeviceState`); never asks for permission. */
export async function deviceState(): Promise<DeviceState> {
  const apis = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!apis) return isIos() && !isStandalone() ? 'ios-home-screen' : 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const subscription = await reg.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' && localStorage.getItem(DEVICE_ID_KEY)
    ? 'on'
    : 'off';
}

/** base64url (the server's VAPID key) → bytes, for `applicationServerKey`. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Turns push on for this device, after the user's click: asks for permission (the browser's prompt), subscribes
 * through the service worker with the server's VAPID key, and records the subscription on the server.
 * @returns the new state: `on`, or `blocked` / `off` when permission was denied or dismissed.
 * @throws Error when subscribing or saving fails (the caller shows it).
 */
export async function turnOn(): Promise<DeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const { public_key } = await fetchVapidPublicKey();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64url(public_key),
    }));
  const device = await saveSubscription(subscription.toJSON() as PushSubscriptionInput);
  localStorage.setItem(DEVICE_ID_KEY, String(device.id));
  return 'on';
}

/**
 * Turns push off for this device: forgets it on the server (`remove`, the device's id) and unsubscribes the
 * browser. @returns `off`.
 */
export async function turnOff(remove: (id: number) => Promise<unknown>): Promise<DeviceState> {
  const id = Number(localStorage.getItem(DEVICE_ID_KEY));
  if (id > 0) await remove(id).catch(() => undefined);
  localStorage.removeItem(DEVICE_ID_KEY);
  const reg = await registration();
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
  return 'off';
}

/** The id the server gave this device, or null. */
export function thisDeviceId(): number | null {
  const id = Number(localStorage.getItem(DEVICE_ID_KEY));
  return id > 0 ? id : null;
}
