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
});
