import { z } from 'zod';
import {
  addPasskeySchema,
  changeEmailSchema,
  changePasswordSchema,
  createAppPasswordSchema,
  reauthSchema,
} from '../../core/contracts/account.ts';
import { createActivitySchema, updateActivitySchema } from '../../core/contracts/activities.ts';
import {
  confirmEmailSchema,
  forgotPasswordSchema,
  loginSchema,
  passkeyAssertionSchema,
  recoveryCodeSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../core/contracts/auth.ts';
import { regenerateFeedSchema } from '../../core/contracts/calendar-feed.ts';
import { drivingQuerySchema } from '../../core/contracts/driving.ts';
import { eventDtoSchema, eventOccurrenceDtoSchema } from '../../core/contracts/event-wire.ts';
import {
  eventInputSchema,
  eventRangeQuerySchema,
  occurrenceQuerySchema,
  seriesChangeQuerySchema,
} from '../../core/contracts/events.ts';
import {
  acceptInvitationSchema,
  inviteSchema,
  memberCreateSchema,
  memberPatchSchema,
  phoneCodeSchema,
} from '../../core/contracts/members.ts';
import {
  noteReorderSchema,
  noteSchema,
  noteTickSchema,
  noteUpdateSchema,
} from '../../core/contracts/notes.ts';
import { notificationListQuerySchema } from '../../core/contracts/notifications.ts';
import { pushSubscriptionInputSchema } from '../../core/contracts/push.ts';
import { searchQuerySchema } from '../../core/contracts/search.ts';
import { settingParamsSchema, settingUpdateSchema } from '../../core/contracts/settings.ts';
import { inboundSmsSchema } from '../../core/contracts/sms.ts';
import { createTaskSchema, updateTaskSchema } from '../../core/contracts/tasks.ts';
import { undoParamsSchema, undoResultSchema } from '../../core/contracts/undo.ts';
import { waitlistJoinSchema } from '../../core/contracts/waitlist.ts';

/**
 * Who may call a route:
 * - `session`: a signed-in user (the session cookie); 401 without one. Runs in the session's family scope.
 * - `optional`: works with or without a session.
 * - `public`: no session needed (sign-in, links from e-mails, the waitlist).
 * - `token`: the secret in the path is the credential (calendar feed URLs).
 * - `twilio`: Twilio's `X-Twilio-Signature` over the request; 403 when it is missing or wrong.
 */
export type RouteAuth = 'session' | 'optional' | 'public' | 'token' | 'twilio';

/** One documented reply: what it means, and its body's contract when there is one. */
export interface ResponseContract {
  description: string;
  /** The zod contract of the body (documented by its output); absent when the body is described in words. */
  schema?: z.core.$ZodType;
  /** Content type of the body when it is not JSON. */
  contentType?: string;
}

/**
 * What one route takes and answers, from the zod contracts in src/core/contracts (documentation only: the
 * handlers validate with `parseInput`, which gives the 400s their SPEC §5 wording).
 */
export interface RouteContract {
  summary: string;
  auth: RouteAuth;
  /** Path parameters (an id that is not a positive 32-bit integer answers 404, as an unknown id does). */
  params?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  /** Content type of a body that is not JSON (the schema then describes the form or text). */
  bodyType?: string;
  /** Successful replies by status. */
  responses: Record<number, ResponseContract>;
  /** Failures particular to this route (the usual ones are added by `errorsOf`). */
  errors?: Record<number, string>;
  /** True when the route has its own rate limit (429 with Retry-After). */
  rateLimited?: boolean;
}

/** A numeric path id: a positive integer of at most ten digits (anything else answers 404). */
const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .meta({ description: 'A positive integer id (at most 2147483647).' }),
});
const tokenParams = z.object({
  token: z.string().meta({ description: 'The secret token from the link.' }),
});
const OK = { description: '`{ ok: true }`.' };
const NO_CONTENT = { description: 'No body.' };
const NOT_FOUND_ID = 'No such id in your family (another family’s ids answer the same).';
/** The reply of a delete that can be undone (ADR 051). */
const OK_UNDO = {
  description:
    '`{ ok: true, undo_id }`: `undo_id` (a UUID) undoes the delete with `POST /api/undo/{undo_id}` for 60 seconds.',
};

/**
 * Every API route, keyed `METHOD /url` as Fastify registers it (`/api/tasks/:id`). `api-docs.test.ts` fails
 * when a route of the live route table has no entry here, or an entry names no route.
 */
