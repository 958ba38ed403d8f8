import { format } from 'date-fns';
import { BellRing, Mail, MessageSquare, RotateCw } from 'lucide-react';
import {
  suppressionReasons,
  suppressionReasonText,
  type NotificationDto,
  type SuppressionReason,
} from '../../../core/contracts/notifications.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useRecentMessages } from './api.ts';

const kindLabels: Record<string, string> = {
  invitation: 'Invitation',
  task_reminder: 'Task reminder',
  event_reminder: 'Event reminder',
  daily_summary: 'Daily summary',
};

/** 'task_reminder' → 'Task reminder' for kinds without a label of their own. */
function kindLabel(kind: string): string {
  const known = kindLabels[kind];
  if (known) return known;
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The SMS assistant's history rows (src/server/assistant): a member's question, stored as received, and the
 * reply sent back in the webhook's response. Both are stored as 'sent'; they read as a conversation, not as
 * notifications the family was sent.
 */
const QUESTION_KIND = 'sms_question';
const ANSWER_KIND = 'sms_answer';

/** The row's headline: 'Task reminder to Ana'; for the assistant 'Question from Ana' and 'Assistant reply to Ana'. */
function headline(message: NotificationDto): string {
  if (message.kind === QUESTION_KIND) return `Question from ${message.member_name ?? 'an unknown number'}`;
  const who = message.member_name ?? message.recipient;
  if (message.kind === ANSWER_KIND) return `Assistant reply to ${who}`;
  return `${kindLabel(message.kind)} to ${who}`;
}

function isSuppressionReason(reason: string | null): reason is SuppressionReason {
  return reason !== null && (suppressionReasons as readonly string[]).includes(reason);
}

interface StatusView {
  label: string;
  tone: string;
  detail: string | null;
}

/** The badge and the line under it: whether the message was delivered, and if not, why. */
function statusView(message: NotificationDto): StatusView {
  // The stored reasons ('Received from +1…', 'Replied by TwiML') are for the server log, not the family.
  if (message.kind === QUESTION_KIND)
    return { label: 'Received', tone: 'bg-green-100 text-green-800', detail: null };
  if (message.kind === ANSWER_KIND && message.status === 'sent')
    return { label: 'Replied', tone: 'bg-green-100 text-green-800', detail: null };
  switch (message.status) {
    case 'sent':
      return {
        label: 'Delivered',
        tone: 'bg-green-100 text-green-800',
        detail: message.status_reason, // e.g. that only the server log received it
      };
    case 'pending':
      return message.attempts > 0
        ? { label: 'Retrying', tone: 'bg-amber-100 text-amber-900', detail: message.last_error }
        : { label: 'Queued', tone: 'bg-slate-100 text-slate-800', detail: null };
    case 'sending':
      return { label: 'Sending', tone: 'bg-sky-100 text-sky-900', detail: null };
    case 'failed':
      return { label: 'Failed', tone: 'bg-red-100 text-red-800', detail: message.last_error };
    case 'expired':
      return {
        label: 'Expired',
        tone: 'bg-slate-200 text-slate-800',
        detail: 'Could not be delivered in time.',
      };
    case 'cancelled':
      // Withdrawn before it was sent: its event moved or was deleted, its task changed, the zone changed.
      return { label: 'Cancelled', tone: 'bg-slate-200 text-slate-800', detail: message.status_reason };
    case 'suppressed':
      // Issue 21: an invitation with no e-mail provider waits for the inviter to pass its link on.
      if (message.status_reason === 'no_email_provider')
        return {
          label: 'Not sent — copy the link',
          tone: 'bg-amber-100 text-amber-900',
          detail: suppressionReasonText.no_email_provider,
        };
      return {
        label: 'Not sent',
        tone: 'bg-slate-200 text-slate-800',
        detail: isSuppressionReason(message.status_reason)
          ? suppressionReasonText[message.status_reason]
          : message.status_reason,
      };
  }
}

/** When it happened: delivery time for sent messages, else the time it was (or is) due. */
function whenText(message: NotificationDto): string {
  if (message.sent_at) return format(new Date(message.sent_at), 'PPp');
  const due = new Date(message.send_after);
  if (message.status === 'pending' && message.attempts === 0) return `Scheduled ${format(due, 'PPp')}`;
  return format(new Date(message.created_at), 'PPp');
}

function MessageRow({ message }: { message: NotificationDto }) {
  const status = statusView(message);
  const ChannelIcon =
    message.channel === 'sms' ? MessageSquare : message.channel === 'push' ? BellRing : Mail;
  const channelName = message.channel === 'sms' ? 'SMS' : message.channel === 'push' ? 'Push' : 'E-mail';
  // A question's recipient is the assistant's own number: not worth showing.
  const showRecipient = message.member_name !== null && message.kind !== QUESTION_KIND;
  return (
    <li className="flex gap-3 py-3">
      <span
        className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700"
        title={channelName}
      >
        <ChannelIcon className="h-4 w-4" aria-hidden />
        <span className="sr-only">{channelName}</span>
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="font-medium text-slate-900">{headline(message)}</p>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', status.tone)}>
            {status.label}
          </span>
        </div>
        <p className="truncate text-sm text-slate-700" title={message.subject ?? message.body}>
          {message.subject ?? message.body}
        </p>
        <p className="text-xs text-slate-600">
          {channelName}
          {showRecipient ? ` · ${message.recipient}` : ''} · {whenText(message)}
        </p>
        {status.detail ? <p className="text-xs text-slate-600">{status.detail}</p> : null}
      </div>
    </li>
  );
}

/**
 * Issue 3 "Visible history": the family's latest messages (who was told what, when, by which channel, and
 * whether it was delivered), newest first, with Refresh and Show more. Placed on the Family Members screen.
 */
export function RecentMessagesCard({ pageSize = 10 }: { pageSize?: number }) {
  const query = useRecentMessages(pageSize);
  const messages = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card className="p-5" role="region" aria-labelledby="recent-messages-title">
      <div className="flex items-center justify-between gap-2">
        <h2
          id="recent-messages-title"
          className="flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
          <MessageSquare className="h-5 w-5 text-indigo-600" aria-hidden />
          Recent messages
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          aria-label="Refresh recent messages"
        >
          <RotateCw className={cn('h-4 w-4', query.isRefetching && 'animate-spin')} aria-hidden />
          Refresh
        </Button>
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading recent messages" />
        </div>
      ) : query.isError ? (
        <div className="mt-4">
          <ErrorAlert>Could not load recent messages.</ErrorAlert>
        </div>
      ) : messages.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          No messages yet. Invitations and reminders will appear here.
        </p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-100">
            {messages.map((message) => (
              <MessageRow key={message.id} message={message} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}
