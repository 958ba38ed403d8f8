import ICAL from 'ical.js';
import { expandEvents } from '../../core/recurrence/occurrences.ts';
import { addLocalDays, instantToLocal } from '../../core/time/local-time.ts';
import { eq } from 'drizzle-orm';
import type { DavCollection } from '../db/schema/caldav.ts';
import { families } from '../db/schema/families.ts';
import { loadFamilyWindowRows } from '../db/event-occurrences.ts';
import type { ServerContext } from '../context.ts';
import { type DavResource, DavError, renderObjects } from './store.ts';
import { child, childElements, isElement, NS, textOf, type XmlNode } from './xml.ts';

/** The component a collection holds (RFC 4791 §5.2.3 supported-calendar-component-set). */
export const COMPONENT: Record<DavCollection, 'VEVENT' | 'VTODO'> = { events: 'VEVENT', tasks: 'VTODO' };

/**
 * The widest time-range (days) answered from the occurrence engine; a wider one (a client asking for "everything
 * since 1970") is answered with every object of the collection, which includes every match.
 */
const MAX_TIME_RANGE_DAYS = 800;

/**
 * An RFC 5545 UTC DATE-TIME (`20261201T000000Z`, RFC 4791 §9.9 time-range and §9.6.5 expand attributes) as an
 * instant; null when absent.
 * @throws DavError 400 (`valid-filter`) for another form.
 */
export function utcAttribute(value: string | null): Date | null {
  if (!value) return null;
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value.trim());
  if (!m) throw new DavError(400, `Not a UTC date-time: ${value}`, { ns: NS.caldav, name: 'valid-filter' });
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

/**
 * The event series and one-off events with an occurrence overlapping `[start, end)` (RFC 4791 §9.9, recurrence
 * aware: an override replaces its occurrence, an EXDATE removes it), from the occurrence engine over the rows of
 * the family's window (src/server/db/event-occurrences.ts); null when the range is too wide to expand.
 */
async function eventsInRange(
  ctx: ServerContext,
  familyId: number,
  start: Date | null,
  end: Date | null,
): Promise<Set<number> | null> {
  const from = start ?? new Date(Date.UTC(1900, 0, 1));
  const to = end ?? new Date(Date.UTC(2200, 0, 1));
  if (to.getTime() - from.getTime() > MAX_TIME_RANGE_DAYS * 86_400_000) return null;
  const [family] = await ctx.db
    .select({ timezone: families.timezone })
    .from(families)
    .where(eq(families.id, familyId));
  if (!family) return new Set();
  const fromWall = instantToLocal(from, family.timezone);
  const toWall = instantToLocal(to, family.timezone);
  // Whole days around the range for the read, the exact instants for the expansion.
  const rows = await loadFamilyWindowRows(
    ctx.db,
    familyId,
    fromWall.slice(0, 10),
    addLocalDays(toWall.slice(0, 10), 1),
  );
  const { occurrences } = expandEvents(rows, { from: fromWall, to: toWall }, family.timezone);
  return new Set(occurrences.map((o) => o.seriesId ?? o.event.id));
}

/** RFC 4790 collations: `i;ascii-casemap` (the default, RFC 4791 §9.7.5) and `i;unicode-casemap` fold case. */
function textMatches(value: string, match: XmlNode): boolean {
  const wanted = textOf(match);
  const collation = match.getAttribute('collation') || 'i;ascii-casemap';
  const hit =
    collation === 'i;octet' ? value.includes(wanted) : value.toLowerCase().includes(wanted.toLowerCase());
  return match.getAttribute('negate-condition') === 'yes' ? !hit : hit;
}

/** RFC 4791 §9.9 for a VTODO: DUE (or DTSTART) within the range; a to-do with neither matches any range. */
function todoInRange(todo: ICAL.Component, start: Date | null, end: Date | null): boolean {
  const at = todo.getFirstPropertyValue('due') ?? todo.getFirstPropertyValue('dtstart');
  if (!(at instanceof ICAL.Time)) return true;
  const instant = at.toJSDate();
  return (start === null || instant >= start) && (end === null || instant <= end);
}

/** RFC 4791 §9.7.2 prop-filter on a component. */
function propFilterMatches(component: ICAL.Component, filter: XmlNode): boolean {
  const name = (filter.getAttribute('name') ?? '').toLowerCase();
  const props = component.getAllProperties(name);
  if (child(filter, NS.caldav, 'is-not-defined')) return props.length === 0;
  if (props.length === 0) return false;
  const match = child(filter, NS.caldav, 'text-match');
  const test = filter.getAttribute('test') === 'anyof' ? 'anyof' : 'allof';
  const checks: boolean[] = [];
  if (match)
    checks.push(props.some((p) => p.getValues().some((v: unknown) => textMatches(String(v), match))));
  const range = child(filter, NS.caldav, 'time-range');
  if (range) {
    const start = utcAttribute(range.getAttribute('start'));
    const end = utcAttribute(range.getAttribute('end'));
    checks.push(
      props.some((p) => {
        const v = p.getFirstValue();
        if (!(v instanceof ICAL.Time)) return false;
        const t = v.toJSDate();
        return (start === null || t >= start) && (end === null || t < end);
      }),
    );
  }
  if (checks.length === 0) return true;
  return test === 'anyof' ? checks.some(Boolean) : checks.every(Boolean);
}

