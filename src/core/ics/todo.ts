import ICAL from 'ical.js';
import type { Priority, TaskStatus } from '../contracts/tasks.ts';
import { withOnlyLineFeeds, withoutControlCharacters } from '../text/clean.ts';
import { instantToLocal, localToInstant, parseLocal } from '../time/local-time.ts';
import { extraOf } from './import.ts';
import { type IcsMember, icsLine, icsMultiline } from './model.ts';

/** A task as its VTODO shows it (SPEC §3 Task; issue 40 item 4). `dueDate` is wall-clock in the family's zone. */
export interface TodoRecord {
  id: number;
  title: string;
  description: string | null;
  /** `YYYY-MM-DDTHH:mm:00` in the family's zone, or null (a task of an event may have none). */
  dueDate: string | null;
  status: TaskStatus;
  priority: Priority;
  assigneeIds: number[];
  sourceUid: string | null;
  davExtra: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** UID of a task made in FamilyHub: `task-<id>@<host>`, stable for its life. */
export function ownTaskUid(id: number, host: string): string {
  return `task-${id}@${host}`;
}

/**
 * PRIORITY (RFC 5545 §3.8.1.9: 1 highest … 9 lowest, 0 undefined) of our three priorities, and back: 1–4 high,
 * 5 medium, 6–9 low, as the RFC's "CUA with a three-level priority scheme" reads them; 0 or none is medium.
 */
const PRIORITY_NUMBER: Record<Priority, number> = { high: 1, medium: 5, low: 9 };

function priorityOf(value: unknown): Priority {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > 9) return 'medium';
  return n < 5 ? 'high' : n === 5 ? 'medium' : 'low';
}

function utc(d: Date): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(Math.floor(d.getTime() / 1000) * 1000), true);
}

/**
 * A task as one calendar object resource (RFC 4791 §4.1): a VCALENDAR with one VTODO. DUE is written in UTC
 * (the stored wall clock read in `familyZone`), so no VTIMEZONE is needed; STATUS is NEEDS-ACTION or COMPLETED
 * with COMPLETED (RFC 5545 §3.8.2.1) at the task's last change; the assignees are ATTENDEEs with their names;
 * what a client wrote that FamilyHub has no field for (`davExtra`) comes back unchanged. Deterministic.
 */
export function buildTodoObject(
  task: TodoRecord,
  members: readonly IcsMember[],
  familyZone: string,
  host: string,
): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//FamilyHub//Tasks//EN');
  const todo = new ICAL.Component('vtodo');
  todo.addPropertyWithValue('uid', icsLine(task.sourceUid ?? ownTaskUid(task.id, host)));
  todo.addPropertyWithValue('dtstamp', utc(task.updatedAt));
  todo.addPropertyWithValue('summary', icsLine(task.title));
  if (task.description) todo.addPropertyWithValue('description', icsMultiline(task.description));
  if (task.dueDate) todo.addPropertyWithValue('due', utc(localToInstant(task.dueDate, familyZone)));
  todo.addPropertyWithValue('priority', PRIORITY_NUMBER[task.priority]);
  if (task.status === 'completed') {
    todo.addPropertyWithValue('status', 'COMPLETED');
    todo.addPropertyWithValue('completed', utc(task.updatedAt));
    todo.addPropertyWithValue('percent-complete', 100);
  } else todo.addPropertyWithValue('status', 'NEEDS-ACTION');
  for (const id of task.assigneeIds) {
    const m = members.find((x) => x.id === id);
    if (!m) continue;
    const prop = new ICAL.Property('attendee');
    prop.setValue(`mailto:${m.email ?? `member-${m.id}@${host}.invalid`}`);
    prop.setParameter('cn', icsLine(m.name));
    todo.addProperty(prop);
  }
  todo.addPropertyWithValue('created', utc(task.createdAt));
  todo.addPropertyWithValue('last-modified', utc(task.updatedAt));
  if (task.davExtra) {
    const holder = new ICAL.Component(
      ICAL.parse(`BEGIN:VTODO\r\n${task.davExtra}\r\nEND:VTODO`) as unknown[],
    );
    for (const prop of [...holder.getAllProperties()]) todo.addProperty(prop);
    for (const sub of [...holder.getAllSubcomponents()]) todo.addSubcomponent(sub);
  }
  calendar.addSubcomponent(todo);
  return `${calendar.toString()}\r\n`;
}

/** A VTODO read into a task's fields; fields the VTODO does not have are null (the caller picks defaults). */
export interface ParsedTodo {
  uid: string;
  title: string;
  description: string | null;
  /** DUE (or, without one, DTSTART) as wall-clock in the family's zone; a DATE is that day at 17:00. */
  dueDate: string | null;
  status: TaskStatus;
  priority: Priority;
  /** Members named by an ATTENDEE's CN. */
  assigneeIds: number[];
  extra: string | null;
}

