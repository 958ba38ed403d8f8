import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useServerRender } from '../../platform/server-render.ts';

/**
 * The confirming step and the reader behind it (chrono-node), loaded when first needed: on focus of the field,
 * so that the signed-in shell does not carry them (issue 23's size budget).
 */
const loadConfirm = () => import('./quick-add-confirm.tsx');
const QuickAddConfirm = lazy(async () => ({ default: (await loadConfirm()).QuickAddConfirm }));

/**
 * Issue 45 item 3, the calendar's "Quick add" field: one line ("Soccer every Sat 9am Teo"), Enter reads it and
 * opens the confirming step (what was understood, "Add event" / "Edit details"); Escape there cancels and
 * leaves the line as typed. The line is cleared only once its event is saved. In the server's render of the home
 * (ADR 025) the field is disabled: that HTML is replaced when the app takes over, with anything typed into it.
 * @param onEditDetails opens the Event form with the `/add-event` query it is given (the calendar keeps its
 *   date for the way back).
 */
export function QuickAdd({ onEditDetails }: { onEditDetails: (query: string) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [reading, setReading] = useState<string | null>(null);
  const serverRender = useServerRender();
  const close = () => {
    setReading(null);
    input.current?.focus();
  };
  return (
    <>
      <form
        className="flex items-end gap-2 print:hidden"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() !== '') setReading(text);
        }}
      >
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            Quick add
          </label>
          <input
            ref={input}
            id={id}
            value={text}
            maxLength={300}
            disabled={serverRender}
            autoComplete="off"
            enterKeyHint="go"
            placeholder='e.g. "Soccer every Sat 9am Teo"'
            aria-describedby={`${id}-hint`}
            onFocus={() => void loadConfirm()}
            onChange={(e) => setText(e.target.value)}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none max-md:min-h-11"
          />
          <p id={`${id}-hint`} className="sr-only">
            Press Enter to see what was understood before it is added.
          </p>
        </div>
        <Button type="submit" variant="secondary" disabled={text.trim() === ''}>
          Add
        </Button>
      </form>
      {reading !== null ? (
        <Suspense fallback={null}>
          <QuickAddConfirm
            text={reading}
            onCancel={close}
            onAdded={() => {
              setText('');
              close();
            }}
            onEditDetails={(query) => {
              setReading(null);
              onEditDetails(query);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
