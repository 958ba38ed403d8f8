import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service for tests and benches (issue 41): a real HTTP server that does what a vendor's does
 * with `POST /push/{token}`, independently of the library that sends:
 * - checks the VAPID `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292 §3): an ES256 JWT signed by
 *   `k`, `k` the application server key the test expects, `aud` = this service's origin, `exp` in the future
 *   and within 24 h, `sub` a `mailto:` or `https:` URL; 401/403 otherwise;
 * - requires `TTL` (RFC 8030 §5.2) and `Content-Encoding: aes128gcm`, and decrypts the body with the
 *   subscriber's private key and auth secret (RFC 8291 §3.3–3.4 key derivation, RFC 8188 record) using only
 *   node:crypto (ECDH P-256, HKDF-SHA-256, AES-128-GCM); 400 when it does not decrypt;
 * - answers 201 with a `Location`, or what the test scripted (429 with Retry-After, 410, 500 …).
 */
export interface LocalPushService {
  /** `http://127.0.0.1:{port}`: the origin to list in `WEB_PUSH_ALLOWED_ORIGINS`. */
  origin: string;
  /** A new browser-side subscription: fresh P-256 keys and auth secret, as `PushSubscription.toJSON()`. */
  newSubscription(): BrowserSubscription;
  /** Pushes that decrypted and were accepted (201), in arrival order. */
  received: ReceivedPush[];
  /** Every request that reached the service, accepted or not. */
  requests: { token: string; status: number }[];
  /** Answers the next requests for `endpoint` with these statuses (and optional Retry-After seconds). */
  failNext(endpoint: string, ...failures: { status: number; retryAfter?: string }[]): void;
  close(): Promise<void>;
}

/** A `PushSubscription.toJSON()` as a browser sends it to `POST /api/push/subscriptions`. */
export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
  device_label?: string;
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  ttl: number;
  urgency: string | null;
  topic: string | null;
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291 §3). */
export interface SubscriberKeys {
  ecdh: ReturnType<typeof createECDH>;
  /** The uncompressed public point (65 bytes): `p256dh`. */
  publicKey: Buffer;
  /** 16 random bytes: `auth`. */
  auth: Buffer;
}

const b64u = (buffer: Buffer) => buffer.toString('base64url');

/** Fresh browser keys, as `pushManager.subscribe` makes them. */
function newSubscriberKeys(): SubscriberKeys {
  const ecdh = createECDH('prime256v1');
  return { ecdh, publicKey: ecdh.generateKeys(), auth: randomBytes(16) };
}

/**
 * The subscription a browser sends for `endpoint`, with `keys` (fresh ones when absent: the keys are real, so
 * only a push service that holds them can read what is sent) and, when given, a `device_label`.
 */
export function browserSubscription(
  endpoint: string,
  options: { keys?: SubscriberKeys; deviceLabel?: string } = {},
): BrowserSubscription {
  const keys = options.keys ?? newSubscriberKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: b64u(keys.publicKey), auth: b64u(keys.auth) },
    ...(options.deviceLabel === undefined ? {} : { device_label: options.deviceLabel }),
  };
}

/** A P-256 public key object from its uncompressed point (0x04 ‖ x ‖ y). */
function p256Key(point: Buffer) {
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
}

/** Why a VAPID header does not hold, or null (RFC 8292 §2–3). */
function vapidProblem(header: string | undefined, origin: string, serverKey: string): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid authorization';
  const [, token = '', key = ''] = match;
  if (key !== serverKey) return 'unexpected application server key';
  const [h = '', p = '', s = ''] = token.split('.');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256') return 'alg is not ES256';
  const signed = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: p256Key(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!signed) return 'bad JWT signature';
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600)
    return 'exp not within 24 h';
  if (!/^(mailto:|https:\/\/)/.test(claims.sub ?? '')) return 'sub is not mailto: or https:';
  return null;
}

/** RFC 8291 §3.4 + RFC 8188 §2: the plaintext of an aes128gcm body for `subscriber`. */
function decryptAes128gcm(body: Buffer, subscriber: SubscriberKeys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = subscriber.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.publicKey, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, subscriber.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('last record delimiter missing');
  return padded.subarray(0, end);
}

/**
 * Starts the local push service on 127.0.0.1 (a free port).
 * @param serverKey the VAPID public key (base64url) push requests must be signed with.
 */
export async function startLocalPushService(serverKey: string): Promise<LocalPushService> {
  const subscribers = new Map<string, SubscriberKeys>();
  const scripted = new Map<string, { status: number; retryAfter?: string }[]>();
  const received: ReceivedPush[] = [];
  const requests: { token: string; status: number }[] = [];
  let origin = '';
  let messages = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const token = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const answer = (status: number, headers: Record<string, string> = {}) => {
        requests.push({ token, status });
        response.writeHead(status, headers).end();
      };
      const subscriber = subscribers.get(token);
      if (request.method !== 'POST' || !subscriber) return answer(404);
      const endpoint = `${origin}/push/${token}`;
      const problem = vapidProblem(request.headers.authorization, origin, serverKey);
      if (problem) return answer(problem.startsWith('bad') ? 403 : 401);
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return answer(400);
      if (request.headers['content-encoding'] !== 'aes128gcm') return answer(415);
      const next = scripted.get(endpoint)?.shift();
      if (next) return answer(next.status, next.retryAfter ? { 'Retry-After': next.retryAfter } : {});
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), subscriber).toString('utf8')) as Record<
          string,
          unknown
        >;
      } catch {
        return answer(400);
      }
      received.push({
        endpoint,
        payload,
        ttl,
        urgency: (request.headers.urgency as string | undefined) ?? null,
        topic: (request.headers.topic as string | undefined) ?? null,
      });
      messages += 1;
      answer(201, { Location: `${origin}/message/${messages}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    requests,
    newSubscription() {
      const keys = newSubscriberKeys();
      const token = randomBytes(12).toString('base64url');
      subscribers.set(token, keys);
      return browserSubscription(`${origin}/push/${token}`, { keys });
    },
    failNext(endpoint, ...failures) {
      scripted.set(endpoint, [...(scripted.get(endpoint) ?? []), ...failures]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
