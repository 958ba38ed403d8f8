import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaWindow, HOME_DATA_ELEMENT_ID, type HomePageData } from '../core/contracts/home-page.ts';
import { addLocalDays } from '../core/time/local-time.ts';
import { todayIn } from '../core/time/today.ts';
import { buildHomePrerender } from '../../vite.config.ts';
import {
  callAs,
  createTestServer,
  signedInFamily,
  type SignedInFamily,
  type TestServer,
} from './test/harness.ts';

// The real server-side render bundle (vite.config.ts), built once for this file into a scratch folder.
const TITLE = 'Swim </script><script>alert(1)</script> & "gala"';
let work: string;
let server: TestServer;
let kiri: SignedInFamily;
let other: SignedInFamily;
let kiriToday: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'home-page-'));
  const webRoot = path.join(work, 'web');
  fs.mkdirSync(webRoot);
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>FamilyHub</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(webRoot, 'app-frame.html'), '<div aria-busy="true">frame</div>');
  await buildHomePrerender(webRoot, 'warn');
  server = await createTestServer({ WEB_DIST_DIR: webRoot });
  // UTC+14: the family's today is the UTC date's tomorrow for ten hours a day.
  kiri = await signedInFamily(server, { timezone: 'Pacific/Kiritimati' });
  other = await signedInFamily(server, { timezone: 'Pacific/Kiritimati' });
  kiriToday = todayIn('Pacific/Kiritimati', new Date());
  const add = async (family: SignedInFamily, title: string, day: string) => {
    const reply = await callAs(server, family, 'POST', '/api/events', {
      title,
      start_date: `${day}T09:00`,
      duration_minutes: 60,
    });
    expect(reply.statusCode).toBe(201);
  };
  await add(kiri, TITLE, kiriToday);
  await add(kiri, 'Piano in a fortnight', addLocalDays(kiriToday, 20));
  await add(other, 'Secret of the other family', kiriToday);
}, 120_000);

afterAll(async () => {
  await server.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The JSON the page embeds, parsed. */
function embedded(html: string): HomePageData {
  const match = new RegExp(
    `<script type="application/json" id="${HOME_DATA_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error('no embedded home data');
  return JSON.parse(match[1]) as HomePageData;
}

describe('the signed-in page with its agenda rendered by the server (ADR 025)', () => {
  it("at /calendar holds today's events, escaped, and none of another family's", async () => {
    const reply = await callAs(server, kiri, 'GET', '/calendar');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const html = reply.body;
    // The agenda's heading for the family's today, the event's title as text (escaped by React).
    expect(html).toContain(`id="agenda-${kiriToday}"`);
    expect(html).toContain('Today · ');
    expect(html).toContain(
      'Swim &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;gala&quot;',
    );
    // The title never appears raw: no markup injected, in the HTML or the JSON.
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)?.length).toBe(1);
    expect(html).not.toContain('Secret of the other family');
    expect(html).not.toContain('Piano in a fortnight'); // outside the agenda's first days
    // The Quick add field is there but disabled: this HTML is replaced when the app takes over, with anything
    // typed into it (useServerRender).
    const quickAdd = /<input[^>]*placeholder="e\.g\. &quot;Soccer[^>]*>/.exec(html)?.[0];
    expect(quickAdd).toMatch(/ disabled=""/);
    const data = embedded(html);
    expect(data.events).toMatchObject(agendaWindow(kiriToday));
    expect(data.events.items.map((item) => item.title)).toEqual([TITLE]);
    expect(data.session.family_timezone).toBe('Pacific/Kiritimati');
    expect(data.members.map((member) => member.id)).toEqual([kiri.memberId]);
    // The same as the API's replies, which the app would otherwise have asked for.
    const events = await callAs(
      server,
      kiri,
      'GET',
      `/api/events?start=${data.events.start}&end=${data.events.end}`,
    );
    expect(data.events.items).toEqual(events.json());
  });

  it('at / the same; another family sees only its own', async () => {
    const mine = await callAs(server, other, 'GET', '/');
    expect(mine.body).toContain('Secret of the other family');
    expect(mine.body).not.toContain('alert(1)');
    expect(embedded(mine.body).events.items.map((item) => item.title)).toEqual([
      'Secret of the other family',
    ]);
  });

  it('an empty today still has its day, and other views or dates get the frame alone', async () => {
    const empty = await signedInFamily(server, { timezone: 'America/Los_Angeles' });
    const page = await callAs(server, empty, 'GET', '/calendar');
    const today = todayIn('America/Los_Angeles', new Date());
    expect(page.body).toContain(`id="agenda-${today}"`);
    expect(page.body).toContain('Nothing planned.');
    expect(embedded(page.body).events.items).toEqual([]);
    for (const url of ['/calendar?view=month', `/calendar?date=${today}`]) {
      const framed = await callAs(server, kiri, 'GET', url);
      expect(framed.body).toContain('<div id="root"><div aria-busy="true">frame</div></div>');
      expect(framed.body).not.toContain(HOME_DATA_ELEMENT_ID);
    }
  });

  it('signed out or with an ended session: no data', async () => {
    const page = await callAs(server, { cookie: 'fh_session=ended' }, 'GET', '/calendar');
    expect(page.body).not.toContain(HOME_DATA_ELEMENT_ID);
    expect(page.body).toContain('<div id="root"></div>');
  });
});
