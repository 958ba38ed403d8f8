import { countSmsSegments, smsEncoding } from '../../../src/core/notifications/sms-segments.ts';
import { REPLY_MAX_SEGMENTS } from '../../../src/core/assistant/format.ts';
import { type SmsCommand, readSmsCommand } from '../../../src/core/assistant/sms-command.ts';
import { confirmationText } from '../../../src/core/assistant/sms-command-text.ts';
import { corpusFamilyData } from './families.ts';

/**
 * The command corpus (issue 43 item 2, ADR 058): texts a parent sends to change the calendar, each with the
 * confirmation it should get, written against the corpus families' calendars (families.ts): Rivera in Los
 * Angeles, Okafor in London (day-first dates). A case is right when the command read is the expected one (kind,
 * title, who, when, one occurrence or the series, the drive) and its confirmation is one GSM-7 SMS of at most 2
 * segments that names the title and asks for YES; or, for `refused`, when the reply explains it.
 */
export interface CommandCase {
  family: 'rivera' | 'okafor';
  /** First name (lowercase) of the member who texts. */
  asker: string;
  /** Local "now" in the family's zone. */
  at: string;
  text: string;
  expect: CommandExpect | { refused: string };
}

export interface CommandExpect {
  kind: SmsCommand['kind'];
  /** The new event's or task's title, or the title of the event changed. */
  title: string;
  /** Attendees of a new event, assignees of a task, passengers of a drive: first names, lowercase. */
  who?: string[];
  /**
   * Local `YYYY-MM-DDTHH:mm`: a new event's start, a task's due time, a move's new start, the cancelled
   * occurrence's start, a drive's time.
   */
  start: string;
  /** A move: the start of the occurrence moved. */
  from?: string;
  /** Move and cancel: one occurrence (default) or the whole series. */
  scope?: 'this' | 'all';
  repeat?: 'daily' | 'workday' | 'weekly' | 'monthly_date' | 'monthly_day';
  /** A drive: which leg, taken (true) or given up. */
  leg?: 'pickup' | 'dropoff';
  take?: boolean;
  /** Words the confirmation must contain (beside the title), e.g. "5:00 PM", "this one only". */
  says?: string[];
}

function whoOf(command: SmsCommand): number[] {
  switch (command.kind) {
    case 'add_event':
      return command.event.attendeeIds;
    case 'add_task':
      return command.assigneeIds;
    case 'drive':
      return command.passengerIds;
    default:
      return [];
  }
}

function startOf(command: SmsCommand): string {
  switch (command.kind) {
    case 'add_event':
      return command.event.start;
    case 'add_task':
      return command.due;
    case 'move':
      return command.start;
    case 'cancel':
      return command.target.start;
    case 'drive':
      return command.at;
  }
}

/** What the reading and the confirmation of one case got wrong (empty: right), and the reply sent. */
export function commandProblems(c: CommandCase): { problems: string[]; reply: string } {
  const data = corpusFamilyData(c.family, c.asker, c.at);
  const reading = readSmsCommand(c.text, data);
  if (reading === null) return { problems: ['not read as a command'], reply: '' };
  if ('refused' in c.expect) {
    if (reading.ok) return { problems: [`read as ${reading.command.kind}, expected a refusal`], reply: '' };
    const said = reading.message.includes(c.expect.refused);
    return { problems: said ? [] : [`refusal does not say "${c.expect.refused}"`], reply: reading.message };
  }
  if (!reading.ok) return { problems: [`refused: ${reading.message}`], reply: reading.message };
  const e = c.expect;
  const command = reading.command;
  const reply = confirmationText(command, data);
  const problems: string[] = [];
  const check = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      problems.push(`${what} ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    }
  };
  check('kind', command.kind, e.kind);
  const title =
    command.kind === 'add_event'
      ? command.event.title
      : command.kind === 'add_task'
        ? command.title
        : command.target.title;
  check('title', title, e.title);
  const names = whoOf(command)
    .map((id) => (data.members.find((m) => m.id === id)?.name.split(' ')[0] ?? '?').toLowerCase())
    .sort();
  if (e.who !== undefined || command.kind === 'add_event') check('who', names, [...(e.who ?? [])].sort());
  check('start', startOf(command).slice(0, 16), e.start);
  if (command.kind === 'move') check('from', command.target.start.slice(0, 16), e.from);
  if (command.kind === 'move' || command.kind === 'cancel') check('scope', command.scope, e.scope ?? 'this');
  if (command.kind === 'add_event') check('repeat', command.event.recurrence, e.repeat ?? null);
  if (command.kind === 'drive') {
    check('leg', command.leg, e.leg ?? 'pickup');
    check('take', command.take, e.take ?? true);
  }
  if (!reply.includes(title.slice(0, 20))) problems.push('the confirmation does not name the title');
  if (!reply.endsWith('Reply YES to do it or NO to cancel.')) problems.push('the confirmation asks no YES');
  for (const word of e.says ?? [])
    if (!reply.includes(word)) problems.push(`the confirmation lacks "${word}"`);
  if (countSmsSegments(reply).segments > REPLY_MAX_SEGMENTS)
    problems.push('the confirmation is over 2 segments');
  if (smsEncoding(reply) !== 'GSM-7') problems.push('the confirmation is not GSM-7');
  return { problems, reply };
}

/** Scores `cases`: how many are right, and each miss with its problems. */
export function scoreCommands(cases: readonly CommandCase[]): { passed: number; misses: string[] } {
  const misses: string[] = [];
  for (const c of cases) {
    const { problems, reply } = commandProblems(c);
    if (problems.length > 0)
      misses.push(`[${c.family} @ ${c.at}] "${c.text}" → ${problems.join('; ')} | ${reply}`);
  }
  return { passed: cases.length - misses.length, misses };
}
