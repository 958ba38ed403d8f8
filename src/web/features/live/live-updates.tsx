import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useOnline } from '../../platform/online-status.ts';
import { followChanges } from './live-client.ts';

/** How long the stream may be down before "Reconnecting…" shows (ms): a routine reconnect stays silent. */
const QUIET_MS = 3_000;

/**
 * Live updates in the signed-in shell (issue 24): keeps the change stream open and shows nothing while it
 * is; a quiet "Reconnecting…" when it has been down for a few seconds and the device is online (offline, the
 * offline banner speaks instead). A chunk of its own (app/routes.tsx), so the shell does not carry it.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [down, setDown] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = followChanges(queryClient, (connected) => {
      clearTimeout(timer);
      if (connected) setDown(false);
      else timer = setTimeout(() => setDown(true), QUIET_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [queryClient]);

  if (!down || !online) return null;
  return (
    <p
      role="status"
      className="fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-20 rounded-md bg-slate-800/80 px-3 py-1.5 text-xs text-white"
    >
      Reconnecting…
    </p>
  );
}
