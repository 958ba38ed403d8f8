import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { families } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { registration, testServerPerFile } from '../test/harness.ts';
import { addMemberNames, call, seedFamily, stateFingerprint, type SeededFamily } from './fixtures.ts';

/**
 * Issue 42, item 7: text-direction controls in titles and names, and callback-phishing lures (phone numbers,
 * "security / account / verify / support / suspended") in the names an invitation e-mail quotes.
 */

const server = testServerPerFile();
let a: SeededFamily;

beforeAll(async () => {
  a = await seedFamily(server.app, server.database.system, 'Names');
});

function state(): Promise<string> {
  return stateFingerprint(server.database.system, a.familyId);
}

type Case = [
  label: string,
  method: 'POST' | 'PATCH',
  url: () => string,
  payload: (text: string) => object,
  field: string,
];

const SPOOF = 'invoice\u202Egnp.exe';

const TITLES_AND_NAMES: Case[] = [
  [
    'POST /api/events',
    'POST',
    () => '/api/events',
    (t) => ({ title: t, start_date: '2026-11-25T16:00:00' }),
    'title',
  ],
  ['PATCH /api/events/{id}', 'PATCH', () => `/api/events/${a.eventId}`, (t) => ({ title: t }), 'title'],
  [
    'POST /api/tasks',
    'POST',
    () => '/api/tasks',
    (t) => ({ title: t, assigned_to_ids: [String(a.kidMemberId)] }),
    'title',
  ],
  ['PATCH /api/tasks/{id}', 'PATCH', () => `/api/tasks/${a.taskId}`, (t) => ({ title: t }), 'title'],
  [
    'POST /api/notes',
    'POST',
    () => '/api/notes',
    (t) => ({ title: t, content: 'x', category: 'general', family_member_id: a.kidMemberId }),
    'title',
  ],
  ['PATCH /api/notes/{id}', 'PATCH', () => `/api/notes/${a.noteId}`, (t) => ({ title: t }), 'title'],
  ['POST /api/activity-proposals', 'POST', () => '/api/activity-proposals', (t) => ({ title: t }), 'title'],
  [
    'PATCH /api/activity-proposals/{id}',
    'PATCH',
    () => `/api/activity-proposals/${a.proposalId}`,
    (t) => ({ title: t }),
    'title',
  ],
  [
    'POST /api/family-members',
    'POST',
    () => '/api/family-members',
    (t) => ({ name: t, color: 'pink', role: 'other' }),
    'name',
  ],
  [
    'PATCH /api/family-members/{id}',
    'PATCH',
    () => `/api/family-members/${a.kidMemberId}`,
    (t) => ({ name: t }),
    'name',
  ],
  [
    'POST /api/family-members/invite',
    'POST',
    () => '/api/family-members/invite',
    (t) => ({ name: t, email: 'x@example.com', role: 'other', color: 'pink' }),
    'name',
  ],
];

describe('text-direction controls (Trojan Source) in every title and name', () => {
  it.each(TITLES_AND_NAMES)(
    '%s refuses a bidi override with a 400 on the field',
    async (_label, method, url, body, field) => {
      for (const text of [SPOOF, 'Swim \u2066x\u2069', 'Ana\u202A', 'Leo\u202D']) {
        const before = await state();
        const res = await call(server.app, a.cookie, method, url(), body(text));
        expect(res.statusCode, `${text}: ${res.body}`).toBe(400);
        expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields[field]).toBe(
          'Must not contain line breaks or control characters',
        );
        expect(await state()).toBe(before);
      }
    },
  );

  it('refuses them in the family and member names at registration', async () => {
    for (const overrides of [{ familyName: 'Rive\u202Era' }, { memberName: 'Ana\u2067 Rivera' }]) {
      const res = await call(server.app, null, 'POST', '/api/auth/register', registration(overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json<{ error: { fields: object } }>().error.fields)).toEqual(
        Object.keys(overrides),
      );
    }
  });

  it('still takes right-to-left text and its marks', async () => {
    const res = await call(server.app, a.cookie, 'POST', '/api/events', {
      title: 'שיעור שחייה\u200F (Swim)',
      start_date: '2026-11-25T16:00:00',
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('callback-phishing lures in the names an invitation e-mail quotes', () => {
  const LURES = [
    'Security Team',
    'Call 1 (800) 555-0199',
    'Ana 18005550199',
    'Account Suspended',
    'Verify Now',
    'Apple Support',
    'ＳＵＰＰＯＲＴ', // full-width letters
    'Leo ٨٠٠٥٥٥٠١٩٩', // Arabic-Indic digits
  ];
  const MESSAGE =
    'Names cannot hold phone numbers or the words security, account, verify, support or suspended';

  const memberNameRoutes: Array<[string, 'POST' | 'PATCH', () => string, (name: string) => object]> = [
    [
      'POST /api/family-members',
      'POST',
      () => '/api/family-members',
      (n) => ({ name: n, color: 'pink', role: 'other' }),
    ],
    [
      'PATCH /api/family-members/{id}',
      'PATCH',
      () => `/api/family-members/${a.kidMemberId}`,
      (n) => ({ name: n }),
    ],
    [
      'POST /api/family-members/invite',
      'POST',
      () => '/api/family-members/invite',
      (n) => ({ name: n, email: 'lure@example.com', role: 'other', color: 'pink' }),
    ],
  ];

  it.each(memberNameRoutes)(
    '%s refuses them with a 400 on name, changing nothing',
    async (_label, method, url, body) => {
      for (const name of LURES) {
        const before = await state();
        const res = await call(server.app, a.cookie, method, url(), body(name));
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields.name).toBe(MESSAGE);
        expect(await state()).toBe(before);
      }
    },
  );

  it('refuses them in the family and member names at registration', async () => {
    for (const overrides of [{ familyName: 'Account Security' }, { memberName: 'Call 1-800-555-0199' }]) {
      const res = await call(server.app, null, 'POST', '/api/auth/register', registration(overrides));
      expect(res.statusCode, res.body).toBe(400);
      const fields = res.json<{ error: { fields: Record<string, string> } }>().error.fields;
      expect(Object.values(fields)).toEqual([MESSAGE]);
    }
  });

  it('still takes ordinary names with digits and near words', async () => {
    for (const [name, status, body] of await addMemberNames(server.app, a.cookie, [
      'Leo 2nd',
      'Room 101',
      'Verity Accola',
      'Grace Supple',
      'Ana & Ben (7)',
    ]))
      expect(status, `${name}: ${body}`).toBe(201);
  });

  it('does not quote a family name stored before the rules in the invitation e-mail', async () => {
    const db = server.database.system;
    await db
      .update(families)
      .set({ name: 'Security Team, call 1 (800) 555-0199' })
      .where(eq(families.id, a.familyId));
    const res = await call(server.app, a.cookie, 'POST', '/api/family-members/invite', {
      name: 'Grandma Rose',
      email: 'grandma@example.com',
      role: 'other',
      color: 'pink',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await db
      .select({ subject: notifications.subject, body: notifications.body, html: notifications.html })
      .from(notifications)
      .where(and(eq(notifications.familyId, a.familyId), eq(notifications.kind, 'invitation')))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(mail?.body).toContain('Hi Grandma Rose,');
    for (const text of [mail?.subject, mail?.body, mail?.html]) {
      expect(text).not.toMatch(/security|800|555/i);
      expect(text).toContain('a family');
    }
  });
});
