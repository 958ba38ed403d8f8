import {
  formatDay,
  formatTime,
  summaryEmail,
  summarySms,
  type SummaryInput,
} from '../../core/reminders/summary.ts';
import type { NotificationChannel } from '../../core/contracts/notifications.ts';
import type { PushContent } from '../notifications/outbox.ts';
import { escapeHtml, familyPhrase, publicLink } from '../notifications/templates.ts';

/**
 * The scheduler's message texts (task reminders, event alerts and reminders, pickups/drop-offs, the daily
 * summary). Every message names the family and links to the app (`PUBLIC_URL`), and carries its Web Push
 * title and short body (issue 41). The result is the content
 * part of an `OutboundMessage`; the planner adds who, when and the dedupe key.
 */
export interface MessageContent {
  channel: NotificationChannel;
  kind: string;
  subject: string | null;
  body: string;
  html: string | null;
  /** Issue 41: what the message shows when it also goes by Web Push (to the member's devices). */
  push?: PushContent;
}

function html(title: string, paragraphs: string[], link: string): string {
  return (
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">' +
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">Open FamilyHub</a></p>` +
    '<p style="color:#6b7280;font-size:12px">Sent by FamilyHub.</p></body></html>'
  );
}

/**
 * A short message: one sentence for SMS (prefixed with the family, followed by `smsReply`, what a reply does),
 * subject + text + HTML for e-mail.
 */
function simple(
  channel: NotificationChannel,
  kind: string,
  familyName: string,
  subject: string,
  sentence: string,
  link: string,
  smsReply = '',
): MessageContent {
  const family = familyPhrase(familyName);
  const push = { title: subject, body: sentence };
  if (channel === 'sms') {
    const body = `FamilyHub (${family}): ${sentence}${smsReply ? ` ${smsReply}` : ''} ${link}`;
    return { channel, kind, subject: null, body, html: null, push };
  }
  const text = `${sentence}\n\nOpen FamilyHub: ${link}\n\nSent to you as a member of ${family}.`;
  return {
    channel,
    kind,
    subject: `${subject} (${family})`,
    body: text,
    html: html(subject, [sentence, `Sent to you as a member of ${family}.`], link),
    push,
  };
}

/** "5:00 PM today" / "5:00 PM on Mon, Nov 23" for a local time seen from the local date `today`. */
export function whenText(local: string, today: string): string {
  const day = local.slice(0, 10) === today ? 'today' : `on ${formatDay(local.slice(0, 10))}`;
  return `${formatTime(local)} ${day}`;
}

export interface TaskReminderInput {
  channel: NotificationChannel;
  publicUrl: string;
  familyName: string;
  title: string;
  /** Local due time and the local date of sending. */
  due: string;
  today: string;
}

/** What replying to an SMS task reminder does (issue 27 part 3: the reply completes the task). */
export const TASK_REMINDER_REPLY_HINT = 'Reply DONE when finished.';

/** Task reminder (kind `task_reminder`); the SMS says that DONE completes the task. */
export function taskReminderMessage(i: TaskReminderInput): MessageContent {
  const sentence = `Reminder: "${i.title}" is due at ${whenText(i.due, i.today)}.`;
  return simple(
    i.channel,
    'task_reminder',
    i.familyName,
    `Reminder: ${i.title}`,
    sentence,
    publicLink(i.publicUrl, '/tasks'),
    TASK_REMINDER_REPLY_HINT,
  );
}

export interface EventMessageInput {
  channel: NotificationChannel;
  publicUrl: string;
  familyName: string;
  title: string;
  /** Local start of the (occurrence of the) event. */
  start: string;
  allDay: boolean;
  location: string | null;
  today: string;
}

const where = (location: string | null) => (location ? ` at ${location}` : '');
const startText = (i: EventMessageInput) =>
  i.allDay
    ? `all day ${i.start.slice(0, 10) === i.today ? 'today' : `on ${formatDay(i.start.slice(0, 10))}`}`
    : whenText(i.start, i.today);

/** Event reminder before it starts (kind `event_reminder`). */
export function eventReminderMessage(i: EventMessageInput): MessageContent {
  const sentence = `"${i.title}" starts at ${startText(i)}${where(i.location)}.`;
  return simple(
    i.channel,
    'event_reminder',
    i.familyName,
    `Coming up: ${i.title}`,
    sentence,
    publicLink(i.publicUrl, '/calendar'),
  );
}

/** Alert to `alert_members` when an event is created or its date, time or location changes (kind `event_alert`). */
export function eventAlertMessage(i: EventMessageInput & { change: 'created' | 'changed' }): MessageContent {
  const sentence =
    i.change === 'created'
      ? `New event: "${i.title}", ${startText(i)}${where(i.location)}.`
      : `Event changed: "${i.title}" is now ${startText(i)}${where(i.location)}.`;
  const subject = i.change === 'created' ? `New event: ${i.title}` : `Event changed: ${i.title}`;
  return simple(
    i.channel,
    'event_alert',
    i.familyName,
    subject,
    sentence,
    publicLink(i.publicUrl, '/calendar'),
  );
}

export interface TransportMessageInput {
  channel: NotificationChannel;
  publicUrl: string;
  familyName: string;
  kind: 'pickup' | 'dropoff';
  title: string;
  /** Local time to be there: the event's end (pickup) or start (drop-off). */
  at: string;
  location: string | null;
  forWhom: string;
  today: string;
}

/** Pickup / drop-off reminder (kinds `pickup_reminder`, `dropoff_reminder`): where and for whom. */
export function transportMessage(i: TransportMessageInput): MessageContent {
  const verb = i.kind === 'pickup' ? 'Pick up' : 'Drop off';
  const who = i.forWhom ? ` ${i.forWhom}` : '';
  const sentence = `${verb}${who} for "${i.title}" at ${whenText(i.at, i.today)}${where(i.location)}.`;
  return simple(
    i.channel,
    i.kind === 'pickup' ? 'pickup_reminder' : 'dropoff_reminder',
    i.familyName,
    `${verb}${who}: ${i.title}`,
    sentence,
    publicLink(i.publicUrl, '/calendar'),
  );
}

/** The daily summary (kind `daily_summary`): SMS within 3 segments, or an e-mail with text and HTML. */
export function dailySummaryMessage(channel: NotificationChannel, input: SummaryInput): MessageContent {
  const push = { title: `Your day, ${formatDay(input.date)}`, body: summarySms(input) };
  if (channel === 'sms') {
    return { channel, kind: 'daily_summary', subject: null, body: summarySms(input), html: null, push };
  }
  const mail = summaryEmail(input);
  const inner =
    `<p>Good morning ${escapeHtml(input.memberName)},</p>` +
    `<p>Here is your day for ${escapeHtml(formatDay(input.date))}.</p>` +
    (mail.sections.length === 0 ? '<p>Nothing is scheduled for you today.</p>' : '') +
    mail.sections
      .map(
        (s) =>
          `<h2 style="font-size:16px;margin-bottom:4px">${escapeHtml(s.heading)}</h2><ul style="margin-top:0">` +
          s.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('') +
          '</ul>',
      )
      .join('') +
    `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">Open FamilyHub</a></p>` +
    `<p style="color:#6b7280;font-size:12px">You get this summary because daily reminders are on for you in ${escapeHtml(input.familyPhrase)}. Sent by FamilyHub.</p>`;
  return {
    channel,
    kind: 'daily_summary',
    subject: mail.subject,
    body: mail.text,
    html:
      '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">' +
      `<h1 style="font-size:20px">Your day, ${escapeHtml(formatDay(input.date))}</h1>${inner}</body></html>`,
    push,
  };
}
