import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/types.ts';
import { passkeys } from '../db/schema/account.ts';
import type { ServerContext } from '../context.ts';

/** The passkey rows of one user, oldest first. */
export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * The WebAuthn relying party FamilyHub is (W3C WebAuthn Level 3 §5.1.4): its ID is `PUBLIC_URL`'s host name,
 * and responses must come from `PUBLIC_URL`'s origin.
 */
export function relyingParty(ctx: ServerContext): { id: string; origin: string; name: string } {
  const url = new URL(ctx.config.PUBLIC_URL);
  return { id: url.hostname, origin: url.origin, name: 'FamilyHub' };
}

/** How long the browser may wait for the authenticator, in milliseconds. */
const CEREMONY_TIMEOUT_MS = 120_000;

const transportsOf = (row: PasskeyRow): string[] => (row.transports ? row.transports.split(',') : []);

/**
 * Options for `navigator.credentials.create()` to add a passkey to `user`: the user's existing passkeys are
 * excluded (no second copy of one authenticator), a resident (discoverable) key is preferred so that it can
 * also sign in without the password. The user handle is the account id (no personal data, WebAuthn §14.6.1).
 */
export async function registrationOptions(
  ctx: ServerContext,
  user: { id: number; email: string; displayName: string },
  existing: readonly PasskeyRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(ctx);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(`familyhub-user-${user.id}`),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/**
 * Checks a registration response against the challenge issued for it (origin, RP ID, signature of the
 * attestation, user presence).
 * @returns the credential to store, or null when it does not verify (a malformed response included).
 */
export async function verifyRegistration(
  ctx: ServerContext,
  response: unknown,
  expectedChallenge: string,
): Promise<{ credentialId: string; publicKey: string; counter: number; transports: string } | null> {
  const rp = relyingParty(ctx);
  try {
    const result = await verifyRegistrationResponse({
      // The schema checked its outer shape; the library checks the rest and throws on anything off.
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(',').slice(0, 200),
    };
  } catch {
    return null;
  }
}

/**
 * Options for `navigator.credentials.get()`. With `allow` (the second step after a password) only those
 * passkeys are offered; without (a passkey sign-in) the browser offers the discoverable ones it holds for
 * this site, and the user must be verified (PIN, fingerprint): the passkey alone is then both factors.
 */
export async function authenticationOptions(
  ctx: ServerContext,
  allow: readonly PasskeyRow[] | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: allow ? 'preferred' : 'required',
    ...(allow
      ? { allowCredentials: allow.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })) }
      : {}),
  });
}

/**
 * Checks an assertion from `passkey` against the issued challenge (origin, RP ID, signature with the stored
 * public key, user presence; user verification when `requireUserVerification`). The signature counter must
 * move forward unless both are 0 (WebAuthn §6.1.1; the library refuses a counter that does not).
 * On success the new counter and the use time are stored.
 * @returns whether it verified (a malformed response is false, never a throw).
 */
export async function verifyAssertion(
  ctx: ServerContext,
  db: DbOrTx,
  passkey: PasskeyRow,
  response: unknown,
  expectedChallenge: string,
  requireUserVerification: boolean,
): Promise<boolean> {
  const rp = relyingParty(ctx);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification,
    });
    if (!result.verified) return false;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: ctx.clock.now() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.familyId, passkey.familyId)));
  return true;
}

/** A user's passkeys, oldest first. */
export async function passkeysOf(db: DbOrTx, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.id);
}

/** The passkey with this credential id (base64url), in whichever family; or null. */
export async function passkeyByCredentialId(db: DbOrTx, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}
