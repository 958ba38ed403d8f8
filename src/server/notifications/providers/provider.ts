/** The message a provider delivers: one claimed outbox row. */
export interface OutgoingMessage {
  id: number;
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  dedupeKey: string;
  /** UTC instant after which the message must not arrive; SMS providers pass it on as a validity period. */
  expiresAt: Date | null;
  /** For `push`: the device's subscription and what a click opens (issue 41). */
  push?: PushTarget;
}

/** Where a push goes and what its notification does (issue 41). */
export interface PushTarget {
  /** The subscription's endpoint and keys (base64url, RFC 8291 §3). */
  endpoint: string;
  p256dh: string;
  auth: string;
  /** App path a click opens, e.g. `/add-event/42`. */
  url: string;
  /** Notification tag: a re-sent reminder replaces the shown one instead of stacking. */
  tag: string;
  /** RFC 8030 §5.3: `high` for reminders due within the hour. */
  urgency: 'normal' | 'high';
}

/** A successful hand-off to the provider. */
export interface SendResult {
  /** The provider's id for the message (SMTP Message-ID, Twilio SM…/MM… sid, or `log-{id}`). */
  providerMessageId: string;
  /** A note recorded in `status_reason`, e.g. that the log provider sent nothing. */
  note?: string;
}

/** One delivery channel implementation (SMTP, Twilio, log). */
export interface Provider {
  readonly name: string;
  /**
   * Delivers `message`. `now` is the dispatcher's clock (used for validity periods).
   * @throws ProviderError for every failure, saying whether a retry can help.
   */
  send(message: OutgoingMessage, now: Date): Promise<SendResult>;
  /** Releases connections; further sends fail. */
  close(): Promise<void>;
}

/** A failed send. `permanent` failures (bad address, unsubscribed) are not retried. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly options: {
      /** The provider asked us to wait this long (HTTP 429 Retry-After), in milliseconds. */
      retryAfterMs?: number;
      /** The recipient has opted out at the carrier (Twilio 21610): the member's STOP flag should be set. */
      optedOut?: boolean;
      /** The push service says the subscription is gone (HTTP 404/410, RFC 8030 §7.3): delete it. */
      subscriptionGone?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
