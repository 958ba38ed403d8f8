import nodemailer from 'nodemailer';
import { ProviderError, type OutgoingMessage, type Provider, type SendResult } from './provider.ts';

export interface SmtpProviderOptions {
  /** `SMTP_URL`, e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465. */
  url: string;
  /** `MAIL_FROM`, e.g. `FamilyHub <no-reply@example.com>`. */
  from: string;
  /** Domain for the Message-ID header (the host of PUBLIC_URL). */
  messageIdDomain: string;
  /** Connections kept open to the server. */
  maxConnections?: number;
  /** Connect/greeting/socket timeout in milliseconds; must stay well under the dispatcher's lease. */
  timeoutMs?: number;
}

/** Shape of the errors nodemailer raises (`code` like ECONNECTION, `responseCode` the SMTP reply code). */
interface MailerError {
  code?: string;
  responseCode?: number;
  message?: string;
}

function isMailerError(error: unknown): error is MailerError {
  return typeof error === 'object' && error !== null;
}

/**
 * E-mail through nodemailer over SMTP (pooled connections).
 * Failure classes (RFC 5321 §4.2.1): a 5xx reply is permanent (mailbox unknown, rejected), except 503 (bad
 * sequence, our side); 4xx replies, connection errors and timeouts are transient and retried.
 * The Message-ID is derived from the outbox id, so a resend after a crash carries the same id and mail
 * systems can recognise the duplicate.
 */
export function createSmtpProvider(options: SmtpProviderOptions): Provider {
  const timeout = options.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: options.maxConnections ?? 4,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    name: 'smtp',
    async send(message: OutgoingMessage): Promise<SendResult> {
      const messageId = `<notification-${message.id}@${options.messageIdDomain}>`;
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          ...(message.html ? { html: message.html } : {}),
          messageId,
          // RFC 3834: automatic messages; stops auto-replies (vacation notices) from answering them.
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        return { providerMessageId: typeof info.messageId === 'string' ? info.messageId : messageId };
      } catch (error) {
        const e = isMailerError(error) ? error : {};
        const code = e.responseCode;
        const permanent = code !== undefined && code >= 500 && code < 600 && code !== 503;
        const text = `SMTP ${code ?? e.code ?? 'error'}: ${e.message ?? String(error)}`;
        throw new ProviderError(text.slice(0, 500), permanent);
      }
    },
    async close() {
      transport.close();
    },
  };
}
