import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  SEARCH_RESULTS_MAX,
  type SearchKind,
  type SearchQuery,
  type SearchResultDto,
} from '../../core/contracts/search.ts';
import { expandEvents } from '../../core/recurrence/occurrences.ts';
import { compareResults, nearness, prefixQuery, searchTerms, snippetOf } from '../../core/search/terms.ts';
import {
  addLocalDays,
  instantToLocal,
  localDateOf,
  localMinutesBetween,
} from '../../core/time/local-time.ts';
import { todayIn } from '../../core/time/today.ts';
import type { ServerContext } from '../context.ts';
import { loadWindowRows } from '../db/event-occurrences.ts';
import { events } from '../db/schema/events.ts';
import { families } from '../db/schema/families.ts';
import { notes } from '../db/schema/notes.ts';
import { activityProposals, tasks } from '../db/schema/tasks.ts';
import { notFound } from '../http/errors.ts';
import { SEARCH_VECTORS, SEARCHED_TEXT_MAX } from './vectors.ts';

/** Most matches read per kind, the best by text rank, before they are ranked together. */
const MATCHES_PER_KIND = 50;

/** How far ahead a series' next occurrence is looked for, in days: first the next month, then the rest. */
const NEAR_DAYS = 31;
const NEXT_OCCURRENCE_DAYS = 400;

/** One match before ranking: its text rank and what its result line shows. */
interface Match {
  kind: SearchKind;
  id: number;
  title: string;
  text: string;
  date: string | null;
  occurrenceStart: string | null;
  rank: number;
}

/**
 * `GET /api/search?q=` (issue 45, ADR 048): the session family's events, tasks, notes and activity requests whose
 * title, location, description or note content holds every word of `q` as a word start (PostgreSQL text search,
 * 'simple' configuration, the `search_vector` columns and GIN indexes of migration 0025), at most
 * {@link SEARCH_RESULTS_MAX}, best first: text rank (title over location over text) × (0.5 + 0.5 × nearness in time
 * to the family's today; a note ranks as undated, its date being its last change). A recurring event is found once,
 * under its series' id, dated by its next occurrence (from today, within 400 days; else its first), or by the edited
 * occurrence that matched when the series' own texts do not. Reads only `familyId`'s rows (and row-level security
 * holds the request to them).
 * @throws HttpError 404 when the family does not exist.
 */
export async function searchFamily(
  ctx: ServerContext,
  familyId: number,
  { q }: SearchQuery,
): Promise<SearchResultDto[]> {
  const [family] = await ctx.db
    .select({ timezone: families.timezone })
    .from(families)
    .where(eq(families.id, familyId));
  if (!family) throw notFound();
  const terms = searchTerms(q);
  const query = sql`to_tsquery('simple'::regconfig, ${prefixQuery(terms)})`;
  const today = todayIn(family.timezone, ctx.clock.now());
  const rank = (vector: (typeof SEARCH_VECTORS)[SearchKind]) =>
    sql<number>`ts_rank(${vector}, ${query})`.mapWith(Number);
  const matches = (vector: (typeof SEARCH_VECTORS)[SearchKind]) => sql`${vector} @@ ${query}`;

  const eventRows = await ctx.db
    .select({
      id: events.id,
      parentId: sql<
        number | null
      >`case when ${events.recurrenceId} is not null then ${events.parentEventId} end`,
      recurrenceId: events.recurrenceId,
      isSeries: sql<boolean>`${events.rrule} is not null`,
      title: events.title,
      location: events.location,
      description: sql<string>`left(coalesce(${events.description}, ''), ${SEARCHED_TEXT_MAX})`,
      start: events.startDate,
      rank: rank(SEARCH_VECTORS.event),
    })
    .from(events)
    .where(and(eq(events.familyId, familyId), matches(SEARCH_VECTORS.event)))
    .orderBy(desc(rank(SEARCH_VECTORS.event)), events.id)
    .limit(MATCHES_PER_KIND);
  const found: Match[] = await eventMatches(ctx, familyId, family.timezone, today, eventRows);

  const taskRows = await ctx.db
    .select({
      id: tasks.id,
      title: tasks.title,
      text: sql<string>`left(coalesce(${tasks.description}, ''), ${SEARCHED_TEXT_MAX})`,
      due: tasks.dueDate,
      rank: rank(SEARCH_VECTORS.task),
    })
    .from(tasks)
    .where(and(eq(tasks.familyId, familyId), matches(SEARCH_VECTORS.task)))
    .orderBy(desc(rank(SEARCH_VECTORS.task)), tasks.id)
    .limit(MATCHES_PER_KIND);
  for (const t of taskRows)
    found.push({ kind: 'task', ...t, date: t.due ? localDateOf(t.due) : null, occurrenceStart: null });

  const noteRows = await ctx.db
    .select({
      id: notes.id,
      title: notes.title,
      text: sql<string>`left(${notes.content}, ${SEARCHED_TEXT_MAX})`,
      updatedAt: notes.updatedAt,
      rank: rank(SEARCH_VECTORS.note),
    })
    .from(notes)
    .where(and(eq(notes.familyId, familyId), matches(SEARCH_VECTORS.note)))
    .orderBy(desc(rank(SEARCH_VECTORS.note)), notes.id)
    .limit(MATCHES_PER_KIND);
  for (const n of noteRows)
    found.push({
      kind: 'note',
      id: n.id,
      title: n.title,
      text: n.text,
      date: instantToLocal(n.updatedAt, family.timezone).slice(0, 10),
      occurrenceStart: null,
      rank: n.rank,
    });

  const activityRows = await ctx.db
    .select({
      id: activityProposals.id,
      title: activityProposals.title,
      location: activityProposals.location,
      description: sql<string>`left(coalesce(${activityProposals.description}, ''), ${SEARCHED_TEXT_MAX})`,
      due: activityProposals.dueDate,
      rank: rank(SEARCH_VECTORS.activity),
    })
    .from(activityProposals)
    .where(and(eq(activityProposals.familyId, familyId), matches(SEARCH_VECTORS.activity)))
    .orderBy(desc(rank(SEARCH_VECTORS.activity)), activityProposals.id)
    .limit(MATCHES_PER_KIND);
  for (const a of activityRows)
    found.push({
      kind: 'activity',
      id: a.id,
      title: a.title,
      text: [a.location, a.description].filter(Boolean).join(' · '),
      date: a.due ? localDateOf(a.due) : null,
      occurrenceStart: null,
      rank: a.rank,
    });

  return found
    .map((m) => ({
      ...m,
      // A note's date is its last change, not a time it is about: it ranks as undated.
      score:
        m.rank *
        (0.5 + 0.5 * nearness(m.date === null || m.kind === 'note' ? null : daysBetween(today, m.date))),
    }))
    .sort(compareResults)
    .slice(0, SEARCH_RESULTS_MAX)
    .map((m) => ({
      kind: m.kind,
      id: m.id,
      title: m.title,
      snippet: snippetOf(m.text, terms),
      date: m.date,
      occurrence_start: m.occurrenceStart,
    }));
}

