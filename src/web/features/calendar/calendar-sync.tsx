import { memo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, RefreshCw, Upload } from 'lucide-react';
import type {
  FeedCreatedDto,
  FeedScope,
  FeedStatusDto,
  ImportReportDto,
} from '../../../core/contracts/calendar-feed.ts';
import { ICS_FILE_MAX_BYTES, ICS_FILE_TOO_LARGE_MESSAGE } from '../../../core/contracts/quotas.ts';
import { splitIcs } from '../../../core/ics/split.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ApiError, apiFetch, serverMessageOr } from '../../platform/api.ts';
import { useServerRender } from '../../platform/server-render.ts';

const SCOPE_LABELS: Record<FeedScope, { title: string; hint: string }> = {
  family: { title: 'Family calendar', hint: 'Every family event' },
  member: { title: 'My events', hint: 'Events you organise, attend or drive' },
};

/** One feed row: status, the secret URL once (re)generated, Copy and Regenerate. */
function FeedRow({
  status,
  created,
  onCreated,
}: {
  status: FeedStatusDto;
  created: FeedCreatedDto | undefined;
  onCreated: (feed: FeedCreatedDto) => void;
}) {
  const { toast } = useToast();
  const label = SCOPE_LABELS[status.scope];
  const regenerate = useMutation({
    mutationFn: () =>
      apiFetch<FeedCreatedDto>('/api/calendar/feeds/regenerate', {
        method: 'POST',
        body: { scope: status.scope },
      }),
    onSuccess: (feed) => {
      onCreated(feed);
      toast({
        title: status.active ? 'New feed link created; the old link no longer works' : 'Feed link created',
      });
    },
    onError: (error) =>
      toast({ title: serverMessageOr(error, 'Could not create the link'), variant: 'destructive' }),
  });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Feed link copied' });
    } catch {
      toast({ title: 'Could not copy; select the link and copy it', variant: 'destructive' });
    }
  };
  const inputId = `feed-url-${status.scope}`;
  return (
    <div className="space-y-2 border-t border-slate-100 pt-3 first:border-t-0 first:pt-0">
      <div>
        <p className="text-sm font-medium text-slate-900">{label.title}</p>
        <p className="text-xs text-slate-600">
          {label.hint}.{' '}
          {created
            ? 'Link ready.'
            : status.active
              ? 'Link active (shown only when created).'
              : 'No link yet.'}
        </p>
        {!created && status.revoked_at ? (
          <p role="status" className="mt-1 text-xs text-amber-800">
            The link changed: the old one was turned off on {new Date(status.revoked_at).toLocaleDateString()}{' '}
            because the member who made it was removed. Create a new link and subscribe again.
          </p>
        ) : null}
      </div>
      {created ? (
        <div className="flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            {label.title} feed URL
          </label>
          <input
            id={inputId}
            readOnly
            value={created.url}
            onFocus={(e) => e.currentTarget.select()}
            className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 text-xs text-slate-800"
          />
          <Button size="sm" variant="secondary" onClick={() => void copy(created.url)}>
            <Copy className="h-4 w-4" aria-hidden />
            Copy
          </Button>
        </div>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        disabled={regenerate.isPending}
        onClick={() => regenerate.mutate()}
        // The visible words come first in the name (WCAG 2.5.3 Label in Name; axe label-content-name-mismatch).
        aria-label={
          status.active || created
            ? `Regenerate ${label.title.toLowerCase()} feed link`
            : `Create link for the ${label.title.toLowerCase()} feed`
        }
      >
        <RefreshCw className="h-4 w-4" aria-hidden />
        {status.active || created ? 'Regenerate' : 'Create link'}
      </Button>
    </div>
  );
}

/** Subscription feed links (issue 12): the secret URL is shown when created, since only its hash is stored. */
function FeedCard() {
  const queryClient = useQueryClient();
  const feeds = useQuery({
    queryKey: ['calendar-feeds'],
    queryFn: () => apiFetch<FeedStatusDto[]>('/api/calendar/feeds'),
  });
  const [created, setCreated] = useState<Partial<Record<FeedScope, FeedCreatedDto>>>({});
  return (
    <Card className="space-y-3 p-4">
      <div>
        <h2 className="text-base font-semibold text-slate-900">Subscribe in other calendars</h2>
        <p className="text-xs text-slate-600">
          Add the link to Google, Apple or Outlook Calendar (“subscribe from URL”). Anyone with the link can
          read the calendar; Regenerate makes the old link stop working.
        </p>
      </div>
      {feeds.isError ? <ErrorAlert>Could not load the feed links.</ErrorAlert> : null}
      {feeds.data?.map((status) => (
        <FeedRow
          key={status.scope}
          status={status}
          created={created[status.scope]}
          onCreated={(feed) => {
            setCreated((c) => ({ ...c, [feed.scope]: feed }));
            void queryClient.invalidateQueries({ queryKey: ['calendar-feeds'] });
          }}
        />
      ))}
    </Card>
  );
}

/** POSTs one batch as text/calendar; errors use the app's ApiError like apiFetch. */
async function postBatch(text: string): Promise<ImportReportDto> {
  const res = await fetch('/api/calendar/import', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'text/calendar' },
    body: text,
  });
  const body = await res.text();
  if (!res.ok) throw new ApiError(res.status, body, res.statusText);
  return JSON.parse(body) as ImportReportDto; // the call's contract (src/core/contracts/calendar-feed.ts)
}