export const ROUTE_CONTRACTS: Readonly<Record<string, RouteContract>> = {
  // Sign-in and registration (SPEC §7, issue 25).
  'POST /api/auth/register': {
    summary: 'Register a family and its first member; signs in.',
    auth: 'public',
    body: registerSchema,
    responses: { 201: { description: '`{ ok: true }` and the session cookie.' } },
    errors: { 409: 'The e-mail is already registered.' },
    rateLimited: true,
  },
  'POST /api/auth/login': {
    summary: 'Sign in with e-mail and password.',
    auth: 'public',
    body: loginSchema,
    responses: {
      200: {
        description:
          '`{ ok: true }` and the session cookie, or `{ second_factor_required: true }` and the sign-in step cookie (the account has a passkey).',
      },
    },
    errors: { 401: 'Wrong e-mail or password.' },
    rateLimited: true,
  },
  'POST /api/auth/second-factor/options': {
    summary: 'WebAuthn options for the second step of a sign-in.',
    auth: 'public',
    responses: { 200: { description: '`PublicKeyCredentialRequestOptionsJSON` (WebAuthn Level 3).' } },
    errors: { 401: 'No sign-in step in progress, or it expired.' },
    rateLimited: true,
  },
  'POST /api/auth/second-factor/passkey': {
    summary: 'Complete the second step with a passkey assertion.',
    auth: 'public',
    body: passkeyAssertionSchema,
    responses: { 200: { description: '`{ ok: true }` and the session cookie.' } },
    errors: { 401: 'The step expired or the assertion does not verify.' },
    rateLimited: true,
  },
  'POST /api/auth/second-factor/recovery-code': {
    summary: 'Complete the second step with a one-time recovery code.',
    auth: 'public',
    body: recoveryCodeSchema,
    responses: { 200: { description: '`{ ok: true }` and the session cookie.' } },
    errors: { 401: 'The step expired or the code is wrong or used.' },
    rateLimited: true,
  },
  'POST /api/auth/passkey/options': {
    summary: 'WebAuthn options for signing in with a passkey alone.',
    auth: 'public',
    responses: {
      200: { description: '`PublicKeyCredentialRequestOptionsJSON` and the sign-in step cookie.' },
    },
    rateLimited: true,
  },
  'POST /api/auth/passkey': {
    summary: 'Sign in with a passkey assertion.',
    auth: 'public',
    body: passkeyAssertionSchema,
    responses: { 200: { description: '`{ ok: true }` and the session cookie.' } },
    errors: { 401: 'The step expired or the assertion does not verify.' },
    rateLimited: true,
  },
  'POST /api/auth/forgot-password': {
    summary: 'E-mail a password-reset link (the same answer, after the same time, for any address).',
    auth: 'public',
    body: forgotPasswordSchema,
    responses: { 200: OK },
    rateLimited: true,
  },
  'POST /api/auth/reset-password': {
    summary: 'Set a new password with a reset token; ends every session of the account.',
    auth: 'public',
    body: resetPasswordSchema,
    responses: { 200: OK },
    rateLimited: true,
  },
  'POST /api/auth/logout': {
    summary: 'Sign out: ends this session and clears its cookie.',
    auth: 'optional',
    responses: { 200: OK },
  },
  'GET /api/auth/session': {
    summary: 'The signed-in user, member and family.',
    auth: 'session',
    responses: { 200: { description: '`SessionDto`.' } },
  },

  // Account settings (issue 25): the signed-in user's own account.
  'GET /api/account': {
    summary: 'The account: e-mail, passkeys, recovery codes left.',
    auth: 'session',
    responses: { 200: { description: '`AccountDto`.' } },
  },
  'POST /api/account/password': {
    summary: 'Change the password (checks the current one); ends the other sessions.',
    auth: 'session',
    body: changePasswordSchema,
    responses: { 200: OK },
    rateLimited: true,
  },
  'POST /api/account/email': {
    summary: 'Ask to change the e-mail: a confirmation link goes to the new address.',
    auth: 'session',
    body: changeEmailSchema,
    responses: { 202: { description: 'The pending address.' } },
    errors: { 409: 'The address belongs to another account.' },
    rateLimited: true,
  },
  'POST /api/account/email/confirm': {
    summary: 'Confirm an e-mail change with the token from the link.',
    auth: 'public',
    body: confirmEmailSchema,
    responses: { 200: { description: 'The new address.' } },
    rateLimited: true,
  },
  'GET /api/account/sessions': {
    summary: 'The account’s signed-in devices.',
    auth: 'session',
    responses: {
      200: {
        description:
          '`SessionListItemDto[]`: an account keeps at most 50 sessions (a sign-in past them ends the least recently used), 1.25 KiB each: at most 64,051 bytes (`SESSIONS_LIST_MAX_BYTES`).',
      },
    },
  },
  'DELETE /api/account/sessions/:id': {
    summary: 'Sign one device out.',
    auth: 'session',
    params: z.object({ id: z.string().meta({ description: 'The session’s public id from the list.' }) }),
    responses: { 204: NO_CONTENT },
    errors: { 404: 'No such session of this account.' },
  },
  'POST /api/account/sessions/sign-out-others': {
    summary: 'Sign every other device out and revoke every app password.',
    auth: 'session',
    responses: {
      200: {
        description:
          '`{ ended, app_passwords_revoked }`: how many sessions ended and app passwords were revoked.',
      },
    },
  },
  'POST /api/account/passkeys/options': {
    summary: 'WebAuthn options to add a passkey (checks the current password).',
    auth: 'session',
    body: reauthSchema,
    responses: {
      200: { description: '`PublicKeyCredentialCreationOptionsJSON` and the registration step cookie.' },
    },
    rateLimited: true,
  },
  'POST /api/account/passkeys': {
    summary: 'Add a passkey from the browser’s attestation.',
    auth: 'session',
    body: addPasskeySchema,
    responses: { 201: { description: 'The passkey and, for the first one, new recovery codes.' } },
    errors: { 400: 'The attestation does not verify.' },
  },
  'DELETE /api/account/passkeys/:id': {
    summary: 'Remove a passkey (checks the current password).',
    auth: 'session',
    params: idParams,
    body: reauthSchema,
    responses: { 204: NO_CONTENT },
    rateLimited: true,
  },
  'POST /api/account/recovery-codes': {
    summary: 'Replace the recovery codes (checks the current password).',
    auth: 'session',
    body: reauthSchema,
    responses: { 200: { description: 'The new codes, shown once.' } },
    rateLimited: true,
  },

  // App passwords (issue 40, ADR 044): what calendar apps sign in to the CalDAV server with (HTTP Basic).
  'GET /api/account/app-passwords': {
    summary: 'The account’s app passwords, oldest first (never the password).',
    auth: 'session',
    responses: {
      200: {
        description:
          '`AppPasswordDto[]`: `id`, `name`, `created_at`, `last_used_at` (null when never used; moves at most once a minute). At most 20 (`APP_PASSWORDS_PER_ACCOUNT_MAX`), 512 bytes each: at most 10,261 bytes (`APP_PASSWORDS_LIST_MAX_BYTES`).',
      },
    },
  },
  'POST /api/account/app-passwords': {
    summary: 'Make an app password for a calendar app; the password is shown this once.',
    auth: 'session',
    body: createAppPasswordSchema,
    responses: {
      201: {
        description:
          '`CreatedAppPasswordDto`: `id`, `name`, `username` (the account’s e-mail), `password` (five dashed groups of five base32 letters), `caldav_url` (`{PUBLIC_URL}/dav/`), `created_at`.',
      },
    },
    errors: { 400: 'A bad name, or the account already has 20 app passwords.' },
  },
  'DELETE /api/account/app-passwords/:id': {
    summary: 'Revoke an app password: calendar apps signed in with it are refused from the next request.',
    auth: 'session',
    params: idParams,
    responses: { 204: NO_CONTENT },
    errors: { 404: 'No such app password of this account.' },
  },

  // Events (SPEC §7): occurrences come from the one occurrence engine (ADR 006).


  // Members and invitations (SPEC §7).
  'GET /api/family-members': {
    summary: 'The family’s members.',
    auth: 'session',
    responses: {
      200: {
        description:
          '`FamilyMemberDto[]`: at most the plan’s members (`max_members`, 4 on the free plan) of 2 KiB each: at most 8,197 bytes on the free plan (`membersListMaxBytes`).',
      },
    },
  },
  'GET /api/family-members/plan': {
    summary:
      'The family’s plan: its member limit and the places taken (members and pending invitations), its events-a-month limit (issue 46).',
    auth: 'session',
    responses: { 200: { description: '`FamilyPlanDto`.' } },
  },
  'POST /api/family-members': {
    summary: 'Add a member (without a login).',
    auth: 'session',
    body: memberCreateSchema,
    responses: { 201: { description: '`FamilyMemberDto`.' } },
    errors: { 409: 'The family’s plan limit on members is reached.' },
  },
  'PATCH /api/family-members/:id': {
    summary: 'Edit a member.',
    auth: 'session',
    params: idParams,
    body: memberPatchSchema,
    responses: { 200: { description: '`FamilyMemberDto`.' } },
    errors: { 409: 'The family’s last parent cannot stop being one.' },
  },
  'POST /api/family-members/:id/make-owner': {
    summary: 'Hand the family to another parent with a login (owner only).',
    auth: 'session',
    params: idParams,
    responses: { 200: { description: 'The updated `FamilyMemberDto[]`.' } },
    errors: { 403: 'Only the owner may do this.', 409: 'The member cannot own the family.' },
  },
  'DELETE /api/family-members/:id': {
    summary: 'Remove a member.',
    auth: 'session',
    params: idParams,
    responses: { 204: NO_CONTENT },
    errors: { 409: 'Not yourself, the owner, or the last parent (with a login).' },
  },
  'POST /api/family-members/:id/phone-verification': {
    summary: 'Text a 6-digit code to the member’s phone (issue 20).',
    auth: 'session',
    params: idParams,
    responses: { 200: { description: 'The `FamilyMemberDto` with its verification state.' } },
    errors: {
      400: 'The member has no phone number, or it is not a mobile number (premium-rate, toll-free, fixed-line, …).',
      403: 'Only the member or a parent may verify the number.',
      409: 'Already verified, the number texted STOP (through any profile), verified in another family, or SMS is not set up.',
      429: 'Too many codes: 3 an hour to the member, 10 an hour from the family, or 5 an hour and 10 a day to the number across all families (`Retry-After`).',
      503: 'The text could not be sent.',
    },
    rateLimited: true,
  },
  'POST /api/family-members/:id/phone-verification/confirm': {
    summary: 'Confirm the phone number with the texted code.',
    auth: 'session',
    params: idParams,
    body: phoneCodeSchema,
    responses: { 200: { description: 'The `FamilyMemberDto`, verified.' } },
    errors: { 400: 'Wrong, expired or no code (message per field).', 429: 'Too many wrong codes.' },
  },
  'GET /api/family-members/invitations': {
    summary: 'The family’s pending invitations.',
    auth: 'session',
    responses: {
      200: {
        description:
          '`InvitationDto[]`: invitations share the plan’s members (`max_members`) with the members, 2 KiB each: at most 8,197 bytes on the free plan (`membersListMaxBytes`).',
      },
    },
  },
  'POST /api/family-members/invite': {
    summary: 'Invite someone by e-mail.',
    auth: 'session',
    body: inviteSchema,
    responses: { 201: { description: '`InvitationDto`.' } },
    errors: { 409: 'The address already has an account or an invitation.' },
    rateLimited: true,
  },
  'POST /api/family-members/invitations/:id/resend': {
    summary: 'Send an invitation again with a new link.',
    auth: 'session',
    params: idParams,
    responses: { 200: { description: '`InvitationDto`.' } },
    rateLimited: true,
  },
  'DELETE /api/family-members/invitations/:id': {
    summary: 'Cancel an invitation.',
    auth: 'session',
    params: idParams,
    responses: { 200: OK_UNDO },
  },
  'GET /api/family-members/invitations/validate/:token': {
    summary: 'What an invitation link offers (family, name, e-mail).',
    auth: 'token',
    params: tokenParams,
    responses: { 200: { description: '`InvitationDetailsDto`.' } },
    errors: { 404: 'The link is unknown, used, cancelled or expired.' },
    rateLimited: true,
  },
  'POST /api/family-members/invitations/:token/accept': {
    summary: 'Accept an invitation: creates the login.',
    auth: 'token',
    params: tokenParams,
    body: acceptInvitationSchema,
    responses: { 201: OK },
    errors: { 404: 'The link is unknown, used, cancelled or expired.' },
    rateLimited: true,
  },


  // Web Push (issue 41).

  // Settings (SPEC §7, issue 18).

  // Tasks (SPEC §7).

  // Activity requests (SPEC §7).

  // Notes (SPEC §7, issue 20).


  // The public waitlist (SPEC §7).
  'POST /api/waitlist/join': {
    summary: 'Join the waitlist; e-mails the entry’s place and referral link.',
    auth: 'public',
    body: waitlistJoinSchema,
    responses: {
      201: { description: '`WaitlistJoinDto` (`{ position, referral_code }`), also for a repeat.' },
    },
    rateLimited: true,
  },
  'GET /api/waitlist/count': {
    summary: 'How many families are waiting.',
    auth: 'public',
    responses: { 200: { description: '`{ count }`.' } },
  },

  'POST /api/sms/inbound': {
    summary: 'Twilio’s inbound-message webhook: the SMS assistant (docs/assistant.md).',
    auth: 'twilio',
    body: inboundSmsSchema,
    bodyType: 'application/x-www-form-urlencoded',
    responses: { 200: { description: 'TwiML with the reply.', contentType: 'text/xml' } },
    rateLimited: true,
  },

  // Calendar feeds and import (issue 12, docs/ics.md).
  'GET /api/calendar/feeds': {
    summary: 'The family feed’s and the user’s own feed’s state.',
    auth: 'session',
    responses: {
      200: { description: '`FeedStatusDto[]`: two items; at most 515 bytes (`FEEDS_LIST_MAX_BYTES`).' },
    },
  },
  'POST /api/calendar/feeds/regenerate': {
    summary: 'A new secret feed URL; the old one stops working.',
    auth: 'session',
    body: regenerateFeedSchema,
    responses: { 201: { description: '`FeedStatusDto` with the new URL.' } },
  },
  'GET /api/calendar/feed/:file': {
    summary: 'The RFC 5545 feed (`{token}.ics`), with ETag / If-None-Match.',
    auth: 'token',
    params: z.object({ file: z.string().meta({ description: '`{token}.ics` from the feed URL.' }) }),
    responses: {
      200: { description: 'The iCalendar text.', contentType: 'text/calendar' },
      304: { description: 'Not modified (If-None-Match matched the ETag).' },
    },
    errors: { 404: 'Unknown or regenerated token.' },
  },
  'POST /api/calendar/import': {
    summary: 'Import an .ics file (at most 5 MB and 1,000 events) into the family calendar.',
    auth: 'session',
    body: z.string().meta({ description: 'The iCalendar text (RFC 5545).' }),
    bodyType: 'text/calendar',
    responses: {
      200: {
        description:
          '`ImportReportDto`: what was added, updated and skipped (with reasons), and what was repaired (`warnings`; docs/ics.md).',
      },
    },
    errors: {
      413: 'The file is larger than 5 MB or has more than 1,000 events.',
      503: 'Too many imports are waiting to be read on this server; Retry-After says when to try again.',
    },
  },

  'GET /api/changes': {
    summary: 'Live updates: the family’s changes as server-sent events (ADR 010).',
    auth: 'session',
    query: z.object({
      since: z.string().optional().meta({ description: 'Resume point, as `Last-Event-ID`.' }),
    }),
    responses: {
      200: {
        description:
          '`ready`, `change` (`{ kind, id }`; the event `id` is opaque) and `resync` events; ends after 15 minutes, or within 5 s of the session ending (sign-out, revoked, expired, member or account deleted).',
        contentType: 'text/event-stream',
      },
    },
    errors: {
      429: 'More than 20 open streams of this session, or the server’s ceiling (`LIVE_STREAMS_PER_PROCESS`) reached: wait `Retry-After` seconds.',
    },
  },
};

