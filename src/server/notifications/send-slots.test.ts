import { afterAll, beforeAll, expect, it } from 'vitest';
import { testServerPerFile } from '../test/harness.ts';
import type { OutgoingMessage } from './providers/provider.ts';
import { createTwilioProvider } from './providers/twilio.ts';
import { sharedSendSlots } from './send-slots.ts';
import { startFakeTwilio, type FakeTwilio } from './testing/fake-twilio.ts';

const server = testServerPerFile();
let twilio: FakeTwilio;

beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterAll(async () => {
  await twilio.close();
});

const message = (i: number): OutgoingMessage => ({
  id: i,
  channel: 'sms',
  recipient: `+1555111003${i}`,
  subject: null,
  body: `Reminder ${i}`,
  html: null,
  dedupeKey: `slots-${i}`,
  expiresAt: null,
});

it('the SMS pace per sending number holds across processes: two senders on one database share it', async () => {
  // Two "processes": each its own provider (its own timer), both keeping the pace in the database.
  const sender = () =>
    createTwilioProvider({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: twilio.from,
      baseUrl: twilio.baseUrl,
      sendsPerSecond: 10,
      slots: sharedSendSlots(server.database.system),
    });
  const [one, two] = [sender(), sender()];
  const started = performance.now();
  await Promise.all([0, 1, 2, 3, 4, 5].map((i) => (i % 2 === 0 ? one : two).send(message(i), new Date())));
  expect(twilio.sent).toHaveLength(6);
  // Six sends at 10/s from one number: the sixth goes at least 500 ms after the first (less one slot's
  // rounding: the first slot may have begun before `started`).
  expect(performance.now() - started).toBeGreaterThanOrEqual(400);
});
