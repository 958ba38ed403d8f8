import twilio from 'twilio';
import type { Config } from '../config.ts';

/** Form fields of a request, as Twilio signs them: each name with its value (or values, when repeated). */
export type WebhookParams = Record<string, string | string[]>;

/** Parses an `application/x-www-form-urlencoded` body, keeping repeated names as arrays. */
export function parseFormBody(body: string): WebhookParams {
  const params: WebhookParams = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const existing = params[name];
    if (existing === undefined) params[name] = value;
    else params[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return params;
}

/**
 * The URL Twilio signed: the public base URL (`PUBLIC_URL`, as configured on the number's webhook) plus the
 * request's path and query string.
 */
export function signedUrl(config: Config, pathAndQuery: string): string {
  return `${config.PUBLIC_URL.replace(/\/+$/, '')}${pathAndQuery}`;
}

/**
 * Twilio's request validation (HMAC-SHA1 with the account's auth token over the URL and the sorted POST
 * parameters, compared in constant time; "Webhooks security" in Twilio's docs), via the `twilio` package.
 * Fails closed: no configured `TWILIO_AUTH_TOKEN`, no signature header, or a wrong one → false.
 */
export function isValidTwilioRequest(
  config: Config,
  signature: string | string[] | undefined,
  url: string,
  params: WebhookParams,
): boolean {
  const token = config.TWILIO_AUTH_TOKEN;
  if (!token || typeof signature !== 'string' || signature === '') return false;
  return twilio.validateRequest(token, signature, url, params);
}

/** A TwiML `<Response>` that replies with `text`, or an empty one (no reply) when `text` is null. */
export function twimlReply(text: string | null): string {
  const response = new twilio.twiml.MessagingResponse();
  if (text !== null) response.message(text);
  return response.toString();
}
