import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { OfflineError } from './api.ts';
import { useOnline } from './online-status.ts';

/**
 * The "offline" banner (issue 11): while the device is offline it says the screen shows the last saved data
 * and that changes cannot be saved. When a change has just been refused for being offline (apiFetch throws
 * OfflineError), it says so plainly, whatever the screen's own error toast says. Sticky at the bottom of the
 * viewport, above the home indicator (safe-area inset).
 */
export function OfflineBanner() {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        event.action.error instanceof OfflineError
      ) {
        setRefused(true);
      }
    });
    // Back online, the refusal is old news: the next offline spell starts with the plain banner.
    const reset = () => setRefused(false);
    window.addEventListener('online', reset);
    return () => {
      unsubscribe();
      window.removeEventListener('online', reset);
    };
  }, [queryClient]);

  if (online) return null;
  return (
    <div
      role={refused ? 'alert' : 'status'}
      className="sticky bottom-0 z-20 flex items-start gap-3 border-t border-amber-300 bg-amber-50 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] text-sm text-amber-900 md:ml-64 md:px-8"
    >
      <WifiOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>
        <strong className="font-semibold">You are offline.</strong>{' '}
        {refused
          ? 'Your change was not saved: it cannot be saved offline. Try again when you are back online.'
          : 'Showing the last saved data. Changes cannot be saved until you are back online.'}
      </p>
    </div>
  );
}
