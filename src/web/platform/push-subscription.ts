/**
 * Issue 41 (ADR 043 addendum): when the session ends (sign-out, or any 401: signed out elsewhere, expired), this
 * browser's Web Push subscription is dropped too, so the push service stops holding messages for it. The server
 * has already deleted the device with the session (`push_subscriptions.session_sid`); this is the browser's half.
 * The id the server gave the device (`familyhub.push-device-id`) goes with the other `familyhub.` entries
 * (`forgetOfflineData`). Without a service worker or the Push API nothing happens; a failure is only logged.
 */
export async function forgetPushSubscription(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch (error) {
    console.error('Could not unsubscribe this device from push notifications', error);
  }
}
