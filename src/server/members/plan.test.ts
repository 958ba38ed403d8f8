import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { signUp, type TestServer, createTestServer, testServerPerFile } from '../test/harness.ts';
import { describeFamilyLimits, parseFamilyLimitsArgs, setFamilyLimits } from './plan.ts';

// Issue 46: a self-hosted family of five could not use FamilyHub: the plan limits (SPEC §1: 4 members, 50 events
// a month) could only be changed by editing the database. Now FAMILY_MAX_MEMBERS / FAMILY_MAX_EVENTS_PER_MONTH
// set a new family's, `npm run family:limits` one family's, and GET /api/family-members/plan tells the screen.

const server = testServerPerFile();

function addMember(on: TestServer, cookie: string, name: string) {
  return on.app.inject({
    method: 'POST',
    url: '/api/family-members',
    headers: { cookie },
    payload: { name, color: 'green', role: 'child' },
  });
}

function plan(on: TestServer, cookie: string | null) {
  return on.app.inject({ method: 'GET', url: '/api/family-members/plan', headers: cookie ? { cookie } : {} });
}

describe('plan limits', () => {
  it('gives a new family SPEC §1’s free plan by default, and counts members and invitations against it', async () => {
    const { cookie } = await signUp(server.app);
    expect((await plan(server, cookie)).json()).toEqual({
      max_members: 4,
      members: 1,
      invitations: 0,
      max_events_per_month: 50,
    });
    expect((await addMember(server, cookie, 'Leo Rivera')).statusCode).toBe(201);
    const invite = await server.app.inject({
      method: 'POST',
      url: '/api/family-members/invite',
      headers: { cookie },
      payload: { name: 'Nan', email: 'nan-plan@example.com', role: 'other', color: 'pink' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    expect((await plan(server, cookie)).json()).toEqual({
      max_members: 4,
      members: 2,
      invitations: 1,
      max_events_per_month: 50,
    });
    expect((await plan(server, null)).statusCode).toBe(401);
  });

  it('gives a new family the operator’s FAMILY_MAX_MEMBERS and FAMILY_MAX_EVENTS_PER_MONTH', async () => {
    const five = await createTestServer({ FAMILY_MAX_MEMBERS: 5, FAMILY_MAX_EVENTS_PER_MONTH: 2 });
    try {
      const { cookie } = await signUp(five.app);
      for (const name of ['Two', 'Three', 'Four', 'Five']) {
        expect((await addMember(five, cookie, name)).statusCode).toBe(201);
      }
      const sixth = await addMember(five, cookie, 'Six');
      expect(sixth.statusCode).toBe(409);
      expect(sixth.json().error.message).toBe('Your plan allows up to 5 family members.');
      expect((await plan(five, cookie)).json()).toMatchObject({ max_members: 5, members: 5 });
      const event = (title: string) =>
        five.app.inject({
          method: 'POST',
          url: '/api/events',
          headers: { cookie },
          payload: { title, start_date: '2026-11-25T09:00:00' },
        });
      expect((await event('One')).statusCode).toBe(201);
      expect((await event('Two')).statusCode).toBe(201);
      expect((await event('Three')).statusCode).toBe(409);
    } finally {
      await five.close();
    }
  });

  it('lets the operator’s command set one family’s limits, by account e-mail or family id', async () => {
    const { cookie, email } = await signUp(server.app);
    const other = await signUp(server.app);
    for (const name of ['Two', 'Three', 'Four']) await addMember(server, cookie, name);
    expect((await addMember(server, cookie, 'Five')).statusCode).toBe(409);

    const row = await setFamilyLimits(
      server.database.system,
      { email: email.toUpperCase() },
      {
        maxMembers: 6,
        maxEventsPerMonth: 120,
        smsEnabled: true,
      },
    );
    expect(row).toMatchObject({ maxMembers: 6, maxEventsPerMonth: 120, smsEnabled: true, places: 4 });
    expect(describeFamilyLimits(row)).toBe(
      `Family ${row.id} (Rivera): 6 members (4 taken), 120 events a month, SMS on.`,
    );
    expect((await addMember(server, cookie, 'Five')).statusCode).toBe(201);
    expect((await plan(server, cookie)).json()).toMatchObject({ max_members: 6, max_events_per_month: 120 });
    // Only that family: the other keeps the defaults.
    expect((await plan(server, other.cookie)).json()).toMatchObject({
      max_members: 4,
      max_events_per_month: 50,
    });

    // Lowering below the members there are removes nobody, says so, and stops new ones.
    const lowered = await setFamilyLimits(server.database.system, { id: row.id }, { maxMembers: 3 });
    expect(describeFamilyLimits(lowered)).toMatch(/more members and invitations than its limit/);
    expect((await addMember(server, cookie, 'Six')).statusCode).toBe(409);
    // No change: only reads.
    expect(await setFamilyLimits(server.database.system, { id: row.id }, {})).toMatchObject({
      maxMembers: 3,
    });
    await expect(setFamilyLimits(server.database.system, { id: 999_999 }, {})).rejects.toThrow(
      'No family has the id 999999.',
    );
    await expect(
      setFamilyLimits(server.database.system, { email: 'nobody@example.com' }, { maxMembers: 5 }),
    ).rejects.toThrow('No account has the e-mail address nobody@example.com.');
  });

  it('reads the command’s arguments and refuses bad ones with the usage', () => {
    expect(
      parseFamilyLimitsArgs(['--email', 'Ana@Example.com', '--max-members', '5', '--sms', 'off']),
    ).toEqual({
      family: { email: 'ana@example.com' },
      limits: { maxMembers: 5, smsEnabled: false },
    });
    expect(parseFamilyLimitsArgs(['--family', '12', '--max-events-per-month', '200'])).toEqual({
      family: { id: 12 },
      limits: { maxEventsPerMonth: 200 },
    });
    expect(() => parseFamilyLimitsArgs(['--max-members', '5'])).toThrow(/Name one family/);
    expect(() => parseFamilyLimitsArgs(['--family', '1', '--max-members', '0'])).toThrow(
      /--max-members must be a whole number from 1 to 50[\s\S]*Usage: npm run family:limits/,
    );
    expect(() => parseFamilyLimitsArgs(['--family', '1', '--max-members', '51'])).toThrow(/from 1 to 50/);
    expect(() => parseFamilyLimitsArgs(['--family', '1', '--max-members'])).toThrow(/needs a value/);
    expect(() => parseFamilyLimitsArgs(['--family', '1', '--members', '5'])).toThrow(
      /Unknown option: --members/,
    );
    expect(() => parseFamilyLimitsArgs(['--family', '1', '--sms', 'yes'])).toThrow(/--sms must be on or off/);
  });

  it('runs as a command on a database of its own (PGlite in DATA_DIR)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-limits-'));
    const run = promisify(execFile);
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LINK_SECRET: 'x'.repeat(32) };
    try {
      const failed = await run(
        process.execPath,
        ['--import', 'tsx', 'scripts/family-limits.ts', '--family', '1'],
        {
          env,
        },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 1 });
      expect((failed as { stderr: string }).stderr).toContain('No family has the id 1.');
      const usage = await run(process.execPath, ['--import', 'tsx', 'scripts/family-limits.ts'], {
        env,
      }).catch((error: { code: number; stderr: string }) => error);
      expect(usage).toMatchObject({ code: 1 });
      expect((usage as { stderr: string }).stderr).toContain('Usage: npm run family:limits');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
