import Holidays from 'date-holidays';
import { distance } from 'fastest-levenshtein';

/** A holiday name as texted: lowercase words, no apostrophes ("New Year's Eve" → "new years eve"). */
function holidayKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Each texted name of a country's holidays in one year → its date (`YYYY-MM-DD`). */
type HolidayNames = Map<string, string>;

const holidayCache = new Map<string, HolidayNames>();

/**
 * The holidays of `country` in `year` from the date-holidays dataset (public, bank, optional and observance
 * days), keyed by name: the full name ("thanksgiving day"), the name without a trailing "day" ("thanksgiving",
 * "christmas"), and "X eve" for the day before X when the dataset has no eve of its own (Christmas Eve is not a
 * UK holiday but UK families still say it). Substitute days are left out.
 */
function holidayNames(country: string, year: number): HolidayNames {
  const cacheKey = `${country}:${year}`;
  const cached = holidayCache.get(cacheKey);
  if (cached) return cached;
  const names: HolidayNames = new Map();
  const hd = new Holidays(country, { languages: ['en'] });
  const list = (hd.getHolidays(year, 'en') || []).filter((h) => !h.substitute && !/substitute/i.test(h.name));
  const add = (key: string, date: string) => {
    if (key !== '' && !names.has(key)) names.set(key, date);
  };
  for (const h of list) {
    const key = holidayKey(h.name);
    const date = h.date.slice(0, 10);
    add(key, date);
    add(key.replace(/ day$/, ''), date);
  }
  for (const h of list) {
    const short = holidayKey(h.name).replace(/ day$/, '');
    const date = h.date.slice(0, 10);
    const d = new Date(`${date}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    add(`${short} eve`, d.toISOString().slice(0, 10));
  }
  holidayCache.set(cacheKey, names);
  return names;
}

/** A holiday found in a question. */
export interface HolidayMatch {
  /** `YYYY-MM-DD`: the holiday's next date on or after today. */
  date: string;
  /** The words of the question that named it, as typed. */
  phrase: string;
}

/** The words of every holiday name of a few large English-speaking countries, to tell "a holiday we don't have" from noise. */
let knownHolidayWords: Set<string> | null = null;
function anyHolidayWord(word: string, year: number): boolean {
  if (!knownHolidayWords) {
    knownHolidayWords = new Set();
    for (const c of ['US', 'GB', 'CA', 'AU', 'NZ', 'IE']) {
      for (const key of holidayNames(c, year).keys()) {
        // Only names of one distinctive word ("thanksgiving", "halloween"): "day" or "new" are not holidays.
        if (!key.includes(' ')) knownHolidayWords.add(key);
      }
    }
  }
  return knownHolidayWords.has(word);
}

/**
 * Finds a holiday of the family's country named in `words` (normalized question words), typo-tolerant for
 * long single words ("thanksgivng": one or two edits, same first letter). The longest name wins ("christmas
 * eve" over "christmas"). Returns the next date on or after `today`.
 *
 * @returns the match, `'unknown'` when the question names a holiday the family's country does not have
 *   ("thanksgiving" in the UK), or null when it names none.
 */
export function findHoliday(
  words: readonly string[],
  today: string,
  country: string | null,
): HolidayMatch | 'unknown' | null {
  const year = Number(today.slice(0, 4));
  const tables = country === null ? [] : [holidayNames(country, year), holidayNames(country, year + 1)];
  const keys = new Set(tables.flatMap((t) => [...t.keys()]));
  let best: { start: number; length: number; key: string } | null = null;
  for (let start = 0; start < words.length; start += 1) {
    for (let length = Math.min(4, words.length - start); length >= 1; length -= 1) {
      const typed = words
        .slice(start, start + length)
        .map((w) => w.replace(/'s$/, 's').replace(/'/g, ''))
        .join(' ');
      let key: string | null = keys.has(typed) ? typed : null;
      if (key === null && length === 1 && typed.length >= 7) {
        const near = [...keys].filter(
          (k) => !k.includes(' ') && k[0] === typed[0] && distance(k, typed) <= 2,
        );
        if (near.length === 1) key = near[0] ?? null;
      }
      if (key !== null && (!best || length > best.length)) best = { start, length, key };
    }
  }
  if (best) {
    for (const table of tables) {
      const date = table.get(best.key);
      if (date !== undefined && date >= today) {
        return { date, phrase: words.slice(best.start, best.start + best.length).join(' ') };
      }
    }
  }
  if (words.some((w) => anyHolidayWord(w, year))) return 'unknown';
  return null;
}
