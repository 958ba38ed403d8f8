import { useLayoutEffect, useRef } from 'react';
import { sinkTicked } from '../../../core/notes/checklist.ts';
import { parseNoteContent, type NoteBulletItem } from '../../../core/notes/content.ts';
import { cn } from '../../components/ui/cn.ts';
import { refIn } from './element-refs.ts';

interface NoteContentProps {
  content: string;
  /** Called when a checklist item's box is ticked or unticked (the board saves it at once). */
  onTick: (item: NoteBulletItem, ticked: boolean) => void;
}

/**
 * A note's content as React elements: paragraphs, bullet lists and photos (SPEC §3 "plain text with bullet
 * lines, or embedded image markup"). Text is always rendered as text, never as HTML; a photo is an `<img>`
 * only when its source is a safe image data URL (checked in `parseNoteContent`). Checklist items (ADR 050)
 * are checkboxes named by their text, ticked ones sunk below the open ones of their list (`sinkTicked`);
 * Space on a focused box toggles it, and focus stays on that box when it moves.
 */
export function NoteContent({ content, onTick }: NoteContentProps) {
  const blocks = parseNoteContent(content);
  const boxes = useRef(new Map<number, HTMLInputElement>());
  /** The box just toggled from the keyboard (by its line), to focus again if sinking moved it and lost focus. */
  const refocus = useRef<number | null>(null);

  useLayoutEffect(() => {
    const line = refocus.current;
    if (line === null) return;
    const box = boxes.current.get(line);
    if (!box) return;
    // Moving a focused element in the DOM drops its focus (to the body): give it back once.
    if (document.activeElement === document.body) box.focus();
    if (document.activeElement === box) refocus.current = null;
  });

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
              {sinkTicked(block.items).map((item) =>
                item.ticked === null ? (
                  <li key={item.line}>{item.text}</li>
                ) : (
                  <li key={item.line} className="-ml-5 list-none">
                    {/* Above the card's whole-card link, so a tap ticks instead of opening the note; 44 px
                        tall on the mobile layout, as every touch target there (WCAG 2.5.5). */}
                    <label className="relative z-10 flex min-h-7 cursor-pointer items-start gap-2 rounded py-1 max-md:min-h-11 max-md:items-center">
                      <input
                        ref={refIn(boxes, item.line)}
                        type="checkbox"
                        checked={item.ticked}
                        onChange={(event) => {
                          if (document.activeElement === event.currentTarget) refocus.current = item.line;
                          onTick(item, event.currentTarget.checked);
                        }}
                        onBlur={(event) => {
                          // Focus went somewhere on purpose: nothing to give back.
                          if (event.relatedTarget !== null) refocus.current = null;
                        }}
                        className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-indigo-600"
                      />
                      <span className={cn(item.ticked && 'text-slate-600 line-through')}>{item.text}</span>
                    </label>
                  </li>
                ),
              )}
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
