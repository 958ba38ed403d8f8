/**
 * Cutting text to a length without breaking a character (issue 44). `String.prototype.slice` counts UTF-16 code
 * units, so a cut can fall between the two halves of a surrogate pair (an emoji: "😀" is two units) and leave
 * a lone surrogate, which UTF-8 (the database, JSON on the wire) turns into "�", or inside a grapheme cluster
 * (a flag, a family emoji, a letter and its combining accent) and leave half of what a person sees as one
 * character. These cut between grapheme clusters (`Intl.Segmenter`). Lengths stay counted in UTF-16 code units,
 * as `String.length` and the contracts' `max` count them, so the result fits wherever the cut text had to fit.
 */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest start of `text` that is at most `max` UTF-16 code units long and ends between two grapheme
 * clusters; `text` itself when it fits.
 */
export function startOf(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** `text` when it fits in `max` UTF-16 code units; else its start (`startOf`) and "…", `max` units at most. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${startOf(text, max - 1)}…`;
}
