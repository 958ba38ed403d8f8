/**
 * Notification engine bench (issue 3). Prints:
 *  - the time to enqueue 100,000 messages with `enqueueMany` (policy included, 1,000 per transaction), and
 *    the per-message rate of single `enqueue` calls (10,000 of them, 1,000 per transaction);
 *  - the dispatch rate to a local SMTP server (npm smtp-server, in this process);
 *  - the dispatch rate to a local fake of Twilio's Messages API, with the send-rate limit off.
 *
 * Usage: node --import tsx bench/notifications/run.ts [--enqueue 100000] [--single 10000] [--email 2000] [--sms 5000]
 * Database: embedded PGlite (in memory) by default; with DATABASE_URL, a scratch PostgreSQL database that is
 * dropped afterwards. Numbers go in docs/performance.md.
 */
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { type Database, wrapPglite } from '../../src/server/db/client.ts';
import { openScratchPostgres } from '../scratch-database.ts';
import { familyMembers, families } from '../../src/server/db/schema/families.ts';
import { notifications } from '../../src/server/db/schema/notifications.ts';
import { createDispatcher } from '../../src/server/notifications/dispatcher.ts';
import { enqueue, enqueueMany, type OutboundMessage } from '../../src/server/notifications/outbox.ts';
import { createLogProvider } from '../../src/server/notifications/providers/log.ts';
import { createSmtpProvider } from '../../src/server/notifications/providers/smtp.ts';
import { createTwilioProvider } from '../../src/server/notifications/providers/twilio.ts';
import { startFakeTwilio } from '../../src/server/notifications/testing/fake-twilio.ts';
import { startSmtpSink } from '../../src/server/notifications/testing/smtp-sink.ts';

const { values } = parseArgs({
  options: {
    enqueue: { type: 'string', default: '100000' },
    single: { type: 'string', default: '10000' },
    email: { type: 'string', default: '2000' },
    sms: { type: 'string', default: '5000' },
  },
});
const counts = {
  enqueue: Number(values.enqueue),
  single: Number(values.single),
  email: Number(values.email),
  sms: Number(values.sms),
};

async function openScratch(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await wrapPglite(await PGlite.create());
    return { database, drop: () => database.close() };
  }
  const database = await openScratchPostgres(url);
  return { database, drop: () => database.close() };
}

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);

async function main(): Promise<void> {
  const { database, drop } = await openScratch();
  const { db } = database;
  const now = new Date();
  const clock = { now: () => new Date() };
  const [family] = await db
    .insert(families)
    .values({ name: 'Bench', smsEnabled: true })
    .returning({ id: families.id });
  if (!family) throw new Error('no family');
  const [member] = await db
    .insert(familyMembers)
    .values({ familyId: family.id, name: 'Grandma', email: 'gran@example.com', phoneNumber: '+15550000001' })
    .returning({ id: familyMembers.id });
  if (!member) throw new Error('no member');
  let seq = 0;
  const nextMessage = (channel: 'email' | 'sms', sendAfter: Date): OutboundMessage => {
    seq += 1;
    return {
      familyId: family.id,
      familyMemberId: member.id,
      channel,
      subject: channel === 'email' ? `Reminder ${seq}` : null,
      body: `Reminder ${seq}: pick up Mia at 3:30 from school.`,
      html: channel === 'email' ? `<p>Reminder ${seq}: pick up Mia at 3:30 from school.</p>` : null,
      kind: 'bench',
      dedupeKey: `bench:${seq}`,
      now,
      sendAfter,
    };
  };
  /** `n` messages, 1,000 per transaction, with `enqueueMany` (batch) or one `enqueue` call each (single). */
  const enqueueN = async (n: number, channel: 'email' | 'sms', sendAfter: Date, mode: 'batch' | 'single') => {
    for (let done = 0; done < n;) {
      const batch = Array.from({ length: Math.min(1000, n - done) }, () => nextMessage(channel, sendAfter));
      await db.transaction(async (tx) => {
        if (mode === 'batch') await enqueueMany(tx, batch);
        else for (const m of batch) await enqueue(tx, m);
      });
      done += batch.length;
    }
  };
  const far = new Date(now.getTime() + 365 * 24 * 3600_000); // not due: the enqueue bench must not feed the dispatch benches

  console.log(`database: ${database.kind}`);
  let t = performance.now();
  await enqueueN(counts.enqueue, 'email', far, 'batch');
  let ms = performance.now() - t;
  console.log(
    `enqueueMany ${counts.enqueue} messages: ${(ms / 1000).toFixed(1)} s (${rate(counts.enqueue, ms)} msg/s)`,
  );
  t = performance.now();
  await enqueueN(counts.single, 'email', far, 'single');
  ms = performance.now() - t;
  console.log(
    `enqueue one by one, ${counts.single} messages: ${(ms / 1000).toFixed(1)} s (${rate(counts.single, ms)} msg/s)`,
  );

  const drain = async (d: ReturnType<typeof createDispatcher>) => {
    let sent = 0;
    for (;;) {
      const s = await d.dispatchOnce();
      sent += s.sent;
      if (s.claimed === 0) return sent;
    }
  };

  const smtp = await startSmtpSink();
  await enqueueN(counts.email, 'email', now, 'batch');
  const emailDispatcher = createDispatcher({
    db,
    clock,
    providers: {
      email: createSmtpProvider({
        url: smtp.url,
        from: 'FamilyHub <bench@familyhub.local>',
        messageIdDomain: 'bench.local',
        maxConnections: 4,
      }),
      sms: createLogProvider('sms'),
    },
    concurrency: 4,
    batchSize: 100,
  });
  t = performance.now();
  const emailed = await drain(emailDispatcher);
  ms = performance.now() - t;
  console.log(
    `dispatch e-mail to local SMTP: ${emailed} in ${(ms / 1000).toFixed(1)} s = ${rate(emailed, ms)} msg/s (received ${smtp.messages.length})`,
  );
  await emailDispatcher.stop();
  await smtp.stop();

  const twilio = await startFakeTwilio();
  await enqueueN(counts.sms, 'sms', now, 'batch');
  const smsDispatcher = createDispatcher({
    db,
    clock,
    providers: {
      email: createLogProvider('email'),
      sms: createTwilioProvider({
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: twilio.from,
        baseUrl: twilio.baseUrl,
        sendsPerSecond: 0,
      }),
    },
    concurrency: 8,
    batchSize: 100,
  });
  t = performance.now();
  const texted = await drain(smsDispatcher);
  ms = performance.now() - t;
  console.log(
    `dispatch SMS to fake Twilio API (rate limit off): ${texted} in ${(ms / 1000).toFixed(1)} s = ${rate(texted, ms)} msg/s (received ${twilio.sent.length})`,
  );
  await smsDispatcher.stop();
  await twilio.close();

  const notSent = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.status, 'pending'));
  console.log(`left pending (the not-yet-due enqueue-bench rows plus any retries): ${notSent.length}`);
  await drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
