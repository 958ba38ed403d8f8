import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server (npm smtp-server) in this process that parses what it receives (npm mailparser). */
export interface SmtpSink {
  /** Every message accepted so far, parsed. */
  messages: ParsedMail[];
  /** smtp://127.0.0.1:{port} */
  url: string;
  port: number;
  /** Recipients answered `550 5.1.1 mailbox unavailable` at RCPT TO. */
  rejectRecipients: Set<string>;
  /** Stops listening and drops open connections (the server "goes down"); `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Starts an SMTP sink on a free port (or `port`). For tests and the bench only. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const rejectRecipients = new Set<string>();
  let server: SMTPServer | null = null;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 50,
      onRcptTo(address, _session, callback) {
        if (rejectRecipients.has(address.address.toLowerCase())) {
          const error: Error & { responseCode?: number } = new Error('5.1.1 Mailbox unavailable');
          error.responseCode = 550;
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            messages.push(parsed);
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      },
    });

  const sink: SmtpSink = {
    messages,
    url: '',
    port,
    rejectRecipients,
    async start() {
      const s = make();
      server = s;
      await new Promise<void>((resolve, reject) => {
        s.server.once('error', reject);
        s.listen(sink.port, '127.0.0.1', () => resolve());
      });
      // net.Server.address() is an AddressInfo for a TCP listener (a string only for pipes).
      sink.port = (s.server.address() as AddressInfo).port;
      sink.url = `smtp://127.0.0.1:${sink.port}`;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  await sink.start();
  return sink;
}
