import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config.ts';

/** The application server's VAPID identity (RFC 8292): keys base64url, subject a `mailto:` or `https:` URL. */
export interface VapidKeys {
  /** Uncompressed P-256 public point, 65 bytes, base64url (87 characters): `applicationServerKey`. */
  publicKey: string;
  /** The private scalar, 32 bytes, base64url (43 characters). */
  privateKey: string;
  /** RFC 8292 §2.1 `sub`: how a push service operator reaches us. */
  subject: string;
}

const fileSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

const known = new Map<string, { publicKey: string; privateKey: string }>();

/** `mailto:` and the address inside `MAIL_FROM` (`FamilyHub <no-reply@x>` → `mailto:no-reply@x`). */
function subjectFrom(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/**
 * The VAPID keys every process signs push requests with, found like `LINK_SECRET` (`link-tokens.ts`):
 * `VAPID_PUBLIC_KEY` + `VAPID_PRIVATE_KEY` when both are set (processes on several hosts must share them);
 * else `{DATA_DIR}/vapid-keys.json`, created once (file mode 0600, `wx` so that of two processes starting at
 * once one writes and the other reads it). Read once per process. Changing the keys orphans every browser
 * subscription (they are bound to the public key): browsers must subscribe again.
 * @throws Error when the file cannot be read or created, or holds something else.
 */
export function vapidKeys(
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'DATA_DIR' | 'MAIL_FROM'>,
): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? subjectFrom(config.MAIL_FROM);
  if (config.VAPID_PUBLIC_KEY !== undefined && config.VAPID_PRIVATE_KEY !== undefined) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.resolve(config.DATA_DIR, 'vapid-keys.json');
  let pair = known.get(file);
  if (!pair) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      mkdirSync(path.dirname(file), { recursive: true });
      const fresh = webpush.generateVAPIDKeys();
      try {
        writeFileSync(file, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: 'wx' });
      } catch {
        /* written meanwhile by another process */
      }
      text = readFileSync(file, 'utf8');
    }
    const parsed = fileSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`${file} does not hold a VAPID key pair`);
    pair = parsed.data;
    known.set(file, pair);
  }
  return { ...pair, subject };
}