/**
 * A VTODO that cannot be read: the message says why, in words for a person; `otherComponent` when the object
 * holds no VTODO but another component (a VEVENT sent to the tasks).
 */
export class TodoFormatError extends Error {
  constructor(
    message: string,
    readonly otherComponent = false,
  ) {
    super(message);
  }
}

/** The hour a DATE-only DUE is read at (a to-do "due Friday" is due Friday afternoon, not at midnight). */
const DATE_DUE_TIME = '17:00:00';

/** A TEXT property (ical.js unescapes it), with control characters as the app's fields allow them. */
function text(todo: ICAL.Component, name: string, max: number, multiline: boolean): string | null {
  const value = todo.getFirstPropertyValue(name);
  if (typeof value !== 'string') return null;
  const cleaned = (multiline ? withOnlyLineFeeds(value) : withoutControlCharacters(value)).trim();
  return cleaned === '' ? null : cleaned.slice(0, max);
}

/** A DATE or DATE-TIME of the VTODO as wall-clock in `familyZone` (a floating time is already there). */
function wallOf(value: unknown, familyZone: string): string | null {
  if (!(value instanceof ICAL.Time)) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${value.year}-${p(value.month)}-${p(value.day)}`;
  if (value.isDate) return `${date}T${DATE_DUE_TIME.slice(0, 5)}:00`;
  const wall = `${date}T${p(value.hour)}:${p(value.minute)}:00`;
  if (!parseLocal(wall)) return null;
  const zone = value.zone?.tzid;
  if (!zone || zone === 'floating') return wall;
  return instantToLocal(value.toJSDate(), familyZone);
}

/**
 * Reads the one VTODO of a calendar object a client PUT (RFC 4791 §4.1: one component type, one UID).
 * STATUS:COMPLETED (or a COMPLETED time, or PERCENT-COMPLETE 100) is a completed task; anything else open.
 * @param familyZone the family's IANA zone: a DUE with a zone or in UTC is converted to its wall clock there.
 * @throws TodoFormatError when the text is not iCalendar, holds no VTODO or more than one UID, or has no SUMMARY.
 */
export function parseTodoObject(body: string, familyZone: string, members: readonly IcsMember[]): ParsedTodo {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
  } catch {
    throw new TodoFormatError('This is not an iCalendar object');
  }
  const todos = calendar.getAllSubcomponents('vtodo');
  if (todos.length === 0)
    throw new TodoFormatError('The object holds no to-do (VTODO)', calendar.getAllSubcomponents().length > 0);
  const uids = new Set(todos.map((t) => t.getFirstPropertyValue('uid')));
  if (uids.size !== 1) throw new TodoFormatError('A to-do object must hold one UID');
  const todo = todos[0] as ICAL.Component;
  const uid = todo.getFirstPropertyValue('uid');
  if (typeof uid !== 'string' || uid.trim() === '') throw new TodoFormatError('The to-do has no UID');
  const title = text(todo, 'summary', 200, false);
  if (!title) throw new TodoFormatError('Title is required');
  const status = String(todo.getFirstPropertyValue('status') ?? '').toUpperCase();
  const percent = Number(todo.getFirstPropertyValue('percent-complete') ?? 0);
  const completed =
    status === 'COMPLETED' || (status === '' && (todo.hasProperty('completed') || percent === 100));
  const ids = todo
    .getAllProperties('attendee')
    .map((prop) => {
      const cn = prop.getParameter('cn');
      const wanted = typeof cn === 'string' ? cn.trim().toLowerCase() : '';
      return members.find((m) => m.name.trim().toLowerCase() === wanted)?.id ?? null;
    })
    .filter((id): id is number => id !== null);
  return {
    uid: uid.trim(),
    title,
    description: text(todo, 'description', 5000, true),
    dueDate:
      wallOf(todo.getFirstPropertyValue('due'), familyZone) ??
      wallOf(todo.getFirstPropertyValue('dtstart'), familyZone),
    status: completed ? 'completed' : 'open',
    priority: priorityOf(todo.getFirstPropertyValue('priority')),
    assigneeIds: [...new Set(ids)],
    extra: extraOf(todo, members, TODO_MAPPED),
  };
}

/** The VTODO properties FamilyHub maps or writes itself (RFC 5545 §3.6.2). */
const TODO_MAPPED = new Set([
  'uid',
  'dtstamp',
  'summary',
  'description',
  'due',
  'dtstart',
  'priority',
  'status',
  'completed',
  'percent-complete',
  'created',
  'last-modified',
]);
