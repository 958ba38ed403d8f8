import { z } from 'zod';
import type { SendSlots } from '../send-slots.ts';
import { ProviderError, type OutgoingMessage, type Provider, type SendResult } from './provider.ts';

export interface TwilioProviderOptions {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service sid (MG…). */
  from: string;
  /** `TWILIO_BASE_URL`: https://api.twilio.com, or a local fake in tests. */
  baseUrl: string;
  /** Messages per second from this sending number; 0 = no limit. A US long code allows 1 (the default). */
  sendsPerSecond?: number;
  /**
   * Where the pace is kept: `sharedSendSlots` (PostgreSQL) holds it across every process; without it the
   * pace is this process's own.
   */
  slots?: SendSlots;
  /** Request timeout in milliseconds; must stay well under the dispatcher's lease. */
  timeoutMs?: number;
}

/**
 * Twilio error codes a retry cannot fix (https://www.twilio.com/docs/api/errors): invalid or unreachable
 * numbers, a landline, a From we may not use, a body too long, and the recipient having replied STOP.
 */
const PERMANENT_CODES = new Set([
  21211, 21214, 21217, 21219, 21401, 21407, 21408, 21421, 21601, 21604, 21606, 21610, 21612, 21614, 21617,
]);
/** "Attempt to send to unsubscribed recipient": the member texted STOP at the carrier. */
const OPTED_OUT_CODE = 21610;
/** Twilio accepts a ValidityPeriod of 1–36000 seconds (Messages resource). */
const MAX_VALIDITY_SECONDS = 36_000;

/** The parts of Twilio's Message resource and error body we read. */
const createdSchema = z.object({ sid: z.string() });
const errorSchema = z.object({ code: z.number().optional(), message: z.string().optional() });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Seconds in a Retry-After header (delta-seconds form), as milliseconds, or undefined. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/**
 * SMS through Twilio's Messages REST API: `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded
 * To/From/Body and `ValidityPeriod` (seconds until `expiresAt`, so the carrier drops a message that could only
 * arrive late), HTTP Basic auth with the account sid and auth token.
 * Outcomes: 2xx → sent (the sid is the provider id); 429 and 5xx → transient (honouring Retry-After);
 * a 4xx with a code in PERMANENT_CODES → permanent; other 4xx (e.g. 401 from a rotated token) → transient,
 * so fixing the configuration lets queued messages go out.
 * Sends are spaced to `sendsPerSecond` with a monotonic timer (provider pacing, not domain time).
 */
export function createTwilioProvider(options: TwilioProviderOptions): Provider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const intervalMs = options.sendsPerSecond && options.sendsPerSecond > 0 ? 1000 / options.sendsPerSecond : 0;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let nextSlot = 0;
  let closed = false;

  async function pace(): Promise<void> {
    if (intervalMs === 0) return;
    if (options.slots) {
      const wait = (await options.slots.reserve(options.from, intervalMs)) - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return;
    }
    const now = performance.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + intervalMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }

  return {
    name: 'twilio',
    async send(message: OutgoingMessage, now: Date): Promise<SendResult> {
      if (closed) throw new ProviderError('SMS provider closed', false);
      const form = new URLSearchParams({ To: message.recipient, From: options.from, Body: message.body });
      if (message.expiresAt) {
        const seconds = Math.floor((message.expiresAt.getTime() - now.getTime()) / 1000);
        if (seconds < 1) throw new ProviderError('Expired before it could be sent', true);
        form.set('ValidityPeriod', String(Math.min(seconds, MAX_VALIDITY_SECONDS)));
      }
      await pace();
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            Authorization: auth,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        throw new ProviderError(
          `Twilio request failed: ${error instanceof Error ? error.message : String(error)}`,
          false,
        );
      }
      const json = parseJson(text);
      if (response.ok) {
        const created = createdSchema.safeParse(json);
        if (!created.success)
          throw new ProviderError(`Twilio answered ${response.status} without a sid`, false);
        return { providerMessageId: created.data.sid };
      }
      const parsed = errorSchema.safeParse(json);
      const errorBody = parsed.success ? parsed.data : {};
      const description = `Twilio ${response.status}${errorBody.code ? ` (${errorBody.code})` : ''}: ${errorBody.message ?? text.slice(0, 200)}`;
      if (response.status === 429 || response.status >= 500) {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        throw new ProviderError(description, false, wait === undefined ? {} : { retryAfterMs: wait });
      }
      const permanent = errorBody.code !== undefined && PERMANENT_CODES.has(errorBody.code);
      throw new ProviderError(description, permanent, { optedOut: errorBody.code === OPTED_OUT_CODE });
    },
    async close() {
      closed = true;
    },
  };
}
