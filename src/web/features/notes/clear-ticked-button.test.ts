import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/api.ts';
import { checklistFailure } from './clear-ticked-button.tsx';

const body = (message: string) => JSON.stringify({ error: { code: 'conflict', message } });

describe('checklistFailure', () => {
  it("says the server's reason when the item is gone (409, changed on another device)", () => {
    const gone = new ApiError(409, body('That item was changed on another device.'), 'Conflict');
    expect(checklistFailure(gone)).toBe('That item was changed on another device.');
  });

  it("says SPEC §8's 'Failed to update note.' for anything else", () => {
    expect(checklistFailure(new ApiError(500, body('Internal error'), 'Server Error'))).toBe(
      'Failed to update note.',
    );
    expect(checklistFailure(new ApiError(409, 'not json', 'Conflict'))).toBe('Failed to update note.');
    expect(checklistFailure(new TypeError('Failed to fetch'))).toBe('Failed to update note.');
  });
});
