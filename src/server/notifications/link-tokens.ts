import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/types.ts';
import { familyMembers, userAccounts } from '../db/schema/families.ts';

/**
 * Secret links without secrets at rest (issue 20 item 8, ADR 014). An invitation, password-reset or
 * e-mail-confirmation link carries a token that only the server can compute:
 * `base64url(HMAC-SHA256(link secret, ref))`, where `ref` is `{kind}:{row id}:{nonce}` (128 random bits).
 * The database keeps the token's SHA-256 on the member or account row (for the lookup when the link is
 * opened) and the `ref` on the outbox row (for the dispatcher to render the link when it sends); neither
 * gives the token without the link secret, which lives in the configuration, not in the database.
 */

/** What a link opens; the prefix of its `ref`. */
export type LinkKind = 'invitation' | 'password_reset' | 'email_confirmation';

/**
 * Stands for the token in a stored message body and HTML (`/register-invitation/FAMILYHUB_LINK_TOKEN`); the
 * dispatcher puts the token in its place at send time. Only URL-safe characters, so the templates' encoding
 * leaves it as it is.
 */
export const LINK_TOKEN_PLACEHOLDER = 'FAMILYHUB_LINK_TOKEN';

/** Bytes of the generated link secret (256 bits), and the fewest characters a configured one may have. */
const SECRET_BYTES = 32;
export const LINK_SECRET_MIN_LENGTH = 32;

const REF = /^(invitation|password_reset|email_confirmation):([0-9]{1,12}):([A-Za-z0-9_-]{22})$/;

const secrets = new Map<string, Buffer>();

/**
 * The key every link token is derived with: `LINK_SECRET` from the configuration when set (required when app
 * processes run on several hosts, which must share it), else the contents of `{DATA_DIR}/link-secret`,
 * created with 256 random bits (file mode 0600) the first time. Read once per process.
 * Rotating it: links already sent keep working (they are looked up by hash); messages still waiting in the
 * outbox when it changes are not sent (their links would not match) and say so (ADR 014).
 * @throws Error when the file cannot be read or created.
 */
export function linkSecret(config: Pick<Config, 'LINK_SECRET' | 'DATA_DIR'>): Buffer {
  if (config.LINK_SECRET !== undefined) return Buffer.from(config.LINK_SECRET, 'utf8');
  const file = path.resolve(config.DATA_DIR, 'link-secret');
  const known = secrets.get(file);
  if (known) return known;
  let secret: Buffer;
  try {
    secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const fresh = randomBytes(SECRET_BYTES).toString('hex');
    // 'wx': of two processes starting at once, one writes; the other reads what it wrote.
    try {
      writeFileSync(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      /* written meanwhile by another process */
    }
    secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }
  if (secret.length < SECRET_BYTES) throw new Error(`${file} does not hold a 256-bit hex secret`);
  secrets.set(file, secret);
  return secret;
}

/** A fresh `ref` for a link of `kind` opening row `rowId` (a member id for invitations, else an account id). */
export function newLinkRef(kind: LinkKind, rowId: number): string {
  return `${kind}:${rowId}:${randomBytes(16).toString('base64url')}`;
}

/** The raw token of `ref` (43 base64url characters). Deterministic: the same secret and ref give the same token. */
export function linkToken(secret: Buffer, ref: string): string {
  return createHmac('sha256', secret).update(ref).digest('base64url');
}

/** SHA-256 hex of a raw token: what the member or account row stores for it. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The SHA-256 the row named by `kind` and `rowId` stores for its live link, or null when it has none. */
async function storedHash(db: DbOrTx, kind: LinkKind, rowId: number): Promise<string | null> {
  if (kind === 'invitation') {
    const [member] = await db
      .select({ hash: familyMembers.invitationToken })
      .from(familyMembers)
      .where(and(eq(familyMembers.id, rowId), eq(familyMembers.invitationStatus, 'pending')));
    return member?.hash ?? null;
  }
  const [account] = await db
    .select({ reset: userAccounts.passwordResetToken, confirm: userAccounts.emailVerificationToken })
    .from(userAccounts)
    .where(eq(userAccounts.id, rowId));
  if (!account) return null;
  return kind === 'password_reset' ? account.reset : account.confirm;
}

/**
 * The token of an outbox row's `ref`, when its link still opens what it was made for: the token's SHA-256
 * must be the one its member or account row holds now. Null when the link was replaced (resent, asked again),
 * used, cancelled or deleted, when `ref` is malformed, or when the secret is not the one that made it.
 * @param db a handle that can read every family's rows (the dispatcher's system handle)
 */
export async function liveLinkToken(db: DbOrTx, secret: Buffer, ref: string): Promise<string | null> {
  const match = REF.exec(ref);
  if (!match) return null;
  const token = linkToken(secret, ref);
  const stored = await storedHash(db, match[1] as LinkKind, Number(match[2]));
  return stored !== null && stored === tokenHash(token) ? token : null;
}
