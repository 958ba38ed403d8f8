import type { OutgoingMessage, Provider, SendResult } from './provider.ts';

/** Where the log provider writes: a pino-style logger (Fastify's `app.log`) or nothing. */
export interface LogSink {
  info(fields: object, message: string): void;
}

/**
 * The provider used when a channel is not configured (ARCHITECTURE.md: the embedded default works offline):
 * the message is recorded as delivered to the log and nothing leaves the machine.
 */
export function createLogProvider(channel: 'email' | 'sms' | 'push', sink?: LogSink): Provider {
  return {
    name: 'log',
    async send(message: OutgoingMessage): Promise<SendResult> {
      sink?.info(
        { notificationId: message.id, channel, recipient: message.recipient, subject: message.subject },
        `${channel} delivered to the log (no provider configured)`,
      );
      return {
        providerMessageId: `log-${message.id}`,
        note: 'Delivered to the server log; no provider is configured.',
      };
    },
    async close() {},
  };
}
