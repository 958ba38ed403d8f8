import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, OFFLINE_WRITE_MESSAGE, OfflineError, serverMessageOr } from './api.ts';
import { API_CACHE_NAME, OFFLINE_READ_PATTERN } from './offline-cache.ts';

// apiFetch's offline rules (issue 11), with the browser's navigator, fetch and Cache Storage stubbed.
const fetchMock = vi.fn<typeof fetch>();
const cacheDelete = vi.fn<(name: string) => Promise<boolean>>();

function online(value: boolean) {
  vi.stubGlobal('navigator', { onLine: value });
}

beforeEach(() => {
  fetchMock.mockReset().mockResolvedValue(new Response('{"id":1}', { status: 201 }));
  cacheDelete.mockReset().mockResolvedValue(true);
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('caches', { delete: cacheDelete });
  online(true);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('offline writes are refused, never sent or queued', () => {
  it.each(['POST', 'PATCH', 'PUT', 'DELETE'])(
    '%s while offline throws OfflineError without calling fetch',
    async (method) => {
      online(false);
      const call = apiFetch('/api/tasks', { method, body: { title: 'Buy milk' } });
      await expect(call).rejects.toBeInstanceOf(OfflineError);
      await expect(call).rejects.toBeInstanceOf(ApiError);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('the error says plainly that the change was not saved, also through serverMessageOr', async () => {
    online(false);
    const error = await apiFetch('/api/notes', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect((error as OfflineError).message).toBe(OFFLINE_WRITE_MESSAGE);
    expect((error as OfflineError).status).toBe(0);
    expect(serverMessageOr(error, 'Failed to create note.')).toBe(OFFLINE_WRITE_MESSAGE);
    expect(OFFLINE_WRITE_MESSAGE).toMatch(/offline.*not saved/i);
  });

  it('reads still go out offline (the service worker may answer them from its copy)', async () => {
    online(false);
    fetchMock.mockResolvedValue(new Response('[]', { status: 200 }));
    await expect(apiFetch('/api/tasks')).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('online, writes are sent as before', async () => {
    await expect(apiFetch('/api/tasks', { method: 'POST', body: { title: 'x' } })).resolves.toEqual({
      id: 1,
    });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('the offline copy is forgotten when the session ends', () => {
  it('after a successful sign-out', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiFetch('/api/auth/logout', { method: 'POST' });
    expect(cacheDelete).toHaveBeenCalledExactlyOnceWith(API_CACHE_NAME);
  });

  it("with what this device remembers of the family in localStorage, and nothing else's (issue 42)", async () => {
    const store = new Map([
      ['familyhub.family-zone', 'Europe/Berlin'],
      ['familyhub.calendar.members', '3,7'],
      ['another-app', 'kept'],
    ]);
    vi.stubGlobal('localStorage', {
      get length() {
        return store.size;
      },
      key: (i: number) => [...store.keys()][i] ?? null,
      removeItem: (key: string) => store.delete(key),
    });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiFetch('/api/auth/logout', { method: 'POST' });
    expect([...store.keys()]).toEqual(['another-app']);
  });

  it('on any 401', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"error":{"code":"unauthorized","message":"x"}}', { status: 401 }),
    );
    await expect(apiFetch('/api/auth/session')).rejects.toMatchObject({ status: 401 });
    expect(cacheDelete).toHaveBeenCalledExactlyOnceWith(API_CACHE_NAME);
  });

  it('not on ordinary calls', async () => {
    await apiFetch('/api/tasks', { method: 'POST', body: {} });
    fetchMock.mockResolvedValue(new Response('{}', { status: 404 }));
    await apiFetch('/api/tasks/9').catch(() => undefined);
    expect(cacheDelete).not.toHaveBeenCalled();
  });
});

describe('which replies the service worker keeps', () => {
  it.each([
    '/api/events?start=2026-11-22&end=2026-11-29',
    '/api/tasks',
    '/api/tasks/12',
    '/api/notes',
    '/api/auth/session',
    '/api/family-members',
  ])('keeps %s', (path) => expect(OFFLINE_READ_PATTERN.test(`https://app.example${path}`)).toBe(true));

  it.each([
    '/api/auth/login',
    '/api/waitlist/count',
    '/api/notifications',
    '/api/eventsx',
    '/api/family-members/invitations/validate/abc',
    '/api/auth/sessions',
    '/api/settings',
  ])('not %s', (path) => expect(OFFLINE_READ_PATTERN.test(`https://app.example${path}`)).toBe(false));
});
