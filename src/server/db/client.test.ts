import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { withDatabase } from '../test/global-setup.ts';
import { AppRoleError, DataDirInUseError, openDatabase } from './client.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('PGlite data directory lock', () => {
  it('refuses a data directory this process already has open, and allows it again after close', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('refuses a directory held by another live process, naming its pid', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'familyhub.lock'), String(holder.pid));
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        `in use by another FamilyHub process (pid ${holder.pid})`,
      );
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'familyhub.lock'), String(dead.pid));
    const database = await openDatabase({ dataDir: dir });
    expect(fs.readFileSync(path.join(dir, 'familyhub.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(fs.existsSync(path.join(dir, 'familyhub.lock'))).toBe(false);
  });
});

describe.runIf(process.env.DATABASE_URL)('the app login on PostgreSQL', () => {
  const url = process.env.DATABASE_URL ?? '';
  const name = `familyhub_role_${process.pid}`;

  it('refuses to run when the app login is a superuser, or can SET ROLE to one', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const helper = `familyhub_escalates_${process.pid}`;
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const dbUrl = withDatabase(url, name);
      // The owner itself as the app login.
      await expect(openDatabase({ databaseUrl: dbUrl, appDatabaseUrl: dbUrl, dataDir: '' })).rejects.toThrow(
        AppRoleError,
      );
      // A plain login that is a member of a superuser role.
      await admin.query(`CREATE ROLE ${helper} LOGIN NOSUPERUSER IN ROLE postgres`);
      const escalating = new URL(dbUrl);
      escalating.username = helper;
      await expect(
        openDatabase({ databaseUrl: dbUrl, appDatabaseUrl: escalating.toString(), dataDir: '' }),
      ).rejects.toThrow(/can SET ROLE to, a role that bypasses row-level security \(postgres\)/);
      // The default: familyhub_app, which passes.
      const ok = await openDatabase({ databaseUrl: dbUrl, dataDir: '' });
      await ok.close();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${helper}`);
      await admin.end();
    }
  });
});
