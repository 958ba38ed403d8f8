/**
 * The per-minute sign-in limits (issue 20), counted in the shared fixed-window counters (`rate_limit_counters`,
 * ADR 010). `POST /api/auth/register` and `POST /api/auth/login` count every attempt against them
 * (`http/rate-limit.ts`); the CalDAV server's HTTP Basic sign-in with an app password counts its failures
 * against the same buckets (`auth/app-passwords.ts`, ADR 044), so guesses cannot go twice as fast by using
 * both doors.
 */

/** The window every sign-in limit counts in: one minute, in milliseconds. */
export const SIGN_IN_LIMIT_WINDOW_MS = 60_000;

/** The 429 message of the sign-in limits. */
export const SIGN_IN_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/**
 * How many times the per-(account, address) sign-in allowance one account takes from all addresses together per
 * minute (issue 20): high enough that one stranger's guesses never reach it, low enough to stop a spread-out guess.
 */
const ACCOUNT_ADDRESSES_CEILING = 10;

/** Who tries to sign in: the e-mail named (trimmed, lower-cased; '' when none) and the client's address. */
export interface SignInAttempt {
  email: string;
  ip: string;
}

/** One sign-in limit: its bucket name, the attempts allowed per `SIGN_IN_LIMIT_WINDOW_MS`, and its key. */
export interface SignInLimit {
  name: string;
  max: number;
  key: (attempt: SignInAttempt) => string;
}

/**
 * The sign-in limits for `perMinute` attempts (`AUTH_RATE_LIMIT_PER_MINUTE`): per IP; per (account, address), so
 * a stranger's guesses use up their own allowance for the account, not the owner's, and nobody can lock the owner
 * out from another address; and a ceiling per account, `ACCOUNT_ADDRESSES_CEILING` times higher, so that many
 * addresses still cannot guess one family's password together at speed.
 */
export function signInLimits(perMinute: number): SignInLimit[] {
  return [
    { name: 'auth:ip', max: perMinute, key: (attempt) => attempt.ip },
    { name: 'auth:account-address', max: perMinute, key: (attempt) => `${attempt.email}|${attempt.ip}` },
    { name: 'auth:account', max: perMinute * ACCOUNT_ADDRESSES_CEILING, key: (attempt) => attempt.email },
  ];
}
