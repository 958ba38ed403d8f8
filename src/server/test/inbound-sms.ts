import twilio from 'twilio';
import type { TestServer } from './harness.ts';

/**
 * The fake Twilio number a test server is made with: its auth token, the public address Twilio signs, and the
 * webhook's path (`SMS_WEBHOOK_PATH`, passed in: test helpers do not import a feature's routes).
 */
export interface TwilioAccount {
  token: string;
  publicUrl: string;
  webhookPath: string;
}

let sid = 0;

/**
 * Posts one inbound text to the webhook (`POST /api/sms/inbound`) as Twilio does (form fields, `X-Twilio-Signature` over
 * `account.publicUrl` with `account.token`, a new MessageSid each time).
 * @returns the HTTP status and the text of the TwiML reply (XML entities decoded), or null for no reply.
 */
export async function textIn(
  server: TestServer,
  account: TwilioAccount,
  from: string,
  body: string,
): Promise<{ status: number; reply: string | null }> {
  const params = {
    From: from,
    To: '+14155550000',
    Body: body,
    MessageSid: `SMtest${String(++sid).padStart(28, '0')}`,
    AccountSid: 'AC00000000000000000000000000000000',
  };
  const url = `${account.publicUrl}${account.webhookPath}`;
  const res = await server.app.inject({
    method: 'POST',
    url: account.webhookPath,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(account.token, url, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
  const m = /<Message>([\s\S]*)<\/Message>/.exec(res.body);
  const entities: Record<string, string> = { apos: "'", quot: '"', lt: '<', gt: '>', amp: '&' };
  const reply =
    m?.[1]?.replace(/&(apos|quot|lt|gt|amp);/g, (_all, name: string) => entities[name] ?? '') ?? null;
  return { status: res.statusCode, reply };
}
