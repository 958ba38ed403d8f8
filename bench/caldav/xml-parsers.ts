/**
 * ADR 045: the XML parser under the CalDAV routes, by measurement. Parses the request bodies real clients send
 * (written down below as each sends them: prefixes differ by client, and DAVx⁵ puts DAV: in the default
 * namespace) with @xmldom/xmldom (what src/server/caldav/xml.ts uses) and with fast-xml-parser (a devDependency
 * for this bench only), and prints µs per body, what each makes of the property names (namespace correctness),
 * and what each does with a "billion laughs" body and an external entity (XXE). Not run by tests.
 *
 *   node --import tsx bench/caldav/xml-parsers.ts        (ROUNDS=2000 by default)
 */
import { DOMParser } from '@xmldom/xmldom';
import { XMLParser } from 'fast-xml-parser';
import { parseXmlBody, propNames, child, NS } from '../../src/server/caldav/xml.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 2000);
const HOME = '/dav/calendars/7/family/';

/** What python3-caldav (lxml, prefixes D: and C:) sends for `objects_by_sync_token`. */
const pythonSync = `<?xml version='1.0' encoding='utf-8'?>
<D:sync-collection xmlns:D="DAV:"><D:sync-token>https://familyhub.app/ns/sync/41</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>`;

/** python3-caldav's `search(uid=…)`: a calendar-query with comp-filter, prop-filter and text-match. */
const pythonQuery = `<?xml version='1.0' encoding='utf-8'?>
<C:calendar-query xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:D="DAV:"><D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="20261201T000000Z" end="20270101T000000Z"/><C:prop-filter name="UID"><C:text-match collation="i;octet" negate-condition="no">piano-weekly</C:text-match></C:prop-filter></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>`;

/** DAVx⁵ (dav4jvm): DAV: as the default namespace, CalDAV as CAL:; a calendar-multiget of 100 hrefs. */
const davx5Multiget = `<?xml version='1.0' encoding='UTF-8' ?><CAL:calendar-multiget xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav" xmlns:CARD="urn:ietf:params:xml:ns:carddav"><prop><getcontenttype /><getetag /><CAL:calendar-data /></prop>${Array.from(
  { length: 100 },
  (_, i) => `<href>${HOME}${crypto.randomUUID()}-${i}.ics</href>`,
).join('')}</CAL:calendar-multiget>`;

/** DAVx⁵'s PROPFIND of a calendar home (Depth: 1). */
const davx5Propfind = `<?xml version='1.0' encoding='UTF-8' ?><propfind xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav" xmlns:CARD="urn:ietf:params:xml:ns:carddav" xmlns:CS="http://calendarserver.org/ns/" xmlns:ICAL="http://apple.com/ns/ical/"><prop><resourcetype /><displayname /><ICAL:calendar-color /><CAL:calendar-description /><CAL:calendar-timezone /><current-user-privilege-set /><CAL:supported-calendar-component-set /><CS:source /><sync-token /><CS:getctag /><owner /></prop></propfind>`;

const ns = (prefix: string, uri: string) => ` xmlns:${prefix}="${uri}"`;
/** iOS Calendar's PROPFIND of a calendar home: 38 properties, A: for DAV:, each other namespace on its element. */
const iosPropfind = `<?xml version="1.0" encoding="UTF-8"?>
<A:propfind xmlns:A="DAV:">
  <A:prop>
${[
  ['A', 'DAV:', 'add-member'],
  ['C', NS.cs, 'allowed-sharing-modes'],
  ['D', NS.ical, 'autoprovisioned'],
  ['E', 'http://me.com/_namespace/', 'bulk-requests'],
  ['B', NS.caldav, 'calendar-alarm'],
  ['D', NS.ical, 'calendar-color'],
  ['B', NS.caldav, 'calendar-description'],
  ['B', NS.caldav, 'calendar-free-busy-set'],
  ['D', NS.ical, 'calendar-order'],
  ['B', NS.caldav, 'calendar-timezone'],
  ['A', 'DAV:', 'current-user-privilege-set'],
  ['B', NS.caldav, 'default-alarm-vevent-date'],
  ['B', NS.caldav, 'default-alarm-vevent-datetime'],
  ['A', 'DAV:', 'displayname'],
  ['C', NS.cs, 'getctag'],
  ['C', NS.cs, 'invite'],
  ['D', NS.ical, 'language-code'],
  ['D', NS.ical, 'location-code'],
  ['A', 'DAV:', 'owner'],
  ['C', NS.cs, 'pre-publish-url'],
  ['C', NS.cs, 'publish-url'],
  ['C', NS.cs, 'push-transports'],
  ['C', NS.cs, 'pushkey'],
  ['A', 'DAV:', 'quota-available-bytes'],
  ['A', 'DAV:', 'quota-used-bytes'],
  ['D', NS.ical, 'refreshrate'],
  ['A', 'DAV:', 'resource-id'],
  ['A', 'DAV:', 'resourcetype'],
  ['B', NS.caldav, 'schedule-calendar-transp'],
  ['B', NS.caldav, 'schedule-default-calendar-URL'],
  ['C', NS.cs, 'source'],
  ['C', NS.cs, 'subscribed-strip-alarms'],
  ['C', NS.cs, 'subscribed-strip-attachments'],
  ['C', NS.cs, 'subscribed-strip-todos'],
  ['B', NS.caldav, 'supported-calendar-component-set'],
  ['B', NS.caldav, 'supported-calendar-component-sets'],
  ['A', 'DAV:', 'supported-report-set'],
  ['A', 'DAV:', 'sync-token'],
]
  .map(([p, uri, name]) => `    <${p}:${name}${p === 'A' ? '' : ns(p ?? '', uri ?? '')}/>`)
  .join('\n')}
  </A:prop>
</A:propfind>`;

