import { describe, expect, it } from 'vitest';
import { countSmsSegments, smsEncoding, truncateToSegments } from './sms-segments.ts';

describe('countSmsSegments', () => {
  it('counts an empty body as no segments', () => {
    expect(countSmsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0 });
  });

  it('fits 160 GSM-7 characters in one segment and splits at 153 after that', () => {
    expect(countSmsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSmsSegments('a'.repeat(161)).segments).toBe(2);
    expect(countSmsSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSmsSegments('a'.repeat(307)).segments).toBe(3);
    expect(countSmsSegments('a'.repeat(459)).segments).toBe(3);
    expect(countSmsSegments('a'.repeat(460)).segments).toBe(4);
  });

  it('treats the GSM-7 accented letters and Greek capitals as GSM-7', () => {
    expect(smsEncoding('Café à Ñandu ΔΩ £5 @home')).toBe('GSM-7');
    expect(smsEncoding('Ñandú')).toBe('UCS-2'); // ú (acute) is not in the alphabet; ù (grave) is
  });

  it('counts extension characters (€ [ ] { } ^ ~ | \\) as two septets', () => {
    expect(countSmsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSmsSegments('€'.repeat(81)).segments).toBe(2);
  });

  it('never splits an escape sequence across segments', () => {
    // 152 plain + '€' (2) = 154 septets of the first part: the € must move to segment 2.
    const text = 'a'.repeat(152) + '€' + 'a'.repeat(10);
    expect(countSmsSegments(text).segments).toBe(2);
    // 305 septets: 152 + € doesn't fit the first 153, so parts are 152 | 2+151 | 2 → 3 segments.
    const tight = 'a'.repeat(152) + '€' + 'a'.repeat(151) + '€';
    expect(countSmsSegments(tight).units).toBe(307);
    expect(countSmsSegments(tight).segments).toBe(3);
  });

  it('switches to UCS-2 for any character outside GSM-7: 70 per single, 67 per part', () => {
    expect(smsEncoding('Hi Grandma ç')).toBe('UCS-2'); // lowercase ç is not in the default alphabet
    expect(countSmsSegments('ж'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(countSmsSegments('ж'.repeat(71)).segments).toBe(2);
    expect(countSmsSegments('ж'.repeat(134)).segments).toBe(2);
    expect(countSmsSegments('ж'.repeat(135)).segments).toBe(3);
  });

  it('counts an emoji as two UTF-16 units and keeps a surrogate pair whole', () => {
    expect(countSmsSegments('😀')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
    expect(countSmsSegments('😀'.repeat(35)).segments).toBe(1);
    expect(countSmsSegments('😀'.repeat(36)).segments).toBe(2);
    // 66 units then an emoji: the pair cannot straddle the 67-unit boundary.
    expect(countSmsSegments('ж'.repeat(66) + '😀' + 'ж'.repeat(10)).segments).toBe(2);
    expect(countSmsSegments('ж'.repeat(66) + '😀' + 'ж'.repeat(66)).segments).toBe(3);
  });
});

describe('truncateToSegments', () => {
  it('leaves a body that fits untouched', () => {
    expect(truncateToSegments('Pick up Mia at 3:30')).toBe('Pick up Mia at 3:30');
  });

  it('cuts a long GSM-7 body to exactly 3 segments ending in "..."', () => {
    const cut = truncateToSegments('word '.repeat(200));
    expect(cut.endsWith('...')).toBe(true);
    expect(countSmsSegments(cut)).toMatchObject({ encoding: 'GSM-7', segments: 3 });
    expect(countSmsSegments(cut).units).toBeGreaterThan(450);
  });

  it('cuts a long UCS-2 body with "…" and stays UCS-2 within 3 segments', () => {
    const cut = truncateToSegments('Привет '.repeat(60));
    expect(cut.endsWith('…')).toBe(true);
    expect(countSmsSegments(cut)).toMatchObject({ encoding: 'UCS-2', segments: 3 });
    expect(countSmsSegments(cut).units).toBeGreaterThan(195);
  });

  it('honours a smaller maximum', () => {
    expect(countSmsSegments(truncateToSegments('a'.repeat(500), 1)).units).toBe(160);
  });
});
