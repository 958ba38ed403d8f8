import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { ProviderError, type OutgoingMessage, type Provider, type SendResult } from './provider.ts';
import { endpointProblem } from './push-endpoints.ts';
import type { VapidKeys } from './vapid.ts';

export interface WebPushProviderOptions {
  vapid: VapidKeys;
  /** `WEB_PUSH_ALLOWED_ORIGINS` parsed (`allowedOrigins`). */
  allowedOrigins: ReadonlySet<string>;
  /** Request timeout in milliseconds; must stay well under the dispatcher's lease. Default 30 s. */
  timeoutMs?: number;
  /** The notification's icon (an app path). */
  icon?: string;
}

/** TTL (seconds) of a message that does not expire: a day, then the push service may drop it. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
/** Longest TTL we ask for (four weeks, what push services keep at most). */
const MAX_TTL_SECONDS = 28 * 24 * 60 * 60;

/** The JSON a push carries (encrypted), read by the service worker's `push` handler. */
export interface PushPayload {
  title: string;
  body: string;
  /** App path a click opens. */
  url: string;
  tag: string;
  icon: string;
}

/** A Retry-After header (delta-seconds or HTTP-date, RFC 9110 §10.2.3) in milliseconds from `now`, or undefined. */
function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * Web Push (RFC 8030) through the npm `web-push` library (ADR 043): the payload is encrypted with the
 * subscription's keys (RFC 8291, `Content-Encoding: aes128gcm`, RFC 8188) and the request signed with VAPID
 * (RFC 8292, an ES256 JWT whose `aud` is the endpoint's origin and `exp` 12 h ahead). The request itself is
 * made here with `fetch` (no redirects followed), after checking the endpoint again (`endpointProblem`): the
 * server never POSTs anywhere but a push service.
 *
 * Headers (RFC 8030 §5.2–5.4): `TTL` = seconds until the message's `expiresAt` (a reminder is useless once its
 * event starts; a day when it never expires), `Urgency` from the target, `Topic` = a hash of the tag, so a
 * re-sent reminder replaces one the push service still holds.
 * Outcomes: 2xx → sent (the `Location` header is the provider id); 404/410 → permanent with
 * `subscriptionGone` (the dispatcher deletes the subscription); 429 and 5xx → transient, honouring
 * Retry-After; 401/403 (our VAPID keys) → transient, so fixing the configuration lets queued messages go;
 * other 4xx (400, 413) → permanent.
 */
export function createWebPushProvider(options: WebPushProviderOptions): Provider {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const icon = options.icon ?? '/icons/icon-192.png';
  let closed = false;
  return {
    name: 'webpush',
    async send(message: OutgoingMessage, now: Date): Promise<SendResult> {
      if (closed) throw new ProviderError('Push provider closed', false);
      const target = message.push;
      if (!target) throw new ProviderError('The device was removed before the message was sent', true);
      const problem = endpointProblem(target.endpoint, options.allowedOrigins);
      if (problem) throw new ProviderError(`Refused: ${problem}`, true);
      let ttl = DEFAULT_TTL_SECONDS;
      if (message.expiresAt) {
        ttl = Math.floor((message.expiresAt.getTime() - now.getTime()) / 1000);
        if (ttl < 1) throw new ProviderError('Expired before it could be sent', true);
      }
      const payload: PushPayload = {
        title: message.subject ?? 'FamilyHub',
        body: message.body,
        url: target.url,
        tag: target.tag,
        icon,
      };
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: options.vapid,
          TTL: Math.min(ttl, MAX_TTL_SECONDS),
          urgency: target.urgency,
          topic: createHash('sha256').update(target.tag).digest('base64url').slice(0, 32),
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      let response: Response;
      try {
        response = await fetch(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.arrayBuffer();
      } catch (error) {
        throw new ProviderError(
          `Push request failed: ${error instanceof Error ? error.message : String(error)}`,
          false,
        );
      }
      if (response.status >= 200 && response.status < 300) {
        return { providerMessageId: response.headers.get('location') ?? `push-${message.id}` };
      }
      const description = `Push service ${response.status}`;
      if (response.status === 404 || response.status === 410) {
        throw new ProviderError(`${description}: the subscription is gone; device removed`, true, {
          subscriptionGone: true,
        });
      }
      if (response.status === 429 || response.status >= 500) {
        const wait = retryAfterMs(response.headers.get('retry-after'), now);
        throw new ProviderError(description, false, wait === undefined ? {} : { retryAfterMs: wait });
      }
      throw new ProviderError(description, response.status !== 401 && response.status !== 403);
    },
    async close() {
      closed = true;
    },
  };
}
