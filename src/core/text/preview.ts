/**
 * The start of a long text for a list reply (issue 42): lists carry a bounded start of each item's text, and the
 * whole text is fetched on its own. Sizes are counted as the bytes of the text inside a JSON string, as sent.
 */
/**
 * Bytes one code point takes inside a JSON string as `JSON.stringify` writes it (UTF-8): a quote, a backslash
 * and the short escapes take 2, other control characters and lone surrogates a 6-byte `\uXXXX`.
 */
function jsonBytes(codePoint: number): number {
  if (codePoint === 0x22 || codePoint === 0x5c) return 2;
  if (
    codePoint === 0x08 ||
    codePoint === 0x09 ||
    codePoint === 0x0a ||
    codePoint === 0x0c ||
    codePoint === 0x0d
  )
    return 2;
  if (codePoint < 0x20) return 6;
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 6;
  return codePoint < 0x10000 ? 3 : 4;
}

/**
 * The start of `content` a list carries (issue 42; the notes list, ADR 042): its first `maxLines` lines, within `maxBytes`
 * bytes as a JSON string (`jsonBytes`), so the list reply is bounded whatever the notes hold. It ends at a
 * line break when a whole line fits (a photo line is never cut in half); only a first line longer than the
 * budget is cut inside, and then between code points, never between the two halves of a surrogate pair.
 * @returns the preview, and `truncated`: whether anything of `content` was left out.
 */
export function contentPreview(
  content: string,
  maxLines: number,
  maxBytes: number,
): { preview: string; truncated: boolean } {
  let bytes = 0;
  let lines = 1;
  let end = 0; // UTF-16 index just past the last code point taken
  let lastLineEnd = -1; // UTF-16 index of the last line break taken, -1 before the first
  for (const char of content) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint === 0x0a && lines === maxLines) break;
    bytes += jsonBytes(codePoint);
    if (bytes > maxBytes) break;
    if (codePoint === 0x0a) {
      lastLineEnd = end;
      lines += 1;
    }
    end += char.length;
  }
  if (end === content.length) return { preview: content, truncated: false };
  const cutInsideLine = content[end] !== '\n';
  const stop = cutInsideLine && lastLineEnd >= 0 ? lastLineEnd : end;
  return { preview: content.slice(0, stop).replace(/\r$/, ''), truncated: true };
}

/**
 * The start of an optional long text (a description, a proposal's notes) for a list reply (issue 42, ADR 046):
 * `contentPreview` within `maxLines` lines and `maxBytes` bytes; null stays null.
 * @returns the text to list and whether anything of it was left out.
 */
export function optionalPreview(
  text: string | null,
  maxLines: number,
  maxBytes: number,
): { text: string | null; truncated: boolean } {
  if (text === null) return { text: null, truncated: false };
  const { preview, truncated } = contentPreview(text, maxLines, maxBytes);
  return { text: preview, truncated };
}
