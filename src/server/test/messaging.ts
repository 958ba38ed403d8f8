import twilio from 'twilio';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Config } from '../config.ts';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from '../notifications/dispatcher.ts';
import { startFakeTwilio, type FakeTwilio } from '../notifications/testing/fake-twilio.ts';
import { testProviders } from '../notifications/testing/providers.ts';
import { startSmtpSink, type SmtpSink } from '../notifications/testing/smtp-sink.ts';
import { createPlanner, type Planner, type PlannerOptions } from '../scheduler/planner.ts';
import { type TestServer, testServerPerFile } from './harness.ts';

/** The `PUBLIC_URL` of messaging tests: links in messages, and the URL inbound texts are signed for. */
export const TEST_PUBLIC_URL = 'https://familyhub.example';
/** The `TWILIO_AUTH_TOKEN` messaging tests' servers check inbound texts' signatures with. */
export const TEST_TWILIO_TOKEN = 'test-auth-token-0123456789abcdef';
/** The family number texts are sent to (Twilio's `To`). */
export const FAMILY_NUMBER = '+14155550000';

/**
 * The webhook's path, as operators give it to Twilio (docs/assistant.md): written out rather than imported from the
 * assistant's routes (which only app.ts imports), so that moving it fails the tests that post to it.
 */
const SMS_WEBHOOK_PATH = '/api/sms/inbound';

let sid = 0;

/** A fresh Twilio-like MessageSid ('SM' + 32 digits), unique in the test run's process. */
export function nextMessageSid(): string {
  sid += 1;
  return `SM${String(sid).padStart(32, '0')}`;
}

/** The form fields Twilio posts for a text from `from` (E.164) saying `body`, with a fresh MessageSid. */
export function inboundText(
  from: string,
  body: string,
  messageSid = nextMessageSid(),
): Record<string, string> {
  return {
    From: from,
    To: FAMILY_NUMBER,
    Body: body,
    MessageSid: messageSid,
    AccountSid: 'AC00000000000000000000000000000000',
    NumMedia: '0',
  };
}

/** How `postInboundSms` signs. */
export interface SignOptions {
  /** Sign with this token instead of `TEST_TWILIO_TOKEN`; null sends no `X-Twilio-Signature` at all. */
  token?: string | null;
  /** Sign for this URL instead of `TEST_PUBLIC_URL` + the webhook's path. */
  url?: string;
}

/**
 * Posts Twilio's form (`params`) to the SMS webhook of `target`, signed as Twilio signs (HMAC-SHA1 of the URL and
 * the sorted parameters, `twilio.getExpectedTwilioSignature`). @returns the `app.inject` response, TwiML in its body.
 */
export function postInboundSms(
  target: TestServer,
  params: Record<string, string>,
  options: SignOptions = {},
) {
  const token = options.token === undefined ? TEST_TWILIO_TOKEN : options.token;
  const url = options.url ?? `${TEST_PUBLIC_URL}${SMS_WEBHOOK_PATH}`;
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
  };
  if (token !== null) headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(token, url, params);
  return target.app.inject({
    method: 'POST',
    url: SMS_WEBHOOK_PATH,
    headers,
    payload: new URLSearchParams(params).toString(),
  });
}

/** The `<Message>` text of a TwiML reply with XML's five entities unescaped, or null for an empty `<Response/>`. */
export function twimlText(xml: string): string | null {
  const m = /<Message>([\s\S]*)<\/Message>/.exec(xml);
  if (!m?.[1]) return null;
  return m[1]
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The app with its real messaging peers: what `messagingFixture` gives a test file. */
export interface Messaging {
  /** The app on a fresh database, `PUBLIC_URL` = `TEST_PUBLIC_URL`, `TWILIO_AUTH_TOKEN` = `TEST_TWILIO_TOKEN`. */
  readonly server: TestServer;
  /** An in-process SMTP server; emptied before each test. */
  readonly smtp: SmtpSink;
  /** The fake carrier at HTTP; its `sent` and `requests` are emptied before each test. */
  readonly twilio: FakeTwilio;
  /** The real planner on the system scope and the test clock. */
  planner(options?: Pick<PlannerOptions, 'horizonMinutes' | 'logger'>): Planner;
  /** A real dispatcher with the SMTP and Twilio providers (`random` 0.5); stopped after the test. */
  dispatcher(overrides?: Partial<DispatcherOptions>): Dispatcher;
  /** Plans (one planner tick) and sends (one dispatch round) what is due at the clock's time. */
  planAndSend(): Promise<void>;
  /** A signed text from `from` saying `body` to the webhook; @returns the reply's text (null: none). @throws unless 200. */
  text(from: string, body: string): Promise<string | null>;
}

/**
 * Sets up, for the test file that calls it at its top level, the app (`createTestServer` with `config` over the
 * messaging defaults), an SMTP sink and a fake Twilio, through vitest's hooks: started before all tests, emptied
 * before each, dispatchers stopped after each, all closed after the file. Read the fields inside tests only.
 */
export function messagingFixture(config: Partial<Config> = {}): Messaging {
  const server = testServerPerFile({
    PUBLIC_URL: TEST_PUBLIC_URL,
    TWILIO_AUTH_TOKEN: TEST_TWILIO_TOKEN,
    ...config,
  });
  let smtp: SmtpSink | undefined;
  let carrier: FakeTwilio | undefined;
  const dispatchers: Dispatcher[] = [];
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('messagingFixture: read before beforeAll started it');
    return value;
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    carrier = await startFakeTwilio();
  });
  beforeEach(() => {
    started(smtp).messages.length = 0;
    started(carrier).sent.length = 0;
    started(carrier).requests.length = 0;
  });
  afterEach(async () => {
    await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
  });
  afterAll(async () => {
    await smtp?.stop();
    await carrier?.close();
  });

  const messaging: Messaging = {
    server,
    get smtp() {
      return started(smtp);
    },
    get twilio() {
      return started(carrier);
    },
    planner(options = {}) {
      return createPlanner({
        db: server.database.system,
        clock: server.clock,
        publicUrl: TEST_PUBLIC_URL,
        ...options,
      });
    },
    dispatcher(overrides = {}) {
      const d = createDispatcher({
        db: server.database.system,
        clock: server.clock,
        random: () => 0.5,
        providers: testProviders(started(smtp), started(carrier)),
        ...overrides,
      });
      dispatchers.push(d);
      return d;
    },
    async planAndSend() {
      await messaging.planner().tick();
      await messaging.dispatcher().dispatchOnce();
    },
    async text(from, body) {
      const res = await postInboundSms(server, inboundText(from, body));
      if (res.statusCode !== 200) throw new Error(`SMS webhook answered ${res.statusCode}: ${res.body}`);
      return twimlText(res.body);
    },
  };
  return messaging;
}