/** Whole days from `from` to `to` (family dates `YYYY-MM-DD`), negative when `to` is earlier. */
function daysBetween(from: string, to: string): number {
  return Math.round(localMinutesBetween(`${from}T00:00:00`, `${to}T00:00:00`) / 1440);
}

/**
 * The event matches as results: a series is found once, dated by its next occurrence from `today` (expanded by
 * the occurrence engine in the family's zone); an edited occurrence (override) that matches is its series, dated
 * by itself when the series' own texts do not match.
 */
async function eventMatches(
  ctx: ServerContext,
  familyId: number,
  zone: string,
  today: string,
  rows: {
    id: number;
    /** The series of an override (an edited occurrence); null for a one-off or a series. */
    parentId: number | null;
    /** An override's occurrence start (RECURRENCE-ID, family wall-clock). */
    recurrenceId: string | null;
    isSeries: boolean;
    title: string;
    location: string | null;
    description: string;
    start: string;
    rank: number;
  }[],
): Promise<Match[]> {
  const oneOffs: Match[] = [];
  const bySeries = new Map<number, Match>();
  const byOverride = new Map<number, Match>();
  for (const r of rows) {
    const match: Match = {
      kind: 'event',
      id: r.parentId ?? r.id,
      title: r.title,
      text: [r.location, r.description].filter(Boolean).join(' · '),
      date: localDateOf(r.start),
      occurrenceStart: r.parentId === null ? null : r.recurrenceId,
      rank: r.rank,
    };
    if (r.parentId !== null) {
      // The rows come best first: the first override of a series is its best.
      if (!byOverride.has(match.id)) byOverride.set(match.id, match);
    } else if (r.isSeries) bySeries.set(match.id, match);
    else oneOffs.push(match);
  }
  for (const [seriesId, override] of byOverride) {
    const series = bySeries.get(seriesId);
    if (series) series.rank = Math.max(series.rank, override.rank);
  }
  const overridesOnly = [...byOverride.values()].filter((o) => !bySeries.has(o.id));
  if (bySeries.size === 0) return [...oneOffs, ...overridesOnly];

  // The next month first (a daily or weekly series has its next occurrence there), the rest of the 400 days
  // only for the series still without one (a yearly birthday): most series cost a few occurrences, not 400 days.
  let waiting = [...bySeries.keys()];
  for (const [fromDay, toDay] of [
    [today, addLocalDays(today, NEAR_DAYS)],
    [addLocalDays(today, NEAR_DAYS), addLocalDays(today, NEXT_OCCURRENCE_DAYS)],
  ] as const) {
    if (waiting.length === 0) break;
    const engineRows = await loadWindowRows(
      ctx.db,
      sql`${eq(events.familyId, familyId)} and (${inArray(events.id, waiting)} or ${inArray(events.parentEventId, waiting)})`,
      fromDay,
      toDay,
    );
    const window = { from: `${fromDay}T00:00:00`, to: `${toDay}T00:00:00` };
    for (const o of expandEvents(engineRows, window, zone).occurrences) {
      const match = bySeries.get(o.seriesId ?? o.event.id);
      if (!match || match.occurrenceStart !== null) continue;
      match.date = localDateOf(o.start);
      match.occurrenceStart = o.occurrenceId;
    }
    waiting = waiting.filter((id) => bySeries.get(id)?.occurrenceStart === null);
  }
  return [...oneOffs, ...bySeries.values(), ...overridesOnly];
}