const STANDARD_ERRORS: Record<number, string> = {
  400: 'Invalid input: `error.fields` holds one message per field (SPEC §5 wording).',
  401: 'Not signed in.',
  404: NOT_FOUND_ID,
  429: 'Too many requests: wait `Retry-After` seconds.',
};

/**
 * The failures a route can answer, by status, in the one error shape (`ApiErrorBody`): its own, plus 400 when it
 * takes a query or a body, 401 with a session, 403 for Twilio's signature, 404 for a path id (a path parameter
 * that names nothing answers 404, never 400), 429 for its rate limit or (a signed-in write outside `/api/auth`)
 * the family write limit. 503 (database unavailable) can answer any route.
 */
export function errorsOf(method: string, url: string, contract: RouteContract): Record<number, string> {
  const errors: Record<number, string> = {};
  if (contract.body || contract.query) {
    errors[400] = STANDARD_ERRORS[400] ?? '';
  }
  if (contract.auth === 'session') errors[401] = STANDARD_ERRORS[401] ?? '';
  if (contract.auth === 'twilio') errors[403] = 'Missing or wrong `X-Twilio-Signature`.';
  if (url.includes(':id')) errors[404] = NOT_FOUND_ID;
  const familyWrite = contract.auth === 'session' && method !== 'GET' && !url.startsWith('/api/auth/');
  if (contract.rateLimited || familyWrite) errors[429] = STANDARD_ERRORS[429] ?? '';
  for (const [status, description] of Object.entries(contract.errors ?? {})) {
    const standard = errors[Number(status)];
    errors[Number(status)] = standard ? `${standard} Also: ${description}` : description;
  }
  return errors;
}
