import { useSyncExternalStore } from 'react';
import { installUpdate, isUpdateWaiting, postponeUpdate, subscribeToUpdate } from './service-worker.ts';

/**
 * "A new version is available" bar, shown when the service worker has a newer build waiting. Reload swaps to
 * it now; Later keeps the current page (the new version loads on the next visit).
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-[90] mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <p className="flex-1">A new version of FamilyHub is available.</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={postponeUpdate}
          className="min-h-11 rounded-md px-3 font-medium text-slate-200 hover:bg-slate-800"
        >
          Later
        </button>
        <button
          type="button"
          onClick={installUpdate}
          className="min-h-11 rounded-md bg-indigo-500 px-4 font-medium text-white hover:bg-indigo-400"
        >
          Reload
        </button>
      </div>
    </div>
  );
}
