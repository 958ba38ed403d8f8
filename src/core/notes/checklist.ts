/**
 * Checklist items in note content (issue 45 item 1, ADR 050). A checklist item is a bullet line whose text
 * starts with a box, in the GitHub Flavored Markdown task-list form (GFM spec §5.3 "Task list items"):
 * `• [ ] eggs` is open, `• [x] milk` is ticked (`[X]` is read as ticked too; the app writes `[x]`). The content
 * stays SPEC §3's plain text with bullet lines: the box is part of the bullet's text, so the Text / Bullets
 * switch (`textToBullets` / `bulletsToText`) keeps it as it is.
 */

import { BULLET_CHAR, bulletsToText, textToBullets } from './bullets.ts';

/** A bullet's text split into its box and its words. `ticked` is null for a plain bullet (no box). */
export interface ChecklistBullet {
  ticked: boolean | null;
  text: string;
}

/** A box, at least one blank, then the item's words (a box alone is plain text, not an item). */
const BOX = /^\[([ xX])\][ \t]+(\S.*)$/;

/** A bullet line as the board shows it: marker, whitespace, then the bullet's text (`parseNoteContent`). */
export const BULLET_LINE = /^[ \t]*[•\-*][ \t]+(.*)$/;

/** Blanks folded and trimmed: how items are compared, so `milk ` and `milk` are one item. */
function normalised(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Splits a bullet's text (without its marker) into box and words: `[x] milk` → `{ ticked: true, text: 'milk' }`. */
export function splitCheckbox(bulletText: string): ChecklistBullet {
  const match = BOX.exec(bulletText.trim());
  if (!match) return { ticked: null, text: bulletText.trim() };
  return { ticked: match[1] !== ' ', text: (match[2] ?? '').trim() };
}

/** Inverse of `splitCheckbox`: `[x] milk`, `[ ] eggs`, or the words alone for a plain bullet. */
export function joinCheckbox(bullet: ChecklistBullet): string {
  if (bullet.ticked === null) return bullet.text;
  return `[${bullet.ticked ? 'x' : ' '}] ${bullet.text}`;
}

/**
 * The checklist item a content line holds, or null when the line is not one (not a bullet line, or a bullet
 * without a box). `text` is the item's words, trimmed.
 */
export function parseChecklistLine(line: string): { ticked: boolean; text: string } | null {
  const bullet = BULLET_LINE.exec(line);
  if (!bullet) return null;
  const { ticked, text } = splitCheckbox(bullet[1] ?? '');
  return ticked === null ? null : { ticked, text };
}

/** The content line of a checklist item: `• [x] milk` (SPEC §4's bullet character, then the box). */
export function checklistLine(item: { ticked: boolean; text: string }): string {
  return `${BULLET_CHAR} ${joinCheckbox({ ticked: item.ticked, text: normalised(item.text) })}`;
}

/**
 * Text → the Bullets mode's items: `textToBullets`, each bullet split into box and words.
 * @returns at least one item (an empty plain bullet for empty text).
 */
export function textToChecklistBullets(text: string): ChecklistBullet[] {
  return textToBullets(text).map(splitCheckbox);
}

/**
 * The Bullets mode's items → text: items without words are dropped (an empty input, even with a box), the
 * rest are `bulletsToText` lines with their box: `• [ ] eggs`.
 */
export function checklistBulletsToText(bullets: readonly ChecklistBullet[]): string {
  return bulletsToText(bullets.filter((b) => b.text.trim() !== '').map(joinCheckbox));
}

/** Whether the content holds at least one ticked checklist item. */
export function hasTickedItems(content: string): boolean {
  return content.split(/\r?\n/).some((line) => parseChecklistLine(line)?.ticked === true);
}

/**
 * A tick or untick as a device asks for it: the item's line (0-based, in the content that device shows: the
 * board's start of the note or the whole note) as a hint, and its words, which decide.
 */
export interface TickRequest {
  line: number;
  text: string;
  ticked: boolean;
}

/**
 * Sets one checklist item's box in `content`. The item is the one at `request.line` when that line is an item
 * with the same words (blanks folded); otherwise, since lines move when another device edits the note, the
 * first item with those words whose box differs, else the first item with those words (already as asked: the
 * request is idempotent, so a retry never undoes it). Only that line changes; its marker becomes `•`.
 * @returns the new content and the 0-based line changed, or null when no checklist item has those words.
 */
export function setItemTicked(
  content: string,
  request: TickRequest,
): { content: string; line: number } | null {
  const lines = content.split(/\r?\n/);
  const wanted = normalised(request.text);
  const matches = (index: number) => {
    const item = parseChecklistLine(lines[index] ?? '');
    return item !== null && normalised(item.text) === wanted ? item : null;
  };
  let line = matches(request.line) ? request.line : -1;
  if (line < 0) line = lines.findIndex((_, i) => matches(i)?.ticked === !request.ticked);
  if (line < 0) line = lines.findIndex((_, i) => matches(i) !== null);
  const item = line < 0 ? null : matches(line);
  if (item === null) return null;
  if (item.ticked === request.ticked) return { content, line };
  lines[line] = checklistLine({ ticked: request.ticked, text: item.text });
  return { content: lines.join('\n'), line };
}

/**
 * "Clear ticked items": `content` without its ticked checklist item lines; every other line is kept as it is.
 * @returns the new content and how many items were removed (0: the content is unchanged).
 */
export function clearTickedItems(content: string): { content: string; removed: number } {
  const lines = content.split(/\r?\n/);
  const kept = lines.filter((line) => parseChecklistLine(line)?.ticked !== true);
  const removed = lines.length - kept.length;
  return { content: removed === 0 ? content : kept.join('\n'), removed };
}

/**
 * Ticked items sink below the open ones: a stable partition, open items and plain bullets first in their own
 * order, then the ticked ones in theirs. Display order only: the content's lines do not move.
 */
export function sinkTicked<T extends { ticked: boolean | null }>(items: readonly T[]): T[] {
  return [...items.filter((i) => i.ticked !== true), ...items.filter((i) => i.ticked === true)];
}
