import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake accepted (or answered with a scripted error). */
export interface FakeTwilioRequest {
  to: string;
  from: string;
  body: string;
  validityPeriod: string | null;
}

/** A scripted answer: an HTTP status, an optional Twilio error code and Retry-After seconds. */
export interface FakeTwilioFailure {
  status: number;
  code?: number;
  retryAfterSeconds?: number;
}

/**
 * A local HTTP fake of Twilio's `POST /2010-04-01/Accounts/{sid}/Messages.json` for tests and the bench.
 * It checks HTTP Basic auth and the form fields as Twilio does (401 code 20003, 400 code 21602/21604), answers
 * 201 with a Message resource, or a scripted failure (429, 500, permanent codes).
 */
export interface FakeTwilio {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Messages accepted (201), in order. */
  sent: FakeTwilioRequest[];
  /** Every request that reached the handler, including failures. */
  requests: FakeTwilioRequest[];
  /** Answers the next requests with these failures, in order. */
  failNext(...failures: FakeTwilioFailure[]): void;
  /** Answers requests to `to` with this failure, always. */
  failFor(to: string, failure: FakeTwilioFailure): void;
  close(): Promise<void>;
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const from = '+15005550006';
  const queue: FakeTwilioFailure[] = [];
  const byNumber = new Map<string, FakeTwilioFailure>();
  const sent: FakeTwilioRequest[] = [];
  const requests: FakeTwilioRequest[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  const reply = (
    res: http.ServerResponse,
    status: number,
    body: object,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, failure: FakeTwilioFailure) =>
    reply(
      res,
      failure.status,
      { code: failure.code ?? null, message: `Scripted failure ${failure.status}`, status: failure.status },
      failure.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(failure.retryAfterSeconds) },
    );

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return reply(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      }
      if (req.headers.authorization !== expectedAuth) {
        return reply(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
      }
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return reply(res, 400, { code: 20001, message: 'Expected a form body', status: 400 });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const message: FakeTwilioRequest = {
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        validityPeriod: form.get('ValidityPeriod'),
      };
      requests.push(message);
      if (!message.to)
        return reply(res, 400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
      if (message.from !== from)
        return reply(res, 400, { code: 21606, message: 'From is not a valid number', status: 400 });
      if (!message.body)
        return reply(res, 400, { code: 21602, message: 'Message body is required.', status: 400 });
      const vp = message.validityPeriod;
      if (vp !== null && !(Number.isInteger(Number(vp)) && Number(vp) >= 1 && Number(vp) <= 36000)) {
        return reply(res, 400, { code: 21100, message: 'ValidityPeriod out of range', status: 400 });
      }
      const scripted = queue.shift() ?? byNumber.get(message.to);
      if (scripted) return error(res, scripted);
      sent.push(message);
      const sid = `SM${randomBytes(16).toString('hex')}`;
      return reply(res, 201, {
        sid,
        account_sid: accountSid,
        to: message.to,
        from,
        body: message.body,
        status: 'queued',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  // A TCP listener's address() is an AddressInfo (a string only for pipes).
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    from,
    sent,
    requests,
    failNext: (...failures) => queue.push(...failures),
    failFor: (to, failure) => byNumber.set(to, failure),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
