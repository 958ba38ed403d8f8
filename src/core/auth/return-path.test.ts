import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-path.ts';

describe('safeReturnPath (issue 46: sign in and come back, never elsewhere)', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnPath('/tasks')).toBe('/tasks');
    expect(safeReturnPath('/calendar?view=week&date=2026-11-24')).toBe('/calendar?view=week&date=2026-11-24');
    expect(safeReturnPath('/add-event/12?occurrence=2026-11-24T15:30:00#x')).toBe(
      '/add-event/12?occurrence=2026-11-24T15:30:00#x',
    );
  });

  it('refuses anything that leaves the site or loops to a signed-out page', () => {
    for (const raw of [
      null,
      '',
      'tasks',
      'https://evil.example/tasks',
      '//evil.example/tasks',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/login',
      '/login?next=/tasks',
      '/register',
      '/forgot-password',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBeNull();
    }
  });

  it('builds the sign-in link that carries the path', () => {
    expect(loginPathFor('/tasks?x=1')).toBe('/login?next=%2Ftasks%3Fx%3D1');
    expect(safeReturnPath(new URLSearchParams('next=%2Ftasks%3Fx%3D1').get('next'))).toBe('/tasks?x=1');
  });
});
