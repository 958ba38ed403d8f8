import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../src/server/notifications/testing/smtp-sink.ts';

/**
 * How long a second server process may take to start: it migrates its own PGlite, about 10 s on an idle machine
 * and over a minute beside the other pass's journeys in CI (ADR 061).
 */
export const SERVER_START_TIMEOUT_MS = 150_000;

/**
 * A second FamilyHub process of our own, with SMTP_URL pointing at a real SMTP server inside this test
 * process (the shared Playwright server has no SMTP configured and stores mail only in its outbox).
 */
export interface MailServer {
  url: string;
  sink: SmtpSink;
  stop(): Promise<void>;
}

/**
 * For the `test.describe` block that calls it: `startServerWithSmtp()` before its tests (a second server process
 * starts and migrates its own PGlite: see `SERVER_START_TIMEOUT_MS`), stopped after them. Its fields are read
 * inside tests only.
 * @throws Error when a field is read before the server started.
 */
export function mailServerForDescribe(): MailServer {
  let started: MailServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT_MS + 30_000);
    started = await startServerWithSmtp();
  });
  test.afterAll(async () => {
    await started?.stop();
  });
  const get = (): MailServer => {
    if (!started) throw new Error('mailServerForDescribe: read before beforeAll started the server');
    return started;
  };
  return {
    get url() {
      return get().url;
    },
    get sink() {
      return get().sink;
    },
    stop: () => get().stop(),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts that process (its own PGlite, `SMTP_URL` at a fresh sink) and waits until it answers. `env` adds
 * settings (e.g. Twilio's, pointed at a local fake).
 */
export async function startServerWithSmtp(env: Record<string, string> = {}): Promise<MailServer> {
  const sink = await startSmtpSink();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const e2eDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-e2e-'));
  const webDist = process.env.E2E_WEB_DIST ?? path.join(e2eDir, 'web');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-e2e-smtp-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      // Its own embedded database: sharing the main test server's PostgreSQL would let that server's dispatcher
      // (which has no SMTP configured) deliver the invitation to its log before this one could send it.
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      SMTP_URL: sink.url,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the SMTP test server exited with ${child.exitCode}`);
    const status = await fetch(`${url}/api/auth/session`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 401) break;
    if (Date.now() > deadline) throw new Error('the SMTP test server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    sink,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await sink.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The `{path}` link (e.g. `reset-password`) in the newest e-mail to `to` whose subject is `subject`, waiting
 * for the dispatcher to deliver it.
 */
export async function mailedLink(
  sink: SmtpSink,
  to: string,
  subject: string,
  linkPath: string,
): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = [...sink.messages]
          .reverse()
          .find((m) => m.subject === subject && JSON.stringify(m.to ?? '').includes(to));
        link = new RegExp(`https?://\\S+/${linkPath}/[A-Za-z0-9_-]+`).exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}
