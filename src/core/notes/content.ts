/**
 * Note content beyond plain text: embedded photos and the blocks the board renders. Content is plain text;
 * a photo is one line of Markdown image markup `![photo](data:image/jpeg;base64,…)` holding a data URL
 * (the camera returns one, SPEC §9). Nothing here produces HTML: the web renders the blocks as React
 * elements, so note content is never injected as markup.
 */

import { shorten } from '../text/shorten.ts';
import { BULLET_LINE, splitCheckbox } from './checklist.ts';

/** A data URL of a raster image type browsers render in `<img>`, base64-encoded. SVG is excluded on purpose. */
const SAFE_IMAGE_DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * A photo of a stored note, served on its own (`GET /api/notes/{id}/photos/{index}?v={version}`): the list
 * reply names photos by this path instead of carrying their bytes (issue 20).
 */
const NOTE_PHOTO_PATH = /^\/api\/notes\/[0-9]{1,10}\/photos\/[0-9]{1,4}\?v=[0-9]{1,16}$/;

/** A content line that is exactly one embedded photo (a data URL, or a stored note's photo path). */
const IMAGE_LINE = /^[ \t]*!\[photo\]\(((?:data:|\/api\/notes\/)[^)\s]+)\)[ \t]*$/;

/** Whether `url` is a base64 data URL of a PNG, JPEG, GIF or WebP image: the only `src` a note photo may have. */
export function isSafeImageDataUrl(url: string): boolean {
  return SAFE_IMAGE_DATA_URL.test(url);
}

/** Whether `src` may be a note photo's `src`: a safe image data URL or a stored note's photo path. */
function isPhotoSource(src: string): boolean {
  return isSafeImageDataUrl(src) || NOTE_PHOTO_PATH.test(src);
}

/**
 * The content line that embeds a photo.
 * @throws Error when `src` is neither a safe image data URL (see `isSafeImageDataUrl`) nor a note photo path.
 */
export function imageMarkup(src: string): string {
  if (!isPhotoSource(src)) throw new Error('Not an image data URL');
  return `![photo](${src})`;
}

function imageSource(line: string): string | null {
  const match = IMAGE_LINE.exec(line);
  const url = match?.[1];
  return url !== undefined && isPhotoSource(url) ? url : null;
}

/**
 * The content as the notes list sends it (issue 20: no photo bytes in the list reply): every embedded photo
 * (a safe data URL line) is replaced by `photoPath(index)`, index counting photos from 0 in content order.
 */
export function withPhotoPaths(content: string, photoPath: (index: number) => string): string {
  let index = 0;
  return content
    .split(/\r?\n/)
    .map((line) => {
      const match = IMAGE_LINE.exec(line);
      const url = match?.[1];
      if (url === undefined || !isSafeImageDataUrl(url)) return line;
      const path = photoPath(index);
      index += 1;
      return `![photo](${path})`;
    })
    .join('\n');
}

/**
 * The content with every photo line's source (a safe data URL or a note photo path, see `imageMarkup`) replaced
 * by `replace(source)`, which may throw to refuse the content. Other lines are kept as they are.
 */
export function mapPhotoSources(content: string, replace: (source: string) => string): string {
  return content
    .split(/\r?\n/)
    .map((line) => {
      const src = imageSource(line);
      if (src === null) return line;
      const next = replace(src);
      return next === src ? line : imageMarkup(next);
    })
    .join('\n');
}

/**
 * The note id, photo index and version (the note's last change, epoch ms) a note photo path
 * (`/api/notes/{id}/photos/{index}?v={version}`) names, or null when `src` is not one.
 */
export function parsePhotoPath(src: string): { noteId: number; index: number; version: number } | null {
  if (!NOTE_PHOTO_PATH.test(src)) return null;
  const [, noteId, index, version] = /^\/api\/notes\/([0-9]+)\/photos\/([0-9]+)\?v=([0-9]+)$/.exec(src) ?? [];
  return { noteId: Number(noteId), index: Number(index), version: Number(version) };
}

