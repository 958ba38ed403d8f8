import { parseLocal } from '../time/local-time.ts';

/**
 * The lenient first pass over one VEVENT's text (issue 39): RFC 5545 §3.1 asks readers to be liberal in what they
 * accept, and the libraries real calendars are tested against (python-recurring-ical-events, ical4j, node-ical)
 * read these instead of refusing the event:
 * - an empty `RRULE:` line: no repeat rule (ical.js would read it as "FREQ=null");
 * - an EXDATE or RDATE value that is not a date (`EXDATE:garbage`, `2026-01-07`, `20260230`): that value is left
 *   out, the event and its other dates are kept;
 * - a DATE in an EXDATE or RDATE without `VALUE=DATE` (`EXDATE:20260107`): that day (moved to a `VALUE=DATE` line
 *   of its own, as RFC 5545 §3.8.5.1 would have it written).
 * Nothing else is touched. Each repair is returned for the import report.
 */

/** One repair: the property, the value as the file wrote it, and what was done with it. */
export interface IcsRepair {
  property: 'RRULE' | 'EXDATE' | 'RDATE';
  value: string;
  kind: 'empty' | 'unreadable' | 'not-a-real-date' | 'date-without-value-type';
}

interface ContentLine {
  name: string;
  /** The parameters as written, each `NAME=value` (quotes kept). */
  params: string[];
  value: string;
}

/** Splits an unfolded content line at its first `;` and `:` outside quotes (RFC 5545 §3.1, §3.2). */
function splitLine(line: string): ContentLine | null {
  let quoted = false;
  let segmentStart = 0;
  const head: string[] = [];
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ';' || c === ':')) {
      head.push(line.slice(segmentStart, i));
      segmentStart = i + 1;
      if (c === ':') {
        const [name = '', ...params] = head;
        return { name: name.toUpperCase(), params, value: line.slice(i + 1) };
      }
    }
  }
  return null;
}

function valueType(params: readonly string[]): string | null {
  const p = params.find((x) => /^VALUE=/i.test(x));
  return p ? p.slice(6).replace(/"/g, '').toUpperCase() : null;
}

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z?$/;
/** A DATE with a stray `Z` (Google's birthday calendars write `RDATE:20131210Z`); ical.js reads it as that day. */
const DATE_Z = /^(\d{4})(\d{2})(\d{2})Z$/;
const DURATION = /^[+-]?P(\d+W|(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?)$/;

/** True when the digits name a real day (and time): 2026-02-30 and 25:00 are not. */
function realMoment(m: RegExpExecArray): boolean {
  return parseLocal(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}`) !== null;
}

/** The shape of one EXDATE/RDATE value: fine as written, a DATE in a DATE-TIME property, or unreadable. */
function classify(value: string, declared: string | null): 'ok' | 'date' | IcsRepair['kind'] {
  const v = value.trim();
  if (declared === 'PERIOD') {
    const [start = '', end = ''] = v.split('/');
    const s = DATE_TIME.exec(start);
    const e = DATE_TIME.exec(end);
    if (!s || !(e || DURATION.test(end))) return 'unreadable';
    return realMoment(s) && (!e || realMoment(e)) ? 'ok' : 'not-a-real-date';
  }
  const date = DATE.exec(v) ?? DATE_Z.exec(v);
  if (date) {
    if (!realMoment(date)) return 'not-a-real-date';
    return declared === 'DATE' || DATE_Z.test(v) ? 'ok' : 'date';
  }
  const dateTime = DATE_TIME.exec(v);
  if (dateTime) return realMoment(dateTime) ? 'ok' : 'not-a-real-date';
  return 'unreadable';
}

/** Lines of `block` with folding undone (RFC 5545 §3.1: CRLF followed by a space or tab continues the line). */
function unfold(block: string): string[] {
  return block.replace(/\r\n[ \t]/g, '').split('\r\n');
}

/**
 * Applies the repairs above to one VEVENT (text with CRLF line ends, as the importer hands it over).
 * @returns the text to read (unfolded where a line was repaired; unchanged when nothing was) and the repairs made.
 */
export function repairEvent(block: string): { text: string; repairs: IcsRepair[] } {
  const repairs: IcsRepair[] = [];
  const out: string[] = [];
  let changed = false;
  for (const raw of unfold(block)) {
    const line = /^(RRULE|EXDATE|RDATE)[;:]/i.test(raw) ? splitLine(raw) : null;
    if (!line || (line.name !== 'RRULE' && line.name !== 'EXDATE' && line.name !== 'RDATE')) {
      out.push(raw);
      continue;
    }
    const property = line.name;
    if (property === 'RRULE') {
      if (line.value.trim() === '') {
        repairs.push({ property, value: '', kind: 'empty' });
        changed = true;
      } else out.push(raw);
      continue;
    }
    const declared = valueType(line.params);
    const values = line.value.split(',').filter((v) => v.trim() !== '');
    if (values.length === 0) {
      repairs.push({ property, value: '', kind: 'empty' });
      changed = true;
      continue;
    }
    const kept: string[] = [];
    const dates: string[] = [];
    for (const value of values) {
      const shape = classify(value, declared);
      if (shape === 'ok') kept.push(value.trim());
      else if (shape === 'date') {
        dates.push(value.trim());
        repairs.push({ property, value: value.trim(), kind: 'date-without-value-type' });
      } else repairs.push({ property, value: value.trim(), kind: shape });
    }
    if (kept.length === values.length) {
      out.push(raw);
      continue;
    }
    changed = true;
    const head = [property, ...line.params].join(';');
    if (kept.length > 0) out.push(`${head}:${kept.join(',')}`);
    if (dates.length > 0) {
      // A DATE value has no zone (RFC 5545 §3.3.4): the TZID and VALUE parameters do not go with it.
      const params = line.params.filter((p) => !/^(VALUE|TZID)=/i.test(p));
      out.push(`${[property, ...params, 'VALUE=DATE'].join(';')}:${dates.join(',')}`);
    }
  }
  return { text: changed ? out.join('\r\n') : block, repairs };
}
