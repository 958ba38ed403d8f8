import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { format, parseISO } from 'date-fns';
import {
  CalendarCheck,
  CalendarDays,
  CalendarPlus,
  Check,
  Clock,
  MapPin,
  Pencil,
  Plus,
  Trash2,
  X,
} from 'lucide-react';
import {
  ACTIVITY_CATEGORY_LABELS,
  type ActivityProposalDto,
  type ActivityStatus,
  toActivityConversionPayload,
} from '../../../core/contracts/activities.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { filterByAssignees, sortByDueDate } from '../../../core/tasks/sorting.ts';
import { durationLabel } from '../../../core/tasks/time-choices.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { MemberFilter, useMemberFilter } from '../../components/member-filter.tsx';
import { MemberInitials } from '../../components/member-initials.tsx';
import { StatusTabs } from '../../components/status-tabs.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useUndoAction } from '../../common/undo/undo-action.ts';
import { useConvertProposal, useDeleteProposal, useProposals, useRespondToProposal } from './api.ts';
import { useFamilyMembers } from '../../common/members.ts';

const TABS: { value: ActivityStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
];

const STATUS_STYLES: Record<ActivityStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  accepted: 'bg-green-100 text-green-800',
  declined: 'bg-slate-200 text-slate-800',
};

const CONVERT_CONFIRMATION =
  'Convert this activity to an event? This will create a new event in your calendar.';

/** SPEC §2 empty texts: Pending has its own; the others 'No {status} activity proposals found.' */
function emptyText(status: ActivityStatus): string {
  return status === 'pending'
    ? 'No pending activity proposals. Create a new signup request to get started!'
    : `No ${status} activity proposals found.`;
}

/** The duration as the list shows it: minutes from the form as '1 hour', any other free text as it is. */
function durationText(estimated: string): string {
  return /^\d+$/.test(estimated) ? durationLabel(Number(estimated)) : estimated;
}

/** The device's current local wall-clock time `YYYY-MM-DDTHH:mm:ss` (an undated proposal starts now). */
function nowLocal(): string {
  return format(new Date(), "yyyy-MM-dd'T'HH:mm:ss");
}