/** The data URL of a photo as `photoAt` returns it. */
export function photoDataUrl(photo: { mimeType: string; base64: string }): string {
  return `data:${photo.mimeType};base64,${photo.base64}`;
}

/**
 * The `index`-th embedded photo (from 0, in content order, as `withPhotoPaths` counts), decoded.
 * @returns the MIME type (`image/png|jpeg|gif|webp`) and the bytes, or null when there is no such photo.
 */
export function photoAt(content: string, index: number): { mimeType: string; base64: string } | null {
  let seen = 0;
  for (const line of content.split(/\r?\n/)) {
    const url = IMAGE_LINE.exec(line)?.[1];
    if (url === undefined || !isSafeImageDataUrl(url)) continue;
    if (seen === index) {
      const comma = url.indexOf(',');
      return { mimeType: url.slice('data:'.length, url.indexOf(';')), base64: url.slice(comma + 1) };
    }
    seen += 1;
  }
  return null;
}

/**
 * One bullet as the board shows it: its words, its box (`ticked` null for a plain bullet, see
 * `splitCheckbox`) and its 0-based line in the content (what a tick names, `setItemTicked`).
 */
export interface NoteBulletItem {
  text: string;
  ticked: boolean | null;
  line: number;
}

/** What the board renders, in content order. */
export type NoteBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: NoteBulletItem[] }
  | { kind: 'image'; src: string };

/**
 * Splits content into display blocks: runs of bullet lines (checklist items among them) become one `bullets`
 * block, in content order (the board sinks ticked items itself, `sinkTicked`), photo lines become
 * `image` blocks (only safe data URLs; anything else stays text), the remaining lines are grouped into
 * paragraphs at blank lines (line breaks inside a paragraph are kept).
 */
export function parseNoteContent(content: string): NoteBlock[] {
  const blocks: NoteBlock[] = [];
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (const [index, line] of content.split(/\r?\n/).entries()) {
    const src = imageSource(line);
    if (src !== null) {
      flushParagraph();
      blocks.push({ kind: 'image', src });
      continue;
    }
    const bullet = BULLET_LINE.exec(line);
    if (bullet) {
      flushParagraph();
      const item = { ...splitCheckbox(bullet[1] ?? ''), line: index };
      const last = blocks.at(-1);
      if (last?.kind === 'bullets') last.items.push(item);
      else blocks.push({ kind: 'bullets', items: [item] });
      continue;
    }
    if (line.trim() === '') flushParagraph();
    else paragraph.push(line);
  }
  flushParagraph();
  return blocks;
}

/**
 * Separates the written part of the content from its photos, so the form edits text (in Text or Bullets
 * mode) while photos are shown and removed on their own.
 * @returns `text` without photo lines (trailing blank lines trimmed) and the photos' data URLs in order.
 */
export function splitNoteContent(content: string): { text: string; images: string[] } {
  const images: string[] = [];
  const lines: string[] = [];
  for (const line of content.split(/\r?\n/)) {
    const src = imageSource(line);
    if (src !== null) images.push(src);
    else lines.push(line);
  }
  return { text: lines.join('\n').replace(/\s+$/, ''), images };
}

/** Inverse of `splitNoteContent`: the text, then one photo line per image (photos go after the text). */
export function joinNoteContent(text: string, images: readonly string[]): string {
  const parts = text.trim() === '' ? [] : [text.replace(/\s+$/, '')];
  return [...parts, ...images.map(imageMarkup)].join('\n');
}

/**
 * A one-line plain-text preview (for labels and announcements): photos, bullet markers and checklist boxes
 * removed; at most
 * `maxLength` UTF-16 code units, cut between characters (`shorten`).
 */
export function notePreview(content: string, maxLength = 80): string {
  const text = splitNoteContent(content)
    .text.split(/\r?\n/)
    .map((line) => {
      const bullet = BULLET_LINE.exec(line);
      return bullet ? splitCheckbox(bullet[1] ?? '').text : line.trim();
    })
    .filter((line) => line !== '')
    .join(', ');
  return shorten(text, maxLength);
}
