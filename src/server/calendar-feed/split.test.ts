import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseIcs } from '../../core/ics/import.ts';
import { splitIcs } from '../../core/ics/split.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/ics');

describe('splitIcs', () => {
  it('splits a large file into batches that together hold the same events', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'ical4j/mathBirthdays.ics'), 'utf8');
    const whole = parseIcs(text, 'America/Los_Angeles', []);
    const batches = splitIcs(text, 300);
    expect(batches.length).toBe(5);
    expect(batches.reduce((n, b) => n + b.events, 0)).toBe(whole.events.length);
    const parts = batches.flatMap((b) => parseIcs(b.text, 'America/Los_Angeles', []).events);
    expect(parts).toEqual(whole.events);
  });

  it('keeps a series with its overrides and leaves small or unreadable files whole', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'node-ical/example-rrule.ics'), 'utf8');
    expect(splitIcs(text, 1)).toHaveLength(2);
    expect(splitIcs(text, 300)).toEqual([{ text, events: 3 }]);
    expect(splitIcs('not ics', 1)).toEqual([{ text: 'not ics', events: 0 }]);
  });
});
