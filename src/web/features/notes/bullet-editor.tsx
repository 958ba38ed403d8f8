import { useEffect, useRef } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/field.tsx';

/** One bullet of the editor; `key` keeps React's identity stable while bullets are inserted and removed. */
export interface BulletItem {
  key: number;
  text: string;
}

let lastKey = 0;

/** A bullet with a key no other bullet on the page has. */
export function newBullet(text = ''): BulletItem {
  lastKey += 1;
  return { key: lastKey, text };
}

interface BulletEditorProps {
  bullets: BulletItem[];
  onChange: (bullets: BulletItem[]) => void;
}

/**
 * SPEC §2 Note form, Bullets mode: one input per bullet; Enter adds a bullet after the current one and
 * moves there; a remove button shows when there is more than one bullet; 'Add Bullet Point' adds one at
 * the end. The list scrolls above 300 px (SPEC §9).
 */
export function BulletEditor({ bullets, onChange }: BulletEditorProps) {
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const focusKey = useRef<number | null>(null);

  useEffect(() => {
    if (focusKey.current === null) return;
    inputs.current.get(focusKey.current)?.focus();
    focusKey.current = null;
  }, [bullets]);

  function insertAfter(index: number) {
    const item = newBullet();
    focusKey.current = item.key;
    onChange([...bullets.slice(0, index + 1), item, ...bullets.slice(index + 1)]);
  }

  function remove(index: number) {
    const neighbour = bullets[index - 1] ?? bullets[index + 1];
    focusKey.current = neighbour?.key ?? null;
    onChange(bullets.filter((_, i) => i !== index));
  }

  return (
    <div className="space-y-2">
      <ul aria-label="Bullet points" className="max-h-[300px] space-y-2 overflow-y-auto p-0.5">
        {bullets.map((bullet, index) => (
          <li key={bullet.key} className="flex items-center gap-2">
            <span aria-hidden className="text-slate-500">
              •
            </span>
            <Input
              ref={(el) => {
                if (el) inputs.current.set(bullet.key, el);
                else inputs.current.delete(bullet.key);
              }}
              aria-label={`Bullet point ${String(index + 1)}`}
              value={bullet.text}
              placeholder="List item"
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
