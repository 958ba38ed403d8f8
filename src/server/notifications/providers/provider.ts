/** The message a provider delivers: one claimed outbox row. */
export interface OutgoingMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  dedupeKey: string;
  /** UTC instant after which the message must not arrive; SMS providers pass it on as a validity period. */
  expiresAt: Date | null;
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
    } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
