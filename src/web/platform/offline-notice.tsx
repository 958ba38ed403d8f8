import { useEffect } from 'react';
import { WifiOff } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { useOnline } from './online-status.ts';

/**
 * Issue 21: what a signed-in page shows offline when this device has no saved copy of it (not even of the
 * session, e.g. on the first visit before the service worker took over). Without it the failed session call
 * read as "signed out" and the landing page appeared. It retries by itself when the device is back online.
 * The frame is the app shell's top bar only: the sidebar reads the session, and mounting a reader of a failed
 * query makes TanStack Query fetch it again (status back to pending), which would loop while offline.
 */
export function OfflineNotice({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const online = useOnline();
  useEffect(() => {
    if (online) onRetry();
  }, [online, onRetry]);

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex h-[calc(4rem+env(safe-area-inset-top))] items-center border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)] pr-[max(1rem,env(safe-area-inset-right))] pl-[max(1rem,env(safe-area-inset-left))]">
        <span className="text-lg font-semibold text-slate-900">FamilyHub</span>
      </header>
      <main className="px-4">
        <div
          role="alert"
          className="mx-auto mt-10 max-w-md rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-900"
        >
          <div className="flex items-start gap-3">
            <WifiOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
            <div className="space-y-3">
              <p>
                <strong className="font-semibold">You are offline.</strong> This page has not been saved on
                this device yet, so it cannot be shown. It will open by itself when you are back online.
              </p>
              <Button type="button" variant="secondary" onClick={onRetry} disabled={retrying}>
                Try Again
              </Button>
            </div>
          </div>
        </div>
      </main>
    </div>
  );
}
