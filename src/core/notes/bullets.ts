/**
 * Text ⇄ Bullets conversion of note content (SPEC §4 "Note content"). Bullet content is stored as plain
 * text, one bullet per line, each line prefixed with the bullet character and a space.
 */

/** The character every bullet line starts with when bullets are joined into text. */
export const BULLET_CHAR = '•';

/** A line that starts (after indentation) with a bullet, dash or asterisk marker followed by a space or the end. */
const MARKER_LINE = /^[ \t]*[•\-*](?:[ \t]+|$)/;

/**
 * Whether the content holds a bullet, dash or asterisk marker at the start of a line: an existing note
 * opens in Bullets mode when it does (SPEC §4). `-5 degrees` or `*bold*` are not markers: a marker is
 * followed by whitespace or ends the line.
 */
export function hasBulletMarker(content: string): boolean {
  return content.split(/\r?\n/).some((line) => MARKER_LINE.test(line));
}

/**
 * Text → bullets for the Bullets mode: one bullet per non-blank line, with any bullet, dash or asterisk
 * marker and surrounding whitespace removed. Lines without a marker become bullets too, so no text is lost.
 * @returns at least one bullet (an empty one for empty text), so the form always shows an input.
 */
export function textToBullets(text: string): string[] {
  const bullets = text
    .split(/\r?\n/)
    .map((line) => line.replace(MARKER_LINE, '').trim())
    .filter((line) => line !== '');
  return bullets.length > 0 ? bullets : [''];
}

/**
 * Bullets → text: the non-blank bullets, trimmed, each on its own line prefixed with `• ` (SPEC §4).
 * Blank bullets (an input left empty) are dropped; no bullets give empty text.
 */
export function bulletsToText(bullets: readonly string[]): string {
  return bullets
    .map((bullet) => bullet.replace(/\s+/g, ' ').trim())
    .filter((bullet) => bullet !== '')
    .map((bullet) => `${BULLET_CHAR} ${bullet}`)
    .join('\n');
}