function ProposalCard({
  proposal,
  membersById,
  busy,
  onAccept,
  onDecline,
  onConvert,
  onEdit,
  onDelete,
}: {
  proposal: ActivityProposalDto;
  membersById: Map<string, FamilyMemberDto>;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
  onConvert: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const assignee = proposal.assigned_to === null ? undefined : membersById.get(String(proposal.assigned_to));
  const assigner = proposal.assigned_by === null ? undefined : membersById.get(String(proposal.assigned_by));
  const due = proposal.due_date ? parseISO(proposal.due_date) : null; // local wall-clock text, no zone
  return (
    <Card className="p-4" data-testid="activity-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900">{proposal.title}</h2>
          {proposal.description ? (
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{proposal.description}</p>
          ) : null}
          {/* The list carries only the description's start (ADR 046); the form loads all of it. */}
          {proposal.description_truncated ? (
            <p className="mt-1 text-xs text-slate-600">Open the request to read the rest…</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800">
            {ACTIVITY_CATEGORY_LABELS[proposal.category]}
          </span>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${STATUS_STYLES[proposal.status]}`}
          >
            {proposal.status}
          </span>
        </div>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-700">
        {due ? (
          <>
            <span className="flex items-center gap-1.5">
              <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden />
              {format(due, 'PPP')}
            </span>
            <span className="flex items-center gap-1.5">
              <Clock className="h-4 w-4 text-slate-500" aria-hidden />
              {format(due, 'h:mm a')}
              {proposal.estimated_duration ? (
                <span className="text-slate-500">({durationText(proposal.estimated_duration)})</span>
              ) : null}
            </span>
          </>
        ) : proposal.estimated_duration ? (
          <span className="flex items-center gap-1.5">
            <Clock className="h-4 w-4 text-slate-500" aria-hidden />
            {durationText(proposal.estimated_duration)}
          </span>
        ) : null}
        {proposal.location ? (
          <span className="flex items-center gap-1.5">
            <MapPin className="h-4 w-4 text-slate-500" aria-hidden />
            {proposal.location}
          </span>
        ) : null}
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-700">
        <span className="flex items-center gap-2">
          <span className="text-slate-600">Assigned to</span>
          {assignee ? (
            <>
              <MemberInitials member={assignee} />
              <span aria-hidden>{assignee.name}</span>
            </>
          ) : (
            '—'
          )}
        </span>
        <span className="flex items-center gap-2">
          <span className="text-slate-600">Requested by</span>
          {assigner ? assigner.name : '—'}
        </span>
        {proposal.response_date ? (
          <span className="text-slate-600">Responded {format(parseISO(proposal.response_date), 'PPP')}</span>
        ) : null}
      </div>

      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {proposal.status === 'pending' ? (
          <>
            <Button size="sm" onClick={onAccept} disabled={busy}>
              <Check className="h-4 w-4" aria-hidden />
              Accept
            </Button>
            <Button size="sm" variant="secondary" onClick={onDecline} disabled={busy}>
              <X className="h-4 w-4" aria-hidden />
              Decline
            </Button>
          </>
        ) : null}
        {proposal.status === 'accepted' && proposal.event_id !== null ? (
          // Issue 21: once converted, the card says so and leads to the event instead of making another.
          <Link
            to={`/add-event/${String(proposal.event_id)}`}
            className="inline-flex h-8 items-center gap-2 rounded-md bg-emerald-50 px-3 text-sm font-medium text-emerald-800 hover:bg-emerald-100 max-md:min-h-11"
          >
            <CalendarCheck className="h-4 w-4" aria-hidden />
            On calendar
          </Link>
        ) : proposal.status === 'accepted' ? (
          <Button size="sm" onClick={onConvert} disabled={busy}>
            <CalendarPlus className="h-4 w-4" aria-hidden />
            Add to Calendar
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${proposal.title}`}>
          <Pencil className="h-4 w-4" aria-hidden />
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete ${proposal.title}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete
        </Button>
      </div>
    </Card>
  );
}

/**
 * SPEC §2 Activity Signups screen: Pending / Accepted / Declined tabs, 'Filter by Assignee' (on `assigned_to`),
 * proposals by due date ascending with undated last. Accept and Decline only on pending proposals; 'Add to
 * Calendar' on accepted ones, after the SPEC §8 confirmation; once converted the card shows 'On calendar', a
 * link to the event (issue 21; the server refuses a second conversion). The status stays accepted.
 */
export function ActivitiesPage() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const undoAction = useUndoAction();
  const proposalsQuery = useProposals();
  const membersQuery = useFamilyMembers();
  const filter = useMemberFilter(membersQuery.data);
  const respond = useRespondToProposal();
  const convert = useConvertProposal();
  const remove = useDeleteProposal();
  const [tab, setTab] = useState<ActivityStatus>('pending');

  const membersById = useMemo(
    () => new Map((membersQuery.data ?? []).map((m) => [String(m.id), m])),
    [membersQuery.data],
  );
  const visible = sortByDueDate(
    filterByAssignees(
      proposalsQuery.data ?? [],
      new Set([...filter.active].map(String)), // member ids as the wire's string ids
      (p) => [p.assigned_to],
    ).filter((p) => p.status === tab),
  );

  const fail = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

  function accept(p: ActivityProposalDto) {
    respond.mutate(
      { id: p.id, status: 'accepted' },
      {
        onSuccess: () =>
          toast({ title: 'Activity accepted', description: 'You have accepted this activity proposal.' }),
        onError: () => fail('Failed to accept activity.'),
      },
    );
  }

  function decline(p: ActivityProposalDto) {
    respond.mutate(
      { id: p.id, status: 'declined' },
      {
        onSuccess: () =>
          toast({ title: 'Activity declined', description: 'You have declined this activity proposal.' }),
        onError: () => fail('Failed to decline activity.'),
      },
    );
  }

  // Issue 46: Add to Calendar asks in the app's dialog (SPEC §2 keeps the browser's only for deleting a proposal).
  const [toConvert, setToConvert] = useState<ActivityProposalDto | null>(null);

  function addToCalendar() {
    const p = toConvert;
    setToConvert(null);
    if (!p) return;
    convert.mutate(
      { id: p.id, payload: toActivityConversionPayload(p, nowLocal()) },
      {
        onSuccess: () =>
          toast({
            title: 'Event created',
            description: 'Activity has been converted to an event successfully.',
          }),
        onError: (error) =>
          fail(
            error instanceof ApiError && error.status === 409
              ? serverMessageOr(error, 'Failed to convert activity to event.')
              : 'Failed to convert activity to event.',
          ),
      },
    );
  }

  function deleteProposal(p: ActivityProposalDto) {
    if (!window.confirm('Are you sure you want to delete this activity proposal?')) return;
    remove.mutate(p.id, {
      onSuccess: (reply) => toast({ title: 'Activity deleted', action: undoAction(reply.undo_id) }),
      onError: () => fail('Failed to delete activity.'),
    });
  }

  const isBusy = (id: number) =>
    (respond.isPending && respond.variables.id === id) ||
    (remove.isPending && remove.variables === id) ||
    convert.isPending;

  return (
    <div>
      <PageHeader
        title="Activity Signups"
        actions={
          <Button onClick={() => navigate('/add-activity')}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Activity Request
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <StatusTabs label="Activity request status" tabs={TABS} value={tab} onValueChange={setTab}>
          {(status) => (
            <>
              {proposalsQuery.isPending ? (
                <div className="flex justify-center py-12">
                  <Spinner />
                </div>
              ) : proposalsQuery.isError ? (
                <ErrorAlert>The activity requests could not be loaded. Please reload the page.</ErrorAlert>
              ) : visible.length === 0 ? (
                <EmptyState>{emptyText(status)}</EmptyState>
              ) : (
                <ul className="space-y-3">
                  {visible.map((p) => (
                    <li key={p.id}>
                      <ProposalCard
                        proposal={p}
                        membersById={membersById}
                        busy={isBusy(p.id)}
                        onAccept={() => accept(p)}
                        onDecline={() => decline(p)}
                        onConvert={() => setToConvert(p)}
                        onEdit={() => navigate(`/add-activity/${String(p.id)}`)}
                        onDelete={() => deleteProposal(p)}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </StatusTabs>
        <aside aria-label="Filter by Assignee">
          {membersQuery.data && membersQuery.data.length > 0 ? (
            <MemberFilter title="Filter by Assignee" members={membersQuery.data} filter={filter} />
          ) : null}
        </aside>
      </div>
      <ConfirmDialog
        open={toConvert !== null}
        onOpenChange={(open) => {
          if (!open) setToConvert(null);
        }}
        message={CONVERT_CONFIRMATION}
        confirmLabel="Add to Calendar"
        tone="primary"
        onConfirm={addToCalendar}
      />
    </div>
  );
}
