import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import { Search, X } from 'lucide-react';
import type { SearchResultDto } from '../../../core/contracts/search.ts';
import { searchTerms } from '../../../core/search/terms.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { serverMessageOr } from '../../platform/api.ts';
import { KIND_LABELS, resultHref, useSearch } from './api.ts';

/** How long typing must pause before a search is sent, in milliseconds. */
const TYPING_PAUSE_MS = 200;

/** "Tue, Dec 1" (this year) or "Tue, Dec 1, 2027" for a family date `YYYY-MM-DD`, read as that calendar day. */
export function resultDate(date: string, today: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12));
  return at.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(date.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
  });
}

function useTypingPause(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * Issue 45's search: a dialog with a "Search" field and the family's matching events, tasks, notes and
 * activity requests, best first; each result opens its item. Enter opens the first result; Escape closes.
 */
export function SearchDialog({
  open,
  onOpenChange,
  today,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The family's today `YYYY-MM-DD` (dates of other years show their year). */
  today: string;
}) {
  const [text, setText] = useState('');
  const q = useTypingPause(text);
  const search = useSearch(q);
  const navigate = useNavigate();
  const listId = useId();
  const results = search.data?.results ?? [];
  const typed = searchTerms(text).length > 0;
  const close = () => {
    onOpenChange(false);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const first = results[0];
    if (event.key === 'Enter' && first && q === text) {
      event.preventDefault();
      close();
      void navigate(resultHref(first));
    }
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed top-[max(1rem,env(safe-area-inset-top))] left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 flex-col rounded-lg bg-white shadow-xl focus:outline-none md:top-24"
        >
          <RadixDialog.Title className="sr-only">Search</RadixDialog.Title>
          <div className="flex items-center gap-2 border-b border-slate-200 px-4">
            <Search className="h-5 w-5 shrink-0 text-slate-500" aria-hidden />
            <label htmlFor={`${listId}-input`} className="sr-only">
              Search
            </label>
            <input
              id={`${listId}-input`}
              type="search"
              autoComplete="off"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Search events, tasks, notes…"
              aria-controls={listId}
              maxLength={200}
              className="min-h-14 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
            />
            {search.isFetching ? <Spinner /> : null}
            <RadixDialog.Close
              aria-label="Close search"
              className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
            >
              <X className="h-5 w-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto p-2" aria-live="polite">
            {!typed ? (
              <p className="px-3 py-6 text-center text-sm text-slate-600">
                Find an event, task, note or activity request by a word of its title, place or text.
              </p>
            ) : search.isError ? (
              <p role="alert" className="px-3 py-6 text-center text-sm text-red-700">
                {serverMessageOr(search.error, 'Search is not available right now. Try again in a moment.')}
              </p>
            ) : search.isPending ? (
              <p className="px-3 py-6 text-center text-sm text-slate-600">Searching…</p>
            ) : results.length === 0 && q === text ? (
              <p className="px-3 py-6 text-center text-sm text-slate-600">
                Nothing found for “{text.trim()}”.
              </p>
            ) : (
              <ul id={listId} aria-label="Search results" className="space-y-1">
                {results.map((r) => (
                  <li key={`${r.kind}-${String(r.id)}`}>
                    <ResultLink result={r} today={today} onOpen={close} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function ResultLink({
  result,
  today,
  onOpen,
}: {
  result: SearchResultDto;
  today: string;
  onOpen: () => void;
}) {
  return (
    <Link
      to={resultHref(result)}
      onClick={onOpen}
      className="block min-h-11 rounded-md px-3 py-2 hover:bg-slate-100 focus:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <span className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 text-sm font-medium break-words text-slate-900">
          <span className="sr-only">{KIND_LABELS[result.kind]}: </span>
          {result.title}
        </span>
        {result.date ? (
          <span className="shrink-0 text-xs text-slate-600">
            {result.kind === 'note' ? 'Changed ' : ''}
            {resultDate(result.date, today)}
          </span>
        ) : null}
      </span>
      <span className="mt-0.5 block text-xs text-slate-600">
        <span aria-hidden>{KIND_LABELS[result.kind]}</span>
        {result.snippet ? <span className="break-words"> · {result.snippet}</span> : null}
      </span>
    </Link>
  );
}
