import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkSecret, linkToken, newLinkRef } from './link-tokens.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'familyhub-link-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('link tokens (ADR 014)', () => {
  it('without LINK_SECRET, generates a 256-bit key into DATA_DIR once (mode 0600) and keeps using it', () => {
    const first = linkSecret({ DATA_DIR: dir, LINK_SECRET: undefined });
    const file = path.join(dir, 'link-secret');
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(linkSecret({ DATA_DIR: dir, LINK_SECRET: undefined }).equals(first)).toBe(true);
  });

  it('derives 43-character tokens that differ by key and by ref, and never contain the ref', () => {
    const key = Buffer.from('k'.repeat(32));
    const ref = newLinkRef('invitation', 42);
    expect(ref).toMatch(/^invitation:42:[A-Za-z0-9_-]{22}$/);
    const token = linkToken(key, ref);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(linkToken(key, ref)).toBe(token);
    expect(linkToken(Buffer.from('j'.repeat(32)), ref)).not.toBe(token);
    expect(linkToken(key, newLinkRef('invitation', 42))).not.toBe(token);
  });
});
