import ICAL from 'ical.js';

/**
 * Splits an .ics text into smaller VCALENDAR texts of about `perBatch` VEVENTs each, so a large file imports
 * in steps with visible progress. Every VEVENT sharing a UID (a series and its overrides) stays in one batch,
 * and every batch repeats the file's VTIMEZONEs. Returns `[text]` unchanged when ical.js cannot read the file
 * (the server then reads it event by event and reports what it skipped).
 * @returns batches with the number of VEVENTs each holds.
 */
export function splitIcs(text: string, perBatch = 300): Array<{ text: string; events: number }> {
  let root: ICAL.Component;
  try {
    const cleaned = text
      .replace(/^\uFEFF/, '')
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .join('\r\n');
    const jcal: unknown = ICAL.parse(cleaned);
    if (!Array.isArray(jcal) || typeof jcal[0] !== 'string') throw new Error('several calendars');
    root = new ICAL.Component(jcal as ICAL.Component['jCal']); // one VCALENDAR (checked above)
  } catch {
    return [{ text, events: (text.match(/^BEGIN:VEVENT/gim) ?? []).length }];
  }
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length <= perBatch) return [{ text, events: vevents.length }];
  const groups = new Map<string, ICAL.Component[]>();
  vevents.forEach((v, i) => {
    const uid = v.getFirstPropertyValue('uid');
    const key = typeof uid === 'string' && uid !== '' ? uid : `#${i}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  });
  const zones = root.getAllSubcomponents('vtimezone');
  const batches: Array<{ text: string; events: number }> = [];
  let current: ICAL.Component[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const cal = new ICAL.Component('vcalendar');
    cal.addPropertyWithValue('version', '2.0');
    cal.addPropertyWithValue('prodid', '-//FamilyHub//Import batch//EN');
    for (const z of zones) cal.addSubcomponent(new ICAL.Component(z.toJSON()));
    for (const v of current) cal.addSubcomponent(new ICAL.Component(v.toJSON()));
    batches.push({ text: cal.toString(), events: current.length });
    current = [];
  };
  for (const group of groups.values()) {
    if (current.length + group.length > perBatch) flush();
    current.push(...group);
  }
  flush();
  return batches;
}
