import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../db/schema/families.ts';
import { createTestServer, signUp, type TestServer } from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function get(cookie: string | null, key: string) {
  return server.app.inject({ method: 'GET', url: `/api/settings/${key}`, headers: cookie ? { cookie } : {} });
}
function post(cookie: string | null, payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/settings',
    headers: cookie ? { cookie } : {},
    payload,
  });
}

describe('global settings', () => {
  it.each(['disable_all_emails', 'disable_all_sms'])(
    '%s reads false until set, then what was set',
    async (key) => {
      const { cookie } = await signUp(server.app);
      expect((await get(cookie, key)).json()).toEqual({ key, value: 'false' });
      const set = await post(cookie, { key, value: 'true' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ key, value: 'true' });
      expect((await get(cookie, key)).json()).toEqual({ key, value: 'true' });
      await post(cookie, { key, value: 'false' });
      expect((await get(cookie, key)).json()).toEqual({ key, value: 'false' });
    },
  );

  it('keeps settings per family: two families each set both keys, and neither sees the other’s', async () => {
    const a = await signUp(server.app);
    const b = await signUp(server.app);
    for (const key of ['disable_all_emails', 'disable_all_sms']) {
      expect((await post(a.cookie, { key, value: 'true' })).statusCode).toBe(200);
      expect((await get(b.cookie, key)).json().value).toBe('false');
      expect((await post(b.cookie, { key, value: 'false' })).statusCode).toBe(200);
      expect((await get(a.cookie, key)).json().value).toBe('true');
    }
    const rows = await server.database.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, 'disable_all_sms'));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 400 to an unknown key, on read and write, and writes nothing', async () => {
    const { cookie } = await signUp(server.app);
    const read = await get(cookie, 'disable_everything');
    expect(read.statusCode).toBe(400);
    expect(read.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { key: 'Unknown setting' },
    });
    const write = await post(cookie, { key: 'theme', value: 'dark' });
    expect(write.statusCode).toBe(400);
    expect(write.json().error.fields.key).toBe('Unknown setting');
    expect(await server.database.db.select().from(appSettings).where(eq(appSettings.key, 'theme'))).toEqual(
      [],
    );
  });

  it.each([
    [{ value: 'true' }],
    [{ key: 'disable_all_sms', value: 'yes' }],
    [{ key: 'disable_all_sms', value: true }],
  ])('answers 400 to %j', async (payload) => {
    const { cookie } = await signUp(server.app);
    expect((await post(cookie, payload)).statusCode).toBe(400);
    expect((await get(cookie, 'disable_all_sms')).json().value).toBe('false');
  });

  it('answers 401 when signed out', async () => {
    expect((await get(null, 'disable_all_emails')).statusCode).toBe(401);
    expect((await post(null, { key: 'disable_all_emails', value: 'true' })).statusCode).toBe(401);
  });
});
