import path from 'node:path';
import { z } from 'zod';
import { FAMILY_WRITES_PER_MINUTE } from '../core/contracts/quotas.ts';
import { type CountryCode, isPhoneRegion } from '../core/members/phone.ts';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * Every setting the server reads, parsed once from the environment at start-up (README lists them).
 * A bad value stops start-up with a message naming the variable.
 */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  /** The app's own login (familyhub_app); migrations use DATABASE_URL. Default: DATABASE_URL as familyhub_app. */
  DATABASE_APP_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  DATA_DIR: z.string().default('./data'),
  /** Unset: `http://localhost:{PORT}` (see `loadConfig`). */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  MAIL_FROM: z.string().default('FamilyHub <no-reply@familyhub.local>'),
  TWILIO_ACCOUNT_SID: z.preprocess(emptyAsUndefined, z.string().optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  TWILIO_FROM: z.preprocess(emptyAsUndefined, z.string().optional()),
  TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
  SMS_SENDS_PER_SECOND: z.coerce.number().min(0).default(1), // Twilio pacing per sending number, across all processes; 0 = no limit (US long code: 1/s)
  DEFAULT_PHONE_REGION: z
    .custom<CountryCode>(isPhoneRegion, 'must be an ISO 3166 region such as US')
    .default('US'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(14 * 24 * 60),
  SESSION_ABSOLUTE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 60),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  PASSWORD_RESET_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(5),
  WAITLIST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(5),
  FAMILY_WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(FAMILY_WRITES_PER_MINUTE),
  WEB_DIST_DIR: z.string().default(path.resolve('dist/web')),
  /** `development` (what `npm run dev` sets) serves the OpenAPI document at /api/docs; anything else, or unset, does not. */
  NODE_ENV: z.string().default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** The parsed settings; `PUBLIC_URL` is always set (its default follows `PORT`). */
export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

/** Parses `env` into a Config. @throws Error listing each invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { PUBLIC_URL, ...rest } = parsed.data;
  return { ...rest, PUBLIC_URL: PUBLIC_URL ?? `http://localhost:${rest.PORT}` };
}

/** Defaults for tests and tools: the schema's defaults with `overrides` applied. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), LOG_LEVEL: 'silent', ...overrides };
}