/**
 * .ics upload: split into batches (progress = events sent), then the merged report. A file over
 * `ICS_FILE_MAX_BYTES` is refused before anything is sent; a refused batch shows the server's message.
 */
function ImportCard() {
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const serverRender = useServerRender();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<ImportReportDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (file: File) => {
    setReport(null);
    setError(null);
    if (file.size > ICS_FILE_MAX_BYTES) {
      setError(ICS_FILE_TOO_LARGE_MESSAGE);
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    const text = await file.text();
    const batches = splitIcs(text, 300);
    const total = batches.reduce((n, b) => n + b.events, 0);
    const merged: ImportReportDto = { imported: 0, updated: 0, unchanged: 0, skipped: [], warnings: [] };
    setProgress({ done: 0, total });
    try {
      let done = 0;
      for (const batch of batches) {
        const r = await postBatch(batch.text);
        merged.imported += r.imported;
        merged.updated += r.updated;
        merged.unchanged += r.unchanged;
        merged.skipped.push(...r.skipped);
        merged.warnings = [...new Set([...merged.warnings, ...r.warnings])];
        done += batch.events;
        setProgress({ done, total });
      }
      setReport(merged);
    } catch (e) {
      setError(serverMessageOr(e, 'The import failed'));
      if (merged.imported + merged.updated > 0) setReport(merged);
    } finally {
      setProgress(null);
      if (fileRef.current) fileRef.current.value = '';
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    }
  };

  return (
    <Card className="space-y-3 p-4">
      <div>
        <h2 className="text-base font-semibold text-slate-900">Import an .ics file</h2>
        <p className="text-xs text-slate-600">
          School, club or other calendars. Importing the same file again updates those events. New events
          count toward your plan’s monthly limit.
        </p>
      </div>
      <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 focus-within:ring-2 focus-within:ring-indigo-500 hover:bg-slate-50">
        <Upload className="h-4 w-4" aria-hidden />
        Choose .ics file
        <input
          ref={fileRef}
          type="file"
          accept=".ics,text/calendar"
          className="sr-only"
          // Not in the server's copy of the page (ADR 025): a file picked there would go with it.
          disabled={serverRender || progress !== null}
          aria-label="Import .ics file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void run(file);
          }}
        />
      </label>
      {progress ? (
        <div className="space-y-1">
          <progress
            className="h-2 w-full"
            max={Math.max(progress.total, 1)}
            value={progress.done}
            aria-label="Import progress"
          />
          <p className="text-xs text-slate-600" role="status">
            Importing… {progress.done} / {progress.total} events
          </p>
        </div>
      ) : null}
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      {report ? (
        <div className="space-y-2 text-sm" role="status" aria-label="Import report">
          <p className="text-slate-800">
            Imported {report.imported}, updated {report.updated}, unchanged {report.unchanged}, skipped{' '}
            {report.skipped.length}.
          </p>
          {report.skipped.length > 0 ? (
            <details>
              <summary className="cursor-pointer text-slate-700">Skipped events</summary>
              <ul className="mt-1 max-h-48 list-disc space-y-1 overflow-auto pl-5 text-xs text-slate-600">
                {report.skipped.map((s, i) => (
                  <li key={`${s.uid ?? ''}-${i}`}>
                    {s.title ?? s.uid ?? 'Untitled'}: {s.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {report.warnings.length > 0 ? (
            // Repairs and guessed zones (docs/ics.md): imported, but worth a look; a holiday feed can have dozens.
            <details>
              <summary className="cursor-pointer text-amber-800">
                What was fixed or guessed ({report.warnings.length})
              </summary>
              <ul className="mt-1 max-h-48 list-disc space-y-1 overflow-auto pl-5 text-xs text-amber-800">
                {report.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

/**
 * Calendar interoperability panel (issue 12): feed links and .ics import, mounted on the Calendar screen.
 * Memoised: it has no props, so moving through the calendar does not draw it again (issue 23).
 */
export const CalendarSync = memo(function CalendarSync() {
  return (
    <div className="space-y-4">
      <FeedCard />
      <ImportCard />
    </div>
  );
});
