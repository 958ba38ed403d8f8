import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { pathId } from './path-params.ts';

describe('pathId', () => {
  it('reads a positive 32-bit id from the named segment', () => {
    expect(pathId({ id: '1' })).toBe(1);
    expect(pathId({ id: '2147483647' })).toBe(2_147_483_647);
    expect(pathId({ taskId: '42' }, 'taskId')).toBe(42);
  });

  it.each([['0'], ['007'], ['-1'], ['1.5'], ['1e3'], [' 1'], ['2147483648'], ['99999999999'], ['abc'], ['']])(
    'answers 404 for %j',
    (raw) => {
      expect(() => pathId({ id: raw })).toThrow(HttpError);
      try {
        pathId({ id: raw }, 'id', 'Event not found');
      } catch (error) {
        expect(error).toMatchObject({ statusCode: 404, message: 'Event not found' });
      }
    },
  );

  it('answers 404 when the segment is missing or not a string', () => {
    expect(() => pathId(undefined)).toThrow(HttpError);
    expect(() => pathId({})).toThrow(HttpError);
    expect(() => pathId({ id: 5 })).toThrow(HttpError);
  });
});
