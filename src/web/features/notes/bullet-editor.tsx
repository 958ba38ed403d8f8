import { useEffect, useRef } from 'react';
import { Plus, X } from 'lucide-react';
import type { ChecklistBullet } from '../../../core/notes/checklist.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/field.tsx';
import { refIn } from './element-refs.ts';

/**
 * One bullet of the editor: its words and box (`ticked` null for a plain bullet, ADR 050); `key` keeps
 * React's identity stable while bullets are inserted, moved and removed.
 */
export interface BulletItem extends ChecklistBullet {
  key: number;
}

let lastKey = 0;

/** A bullet with a key no other bullet on the page has. */
export function newBullet(bullet: ChecklistBullet = { ticked: null, text: '' }): BulletItem {
  lastKey += 1;
  return { key: lastKey, ...bullet };
}

/**
 * The bullets with one item's box set: a ticked item sinks to the end, an unticked one rises to just above the
 * first ticked item, so ticked items stay below the open ones (what the board shows).
 */
export function withTicked(bullets: readonly BulletItem[], key: number, ticked: boolean): BulletItem[] {
  const item = bullets.find((b) => b.key === key);
  if (!item) return [...bullets];
  const rest = bullets.filter((b) => b.key !== key);
  const moved = { ...item, ticked };
  if (ticked) return [...rest, moved];
  const firstTicked = rest.findIndex((b) => b.ticked === true);
  const at = firstTicked < 0 ? rest.length : firstTicked;
  return [...rest.slice(0, at), moved, ...rest.slice(at)];
}

interface BulletEditorProps {
  bullets: BulletItem[];
  onChange: (bullets: BulletItem[]) => void;
  /** A box was ticked or unticked (the form saves it at once); `bullets` are already changed through onChange. */
  onTick: (item: BulletItem, ticked: boolean) => void;
}

/**
 * SPEC §2 Note form, Bullets mode: one input per bullet; Enter adds a bullet after the current one and
 * moves there; a remove button shows when there is more than one bullet; 'Add Bullet Point' adds one at
 * the end. The list scrolls above 300 px (SPEC §9). Checklist items (ADR 050) have a box before their input,
 * named by the item's text; new bullets of a checklist get an open box.
 */
export function BulletEditor({ bullets, onChange, onTick }: BulletEditorProps) {
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const boxes = useRef(new Map<number, HTMLInputElement>());
  const focusKey = useRef<{ key: number; box: boolean } | null>(null);
  const checklist = bullets.some((b) => b.ticked !== null);

  useEffect(() => {
    if (focusKey.current === null) return;
    const { key, box } = focusKey.current;
    (box ? boxes : inputs).current.get(key)?.focus();
    focusKey.current = null;
  }, [bullets]);

  function insertAfter(index: number) {
    const item = newBullet({ ticked: checklist ? false : null, text: '' });
    focusKey.current = { key: item.key, box: false };
    onChange([...bullets.slice(0, index + 1), item, ...bullets.slice(index + 1)]);
  }

  function remove(index: number) {
    const neighbour = bullets[index - 1] ?? bullets[index + 1];
    focusKey.current = neighbour ? { key: neighbour.key, box: false } : null;
    onChange(bullets.filter((_, i) => i !== index));
  }

  function tick(bullet: BulletItem, ticked: boolean) {
    // The item moves (ticked ones sink): focus follows its box.
    focusKey.current = { key: bullet.key, box: true };
    onChange(withTicked(bullets, bullet.key, ticked));
    onTick(bullet, ticked);
  }

  return (
    <div className="space-y-2">
      <ul aria-label="Bullet points" className="max-h-[300px] space-y-2 overflow-y-auto p-0.5">
        {bullets.map((bullet, index) => (
          <li key={bullet.key} className="flex items-center gap-2">
            {bullet.ticked === null ? (
              <span aria-hidden className={checklist ? 'w-5 text-center text-slate-500' : 'text-slate-500'}>
                •
              </span>
            ) : (
              // The label is the box's touch target: 44 px on the mobile layout (WCAG 2.5.5), as buttons there.
              <label className="-m-1.5 flex shrink-0 cursor-pointer items-center justify-center p-1.5 max-md:-mx-3 max-md:h-11 max-md:w-11">
                <input
                  ref={refIn(boxes, bullet.key)}
                  type="checkbox"
                  aria-label={bullet.text.trim() || `Bullet point ${String(index + 1)}`}
                  checked={bullet.ticked}
                  onChange={(event) => tick(bullet, event.currentTarget.checked)}
                  className="h-5 w-5 cursor-pointer accent-indigo-600"
                />
              </label>
            )}
            <Input
              ref={refIn(inputs, bullet.key)}
              aria-label={`Bullet point ${String(index + 1)}`}
              value={bullet.text}
              placeholder="List item"
              className={bullet.ticked === true ? 'text-slate-600 line-through' : undefined}
              onChange={(event) =>
                onChange(bullets.map((b) => (b.key === bullet.key ? { ...b, text: event.target.value } : b)))
              }
              onKeyDown={(event) => {
                // Enter adds a bullet instead of submitting the form; IME composition keeps its own Enter.
                if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  insertAfter(index);
                }
              }}
            />
            {bullets.length > 1 ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove bullet point ${String(index + 1)}`}
                onClick={() => remove(index)}
              >
                <X className="h-4 w-4" aria-hidden />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <Button variant="secondary" size="sm" onClick={() => insertAfter(bullets.length - 1)}>
        <Plus className="h-4 w-4" aria-hidden />
        Add Bullet Point
      </Button>
    </div>
  );
}
