import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastInput, ToastItem } from './toast-viewport.tsx';

/** SPEC §9 toast rules (the duration and swipe threshold live with the viewport). */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type { ToastInput };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

/** Closes toast `id` (when it times out, is swiped away or closed). */
function dismiss(id: number): void {
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  // Kept (closed) for a while after dismissal, as SPEC §9 says, then dropped.
  setTimeout(() => emit(items.filter((item) => item.id !== id)), TOAST_REMOVE_DELAY_MS);
}

/** Shows a toast; with a limit of one, a new toast replaces the one on screen. */
export function toast(input: ToastInput): void {
  emit([{ ...input, id: nextId++, open: true }, ...items].slice(0, TOAST_LIMIT));
}

/** The hook form of `toast`, for components. */
export function useToast(): { toast: typeof toast } {
  return { toast };
}

// Radix's toast code is its own chunk, loaded with the first toast: most visits (the landing page among them)
// never show one, and issue 14's page-weight budget counts every byte the first page loads.
const ToastViewport = lazy(async () => ({ default: (await import('./toast-viewport.tsx')).ToastViewport }));

/**
 * Mount once, inside the app's root: renders the current toast in a Radix viewport labelled Notifications (F8).
 * Renders nothing until the first toast (closed toasts are kept, so the viewport then stays mounted).
 */
export function Toaster() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
  );
  if (current.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport items={current} onDismiss={dismiss} />
    </Suspense>
  );
}