/**
 * RFC 4791 §9.7.1 comp-filter on the components named by `filter` under `parent`: true when one of them passes
 * `componentMatches` (or, with `is-not-defined`, when there is none).
 */
function compFilterMatches(parent: ICAL.Component, filter: XmlNode): boolean {
  const name = (filter.getAttribute('name') ?? '').toLowerCase();
  const components = parent.getAllSubcomponents(name);
  if (child(filter, NS.caldav, 'is-not-defined')) return components.length === 0;
  return components.some((component) => componentMatches(component, filter));
}

/**
 * Whether `component` passes the tests inside its comp-filter `filter`: its prop-filters, nested comp-filters and,
 * for a VTODO, a time-range (a VEVENT's is the occurrence engine's, applied before), all of them or, with
 * `test="anyof"`, one.
 */
function componentMatches(component: ICAL.Component, filter: XmlNode): boolean {
  const checks: boolean[] = [];
  for (const el of childElements(filter)) {
    if (isElement(el, NS.caldav, 'prop-filter')) checks.push(propFilterMatches(component, el));
    else if (isElement(el, NS.caldav, 'comp-filter')) checks.push(compFilterMatches(component, el));
    else if (isElement(el, NS.caldav, 'time-range') && component.name === 'vtodo')
      checks.push(
        todoInRange(component, utcAttribute(el.getAttribute('start')), utcAttribute(el.getAttribute('end'))),
      );
  }
  if (checks.length === 0) return true;
  return filter.getAttribute('test') === 'anyof' ? checks.some(Boolean) : checks.every(Boolean);
}

/**
 * `REPORT calendar-query` (RFC 4791 §7.8): the resources of `collection` its `C:filter` matches, with their
 * rendered objects (every match is rendered to test the filter; the reply uses them for `calendar-data`).
 * A VEVENT `time-range` is answered by the occurrence engine (recurrence-aware, §9.9); prop-filters
 * (`text-match`, `is-not-defined`, §9.7.2–9.7.5), nested comp-filters and a VTODO's time-range are tested on
 * the objects themselves.
 * @throws DavError 400 (`valid-filter`) for a filter that is not VCALENDAR at its top.
 */
export async function calendarQuery(
  ctx: ServerContext,
  familyId: number,
  collection: DavCollection,
  resources: readonly DavResource[],
  filter: XmlNode | undefined,
): Promise<{ matched: DavResource[]; objects: Map<string, string> }> {
  const top = filter ? child(filter, NS.caldav, 'comp-filter') : undefined;
  if (!top)
    return { matched: [...resources], objects: await renderObjects(ctx, familyId, collection, resources) };
  if ((top.getAttribute('name') ?? '').toUpperCase() !== 'VCALENDAR')
    throw new DavError(400, 'The filter must start with VCALENDAR.', { ns: NS.caldav, name: 'valid-filter' });
  const inner = childElements(top, NS.caldav, 'comp-filter');
  // A filter for a component this collection does not hold matches nothing.
  if (inner.some((f) => (f.getAttribute('name') ?? '').toUpperCase() !== COMPONENT[collection]))
    return { matched: [], objects: new Map() };
  let candidates = [...resources];
  let ranged = false;
  const range = inner[0] ? child(inner[0], NS.caldav, 'time-range') : undefined;
  if (range && collection === 'events') {
    const ids = await eventsInRange(
      ctx,
      familyId,
      utcAttribute(range.getAttribute('start')),
      utcAttribute(range.getAttribute('end')),
    );
    if (ids) candidates = candidates.filter((r) => r.eventId !== null && ids.has(r.eventId));
    ranged = true;
  }
  const objects = await renderObjects(ctx, familyId, collection, candidates);
  const matched = candidates.filter((r) => {
    const text = objects.get(r.name);
    if (text === undefined) return false;
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    return componentMatches(calendar, withoutEventRange(top, ranged));
  });
  return { matched, objects };
}

/** `top` with the VEVENT time-range the engine already applied taken out (it is not tested again). */
function withoutEventRange(top: XmlNode, ranged: boolean): XmlNode {
  if (!ranged) return top;
  const copy = top.cloneNode(true) as XmlNode;
  for (const comp of childElements(copy, NS.caldav, 'comp-filter'))
    for (const range of childElements(comp, NS.caldav, 'time-range')) comp.removeChild(range);
  return copy;
}