const BODIES: Record<string, string> = {
  'python-caldav sync-collection': pythonSync,
  'python-caldav calendar-query (comp/prop-filter)': pythonQuery,
  'DAVx5 calendar-multiget, 100 hrefs': davx5Multiget,
  'DAVx5 PROPFIND (default namespace)': davx5Propfind,
  'iOS PROPFIND, 38 properties': iosPropfind,
};

const xmldom = (body: string) =>
  new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  }).parseFromString(body, 'application/xml');
const fxp = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const fxpNoPrefix = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
});

/** Median µs per call of `fn` over ROUNDS calls (after ROUNDS / 10 to warm up), in 10 batches. */
function microseconds(fn: () => unknown): number {
  for (let i = 0; i < ROUNDS / 10; i++) fn();
  const batches: number[] = [];
  for (let b = 0; b < 10; b++) {
    const started = performance.now();
    for (let i = 0; i < ROUNDS / 10; i++) fn();
    batches.push(((performance.now() - started) * 1000) / (ROUNDS / 10));
  }
  return batches.sort((a, b) => a - b)[5] ?? 0;
}

console.log(`µs per body (median of 10 batches of ${ROUNDS / 10}), Node ${process.version}\n`);
console.log(
  `${'body'.padEnd(50)} ${'bytes'.padStart(6)} ${'xmldom'.padStart(8)} ${'ours*'.padStart(8)} ${'fxp'.padStart(8)} ${'fxp-noNS'.padStart(9)}`,
);
for (const [label, body] of Object.entries(BODIES)) {
  const row = [
    microseconds(() => xmldom(body)),
    microseconds(() => parseXmlBody(body)),
    microseconds(() => fxp.parse(body)),
    microseconds(() => fxpNoPrefix.parse(body)),
  ];
  console.log(
    `${label.padEnd(50)} ${String(Buffer.byteLength(body)).padStart(6)} ${row.map((v) => v.toFixed(1).padStart(8)).join(' ')}`,
  );
}
console.log('* ours = parseXmlBody: the shape and character checks, then xmldom.\n');

// Namespace correctness: the property names a server must answer, as {namespace}name.
console.log('What each parser says the iOS PROPFIND asks for (first 4 of 38):');
const iosRoot = parseXmlBody(iosPropfind);
const prop = iosRoot ? child(iosRoot, NS.dav, 'prop') : undefined;
console.log(
  '  xmldom:        ',
  prop
    ? propNames(prop)
        .slice(0, 4)
        .map((n) => `{${n.ns}}${n.name}`)
    : 'none',
);
const keys = (tree: unknown, path: string[]) =>
  Object.keys(
    path.reduce<Record<string, unknown>>(
      (t, k) => (t[k] ?? {}) as Record<string, unknown>,
      tree as Record<string, unknown>,
    ),
  ).filter((k) => !k.startsWith('@'));
console.log('  fast-xml-parser:', keys(fxp.parse(iosPropfind), ['A:propfind', 'A:prop']).slice(0, 4));
console.log('  … removeNSPrefix:', keys(fxpNoPrefix.parse(iosPropfind), ['propfind', 'prop']).slice(0, 4));
console.log(
  '  The same DAV:prop is "D:prop" from python-caldav, "prop" from DAVx5 and "A:prop" from iOS; "D:" is DAV: for python-caldav and Apple\'s iCal namespace for iOS.\n',
);

const laughs = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "${'x'.repeat(100)}">${Array.from({ length: 6 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('')}]><D:propfind xmlns:D="DAV:"><D:prop><D:displayname>&g;</D:displayname></D:prop></D:propfind>`;
const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><D:propfind xmlns:D="DAV:"><D:prop><D:displayname>&x;</D:displayname></D:prop></D:propfind>`;
for (const [label, body] of [
  ['billion laughs (100 MB if expanded)', laughs],
  ['XXE file:///etc/passwd', xxe],
] as const) {
  const outcome = (fn: () => unknown) => {
    const started = performance.now();
    try {
      const text = JSON.stringify(fn());
      return `parsed in ${(performance.now() - started).toFixed(1)} ms, ${text.length.toLocaleString('en-US')} characters out: ${text.slice(0, 90)}`;
    } catch (error) {
      return `refused (${String(error instanceof Error ? error.message : error).slice(0, 70)})`;
    }
  };
  console.log(`${label}:`);
  console.log(`  xmldom:          ${outcome(() => xmldom(body).documentElement?.textContent)}`);
  console.log(`  fast-xml-parser: ${outcome(() => fxp.parse(body))}`);
}
