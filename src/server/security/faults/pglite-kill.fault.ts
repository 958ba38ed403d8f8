import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTask, registerOverHttp, startServer, taskTitles } from './server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-kill-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('PGlite: the process killed during writes', () => {
  it('restarts on the same data directory with every acknowledged write intact', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    const who = await registerOverHttp(first.url, 'kill');
    const acknowledged: string[] = [];
    let stop = false;
    // Eight writers in parallel; the process is killed while they are mid-request.
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; !stop; i += 1) {
        const title = `w${w}-${i}`;
        const res = await createTask(first.url, who, title).catch(() => null);
        if (res?.status === 201) acknowledged.push(title);
        else if (res === null) return; // connection refused or reset: the process is gone
      }
    });
    await new Promise((r) => setTimeout(r, 3_000));
    expect(acknowledged.length, first.output()).toBeGreaterThan(5);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    stop = true;
    await Promise.all(writers);

    // The lock file still names the dead pid: the restart must treat it as stale and open the data.
    const second = await startServer({ DATA_DIR: dataDir });
    try {
      const titles = new Set(await taskTitles(second.url, who.cookie));
      const lost = acknowledged.filter((t) => !titles.has(t));
      expect(lost, `acknowledged ${acknowledged.length}, lost ${lost.length}`).toEqual([]);
      // And it still takes writes.
      expect((await createTask(second.url, who, 'after restart')).status).toBe(201);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 180_000);
});
