import { describe, expect, it } from 'vitest';
import { contentPreview } from './preview.ts';

describe('contentPreview', () => {
  /** Bytes of `text` inside a JSON string (the quotes left out), as the list reply carries it. */
  const jsonSize = (text: string) => Buffer.byteLength(JSON.stringify(text), 'utf8') - 2;

  it('keeps short content whole', () => {
    expect(contentPreview('milk\neggs', 12, 2048)).toEqual({ preview: 'milk\neggs', truncated: false });
    expect(contentPreview('', 12, 2048)).toEqual({ preview: '', truncated: false });
  });

  it('keeps the first lines, up to the line limit', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${String(i)}`);
    expect(contentPreview(lines.join('\n'), 3, 2048)).toEqual({
      preview: 'line 0\nline 1\nline 2',
      truncated: true,
    });
    expect(contentPreview(lines.slice(0, 3).join('\n'), 3, 2048).truncated).toBe(false);
  });

  it('ends at a line break when a whole line fits, so a photo line is never cut', () => {
    const content = `Receipts\n![photo](/api/notes/1/photos/0?v=1)\n${'x'.repeat(100)}`;
    expect(contentPreview(content, 12, 30)).toEqual({ preview: 'Receipts', truncated: true });
    expect(contentPreview(content, 12, 60)).toEqual({
      preview: 'Receipts\n![photo](/api/notes/1/photos/0?v=1)',
      truncated: true,
    });
  });

  it('cuts a first line longer than the budget between code points, never inside a surrogate pair', () => {
    const emoji = '😀'.repeat(1000); // 4 UTF-8 bytes and 2 UTF-16 units each
    const { preview, truncated } = contentPreview(emoji, 12, 2047);
    expect(truncated).toBe(true);
    expect(preview).toBe('😀'.repeat(511));
    expect(jsonSize(preview)).toBeLessThanOrEqual(2047);
  });

  it('counts JSON escapes, so the preview as sent stays within the budget', () => {
    for (const unit of ['"', '\\', '\u0001', 'é', '水', '\t']) {
      const { preview, truncated } = contentPreview(unit.repeat(5000), 12, 2048);
      expect(truncated).toBe(true);
      expect(jsonSize(preview)).toBeLessThanOrEqual(2048);
      expect(jsonSize(preview)).toBeGreaterThan(2048 - 6);
    }
  });
});
