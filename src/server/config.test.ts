import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults PUBLIC_URL to localhost on the configured PORT, so links and the start-up line match', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3456' }).PUBLIC_URL).toBe('http://localhost:3456');
    expect(loadConfig({ PORT: '3456', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:3456');
  });

  it('keeps an explicit PUBLIC_URL whatever the port', () => {
    const config = loadConfig({ PORT: '8080', PUBLIC_URL: 'https://family.example.com' });
    expect(config.PUBLIC_URL).toBe('https://family.example.com');
  });

  it('refuses a malformed value, naming the variable', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('keeps SPEC §1’s free plan for new families unless the operator sets other limits (issue 46)', () => {
    expect(loadConfig({})).toMatchObject({ FAMILY_MAX_MEMBERS: 4, FAMILY_MAX_EVENTS_PER_MONTH: 50 });
    expect(loadConfig({ FAMILY_MAX_MEMBERS: '5', FAMILY_MAX_EVENTS_PER_MONTH: '200' })).toMatchObject({
      FAMILY_MAX_MEMBERS: 5,
      FAMILY_MAX_EVENTS_PER_MONTH: 200,
    });
    for (const bad of ['0', '-1', '2.5', 'five', '51']) {
      expect(() => loadConfig({ FAMILY_MAX_MEMBERS: bad })).toThrow(/FAMILY_MAX_MEMBERS/);
    }
    for (const bad of ['0', 'many', '10001']) {
      expect(() => loadConfig({ FAMILY_MAX_EVENTS_PER_MONTH: bad })).toThrow(/FAMILY_MAX_EVENTS_PER_MONTH/);
    }
  });
});
