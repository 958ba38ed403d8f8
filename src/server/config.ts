import path from 'node:path';
import { z } from 'zod';
import {
  FAMILY_WRITES_PER_MINUTE,
  FREE_PLAN_MAX_EVENTS_PER_MONTH,
  FREE_PLAN_MAX_MEMBERS,
  LIVE_STREAMS_PER_PROCESS,
  PLAN_MAX_EVENTS_PER_MONTH_CEILING,
  PLAN_MAX_MEMBERS_CEILING,
} from '../core/contracts/quotas.ts';
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
  /**
   * Issue 20 item 8 (ADR 014): the key invitation, password-reset and e-mail-confirmation links are derived
   * with (at least 32 characters; every process must share it). Unset: `{DATA_DIR}/link-secret`, generated once.
   */
  LINK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  /**
   * Issue 41 (Web Push, RFC 8292): the VAPID key pair (base64url: the uncompressed P-256 public key, the
   * 32-byte private scalar) and the contact (`mailto:` or `https:` URL) sent to push services. Every process
   * must share them. Unset: `{DATA_DIR}/vapid-keys.json`, generated once; subject `mailto:` MAIL_FROM's address.
   */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/)
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/)
      .optional(),
  ),
  /**
   * Issue 41: comma-separated origins (any scheme, e.g. `http://127.0.0.1:4999`) that push endpoints may use
   * besides the known push services (FCM, Mozilla autopush, Apple, WNS): tests and private push services.
   */
  WEB_PUSH_ALLOWED_ORIGINS: z.string().default(''),
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
  /**
   * How often each process's reminder planner runs, in seconds (ADR 030's dispatcher is woken by commits and does
   * not need it). A minute in production; the multi-process fault test runs a few seconds so that its rounds of
   * planning do not take minutes of real time.
   */
  PLANNER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Open `GET /api/changes` streams one process holds at once (issue 42); past it 429. */
  LIVE_STREAMS_PER_PROCESS: z.coerce.number().int().positive().default(LIVE_STREAMS_PER_PROCESS),
  /**
   * Issue 46: the plan limits a new family gets (`families.max_members`, `families.max_events_per_month`);
   * SPEC §1's free plan by default. Existing families keep theirs (`npm run family:limits` changes one).
   */
  FAMILY_MAX_MEMBERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(PLAN_MAX_MEMBERS_CEILING)
    .default(FREE_PLAN_MAX_MEMBERS),
  FAMILY_MAX_EVENTS_PER_MONTH: z.coerce
    .number()
    .int()
    .min(1)
    .max(PLAN_MAX_EVENTS_PER_MONTH_CEILING)
    .default(FREE_PLAN_MAX_EVENTS_PER_MONTH),
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
  return {
    ...loadConfig({}),
    LOG_LEVEL: 'silent',
    // Tests never write the generated secret into the working folder.
    LINK_SECRET: 'test-link-secret-0123456789abcdef',
    // …nor the generated VAPID keys (a fixed pair, for tests only).
    VAPID_PUBLIC_KEY:
      'BNa4PMjW2G_uagOn050Dw0i4C11AuuLJzNCRHwJq7APceUCZlbzi6T3NVFv3phq-xUdnPPwAa0FNcGoKsc0f77U',
    VAPID_PRIVATE_KEY: 'qhFzzxi-htmP9i-ncsuqUbhgVDylU-S2qa4iZE7ApQQ',
    ...overrides,
  };
}
