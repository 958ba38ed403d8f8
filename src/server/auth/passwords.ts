import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP Password Storage Cheat Sheet parameters (m = 19 MiB, t = 2, p = 1).
 * @node-rs/argon2 uses argon2id by default; the encoded hash carries its parameters.
 */
const OWASP_ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OWASP_ARGON2ID);
}

/** Checks a password against a stored PHC string; false (never a throw) on a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns the same time as a real check, so an unknown e-mail answers as slowly as a wrong password
 * (OWASP Authentication: no account enumeration through timing).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
