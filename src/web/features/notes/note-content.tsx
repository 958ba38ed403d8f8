import { parseNoteContent } from '../../../core/notes/content.ts';

/**
 * A note's content as React elements: paragraphs, bullet lists and photos (SPEC §3 "plain text with bullet
 * lines, or embedded image markup"). Text is always rendered as text, never as HTML; a photo is an `<img>`
 * only when its source is a safe image data URL (checked in `parseNoteContent`).
 */
export function NoteContent({ content }: { content: string }) {
  const blocks = parseNoteContent(content);
  return (
    <div className="space-y-2 text-sm text-slate-700">
      {blocks.map((block, index) => {
        const key = `${block.kind}-${String(index)}`;
        if (block.kind === 'paragraph') {
          return (
            <p key={key} className="break-words whitespace-pre-wrap">
              {block.text}
            </p>
          );
        }
        if (block.kind === 'bullets') {
          return (
            <ul key={key} className="list-disc space-y-0.5 pl-5 break-words">
              {block.items.map((item, i) => (
                <li key={`${key}-${String(i)}`}>{item}</li>
              ))}
            </ul>
          );
        }
        return (
          <img
            key={key}
            src={block.src}
            alt="Note photo"
            loading="lazy"
            className="max-h-48 w-full rounded-md object-cover"
          />
        );
      })}
    </div>
  );
}
