import { useId, useMemo, useState } from 'react';
import { isIanaZoneName } from '../../core/time/zone-names.ts';
import { Field, Input, Select } from './ui/field.tsx';

/** A time zone choice: the IANA name sent, and "America/New York (GMT-5)" shown. */
interface ZoneChoice {
  value: string;
  label: string;
}

/** The zone's UTC offset now, as the browser names it ("GMT+1"), or '' when it has no name for it. */
function offsetName(zone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    timeZoneName: 'shortOffset',
  }).formatToParts(now);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * Every zone the browser lists (`Intl.supportedValuesOf('timeZone')`), plus UTC and `current` when the list lacks
 * them (runtimes list canonical names only: `Asia/Calcutta` but not `Asia/Kolkata`), sorted by name.
 */
function zoneChoices(current: string): ZoneChoice[] {
  const now = new Date();
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add('UTC');
  if (isIanaZoneName(current)) names.add(current);
  return [...names].sort().map((value) => {
    const offset = offsetName(value, now);
    const name = value.replaceAll('_', ' ');
    return { value, label: offset ? `${name} (${offset})` : name };
  });
}

/** Lower-case text with spaces and underscores alike, for matching "new york" to `America/New_York`. */
const searchable = (text: string) => text.toLowerCase().replaceAll('_', ' ');

/**
 * The family time zone control (issue 18), on the Register page and in Global Settings: a labelled native select
 * of the IANA zones (keyboard type-ahead, screen readers and phones handle it natively) with a search box that
 * narrows the list; when the chosen zone does not match the search, the first match is chosen. The count of
 * matches is announced politely.
 */
export function TimeZoneField({
  label,
  value,
  onChange,
  error,
  hint,
  disabled,
}: {
  label: string;
  /** The chosen IANA zone. */
  value: string;
  onChange: (zone: string) => void;
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
}) {
  const [query, setQuery] = useState('');
  const countId = useId();
  const choices = useMemo(() => zoneChoices(value), [value]);
  const wanted = searchable(query.trim());
  const chosen = choices.find((c) => c.value === value);
  const matches = wanted ? choices.filter((c) => searchable(c.label).includes(wanted)) : choices;
  // The chosen zone stays in the list even when the search hides it, so the select never shows a false value.
  const shown = chosen && !matches.includes(chosen) ? [chosen, ...matches] : matches;

  const search = (text: string) => {
    setQuery(text);
    const needle = searchable(text.trim());
    if (!needle || (chosen && searchable(chosen.label).includes(needle))) return;
    const first = choices.find((c) => searchable(c.label).includes(needle));
    if (first) onChange(first.value);
  };

  return (
    <Field label={label} error={error} hint={hint}>
      {(a11y) => (
        <div className="space-y-2">
          <Input
            type="search"
            aria-label={`Search ${label.toLowerCase()}s`}
            aria-controls={a11y.id}
            aria-describedby={countId}
            placeholder="Search, e.g. Berlin or New York"
            autoComplete="off"
            value={query}
            disabled={disabled}
            onChange={(e) => search(e.target.value)}
          />
          <Select {...a11y} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
            {shown.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
          <p id={countId} aria-live="polite" className="sr-only">
            {wanted ? `${matches.length} time zones match` : ''}
          </p>
        </div>
      )}
    </Field>
  );
}
