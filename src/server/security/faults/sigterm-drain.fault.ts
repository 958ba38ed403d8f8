import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { registerOverHttp, startServer, taskTitles } from './server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-term-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the requests in flight, then exits 0 (dispatcher and database closed)', async () => {
    const server = await startServer({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    const who = await registerOverHttp(server.url, 'term');
    // Registrations are slow on purpose (argon2id, ~50–100 ms each): 12 of them are still running at SIGTERM.
    const emails = Array.from({ length: 12 }, (_, i) => `drain-${i}-${Date.now()}@example.com`);
    const inFlight = emails.map((email, i) =>
      fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          familyName: `Drain ${i}`,
          email,
          password: 'correct horse',
          memberName: 'Dee Drain',
          memberRole: 'parent',
          memberColor: 'green',
        }),
      }).then(
        async (res) => ({ status: res.status, at: Date.now(), body: await res.text() }),
        () => ({ status: 0, at: Date.now(), body: '' }), // refused: never reached a handler
      ),
    );
    await new Promise((r) => setTimeout(r, 30));
    const killedAt = Date.now();
    server.child.kill('SIGTERM');
    const results = await Promise.all(inFlight);
    // Requests the server had taken finish normally after SIGTERM; ones that arrive during the drain get
    // 503 `unavailable` (our drain answer) or a refused connection. Nothing is cut off half way.
    for (const { status, body } of results) {
      expect([201, 503, 0], server.output()).toContain(status);
      if (status === 503) expect(JSON.parse(body)).toMatchObject({ error: { code: 'unavailable' } });
    }
    const drained = results.filter((r) => r.status === 201 && r.at >= killedAt);
    expect(drained.length, JSON.stringify(results)).toBeGreaterThan(0);
    expect(await server.exited).toBe(0);
    // Promptly: in-flight answers close their keep-alive connections instead of holding the drain open.
    expect(Date.now() - killedAt).toBeLessThan(20_000);
    expect(server.output()).not.toMatch(/unhandled|Error:/);

    // New connections are refused once it has stopped; the data written during the drain is there.
    await expect(fetch(`${server.url}/api/waitlist/count`)).rejects.toThrow();
    const again = await startServer({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      expect(await taskTitles(again.url, who.cookie)).toEqual([]); // the old session survived the restart
      for (const [i, email] of emails.entries()) {
        const login = await fetch(`${again.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'correct horse' }),
        });
        // Committed exactly when the client was told 201: no answered write lost, no refused one half-done.
        expect(login.status, email).toBe(results[i]?.status === 201 ? 200 : 401);
      }
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  }, 180_000);
});
