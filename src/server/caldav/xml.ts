import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';

/** The XML namespaces of WebDAV (RFC 4918), CalDAV (RFC 4791) and the two vendor ones clients ask for. */
export const NS = {
  dav: 'DAV:',
  caldav: 'urn:ietf:params:xml:ns:caldav',
  /** `getctag` (Apple's CalendarServer; clients still ask for it beside `sync-token`). */
  cs: 'http://calendarserver.org/ns/',
  /** `calendar-color`, `calendar-order` (Apple iCal). */
  ical: 'http://apple.com/ns/ical/',
} as const;

/** The prefixes our replies declare on their root, one per namespace of {@link NS}. */
const PREFIX: Record<string, string> = {
  [NS.dav]: 'd',
  [NS.caldav]: 'c',
  [NS.cs]: 'cs',
  [NS.ical]: 'ical',
};

export type XmlNode = XmlElement;

/** A property's name: its namespace URI and local name (RFC 4918 §4.3: properties are qualified names). */
export interface PropName {
  ns: string;
  name: string;
}

export function propKey(p: PropName): string {
  return `{${p.ns}}${p.name}`;
}

/**
 * How deep a request body's elements may nest. The deepest request a client sends, a calendar-query with a
 * param-filter in a VALARM's comp-filter, is 8 levels; 10,000 levels took xmldom 170 ms to parse and 1 MiB of
 * them over a second, holding the process (hostile.test.ts).
 */
export const XML_MAX_DEPTH = 32;

/**
 * How many elements and attributes together a request body may hold: a calendar-multiget of this many hrefs
 * already fills the 1 MiB body limit, while 130,000 empty elements (which 1 MiB also holds) took 750 ms to parse
 * and answer, and 90,000 attributes on one element 220 ms.
 */
export const XML_MAX_ITEMS = 20_000;

/** How many properties one PROPFIND, REPORT or PROPPATCH may name: iOS, the most curious client, asks for 38. */
export const XML_MAX_PROPERTIES = 100;

/**
 * Characters XML 1.0 does not allow anywhere in a document (§2.2 `Char`: C0 controls other than TAB, LF and CR,
 * and U+FFFE/U+FFFF); xmldom lets them through, and a NUL reaching PostgreSQL is a 500.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
/** A character reference (`&#0;`, `&#x1F;`) to such a character, which xmldom would turn into it. */
const NOT_XML_CHARACTER_REFERENCE =
  /&#(?:0*(?:[0-8]|1[124-9]|2[0-9]|3[01])|x0*(?:[0-8b-cBC]|[eEfF]|1[0-9a-fA-F])|x0*[fF]{3}[eEfF]|0*6553[45]);/;

/**
 * The nesting depth and the number of elements and attributes of an XML text, by a linear scan of its tags
 * (comments, CDATA sections, processing instructions and the DOCTYPE skipped, quoted attribute values honoured),
 * so that a body too deep or too large is refused before xmldom builds it. Exact for well-formed XML; what is not
 * well-formed xmldom refuses next.
 * @throws XmlBodyError past `XML_MAX_DEPTH` or `XML_MAX_ITEMS`.
 */
function checkShape(body: string): void {
  let depth = 0;
  let items = 0;
  let i = body.indexOf('<');
  while (i >= 0 && i < body.length) {
    const next = body[i + 1];
    let end: number;
    if (body.startsWith('<!--', i)) end = body.indexOf('-->', i + 4) + 2;
    else if (body.startsWith('<![CDATA[', i)) end = body.indexOf(']]>', i + 9) + 2;
    else if (next === '?') end = body.indexOf('?>', i + 2) + 1;
    else if (next === '!') {
      // The DOCTYPE, with an internal subset in brackets when it has one.
      const bracket = body.indexOf('[', i);
      const close = body.indexOf('>', i);
      end = bracket >= 0 && bracket < close ? body.indexOf(']', bracket) : close;
      if (end >= 0) end = body.indexOf('>', end);
    } else {
      // A start or end tag: find its `>` outside quoted attribute values; each `=` outside them is an attribute.
      let quote: string | null = null;
      end = -1;
      for (let j = i + 1; j < body.length; j++) {
        const c = body[j];
        if (quote !== null) {
          if (c === quote) quote = null;
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '=') items++;
        else if (c === '>') {
          end = j;
          break;
        }
      }
      if (end < 0) return;
      if (next === '/') depth--;
      else {
        items++;
        if (body[end - 1] !== '/') depth++;
      }
      if (depth > XML_MAX_DEPTH)
        throw new XmlBodyError('deeper than allowed', `XML elements may nest at most ${XML_MAX_DEPTH} deep.`);
      if (items > XML_MAX_ITEMS)
        throw new XmlBodyError(
          'too many elements',
          `An XML request may hold at most ${XML_MAX_ITEMS.toLocaleString('en-US')} elements and attributes.`,
        );
    }
    if (end < 0) return;
    i = body.indexOf('<', end + 1);
  }
}

/**
 * Parses a request body as XML with namespaces resolved. xmldom loads no DTD and expands no entity but XML's five
 * (`&amp;` …): a DTD's own entities, internal ("billion laughs") or external (XXE, `file:///etc/passwd`), are
 * "entity not found" errors here, so the body is refused. Before parsing, the body's shape is checked
 * (`checkShape`) and characters XML does not allow are refused; the body is already bounded by the route's size
 * limit.
 * @returns the document element, or null for an empty body.
 * @throws XmlBodyError when the body is not well-formed XML, holds a character XML does not allow, or is deeper or
 *   larger than allowed (the route answers 400 with its `reason`).
 */
export function parseXmlBody(body: string): XmlNode | null {
  if (body.trim() === '') return null;
  if (NOT_XML_CHARACTER.test(body) || NOT_XML_CHARACTER_REFERENCE.test(body))
    throw new XmlBodyError(
      'not an XML character',
      'The XML body holds a control character XML does not allow.',
    );
  checkShape(body);
  let root: XmlNode | null = null;
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new XmlBodyError(message);
      },
    }).parseFromString(body, 'application/xml');
    root = doc.documentElement;
  } catch (error) {
    throw error instanceof XmlBodyError ? error : new XmlBodyError(String(error));
  }
  if (!root) throw new XmlBodyError('no document element');
  return root;
}

/**
 * A request body that is not well-formed XML or breaks a limit: `message` for the log, `reason` for the client.
 */
export class XmlBodyError extends Error {
  constructor(
    message: string,
    readonly reason = 'The XML body is not well-formed.',
  ) {
    super(message);
  }
}

/** Whether `el` is the element `{ns}name`. */
export function isElement(el: XmlNode | null | undefined, ns: string, name: string): boolean {
  return !!el && el.namespaceURI === ns && el.localName === name;
}

/** The element children of `el`, optionally only those named `{ns}name`. */
export function childElements(el: XmlNode, ns?: string, name?: string): XmlNode[] {
  const out: XmlNode[] = [];
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const child = node as XmlNode;
    if (ns !== undefined && (child.namespaceURI !== ns || child.localName !== name)) continue;
    out.push(child);
  }
  return out;
}

/** The first child `{ns}name` of `el`, or undefined. */
export function child(el: XmlNode, ns: string, name: string): XmlNode | undefined {
  return childElements(el, ns, name)[0];
}

/** The text content of `el`, trimmed. */
export function textOf(el: XmlNode): string {
  return (el.textContent ?? '').trim();
}

/**
 * The property names listed in a `DAV:prop` element, each once.
 * @throws XmlBodyError when it names more than `XML_MAX_PROPERTIES` (each is answered for every resource, so a
 *   long list multiplies the reply).
 */
export function propNames(prop: XmlNode): PropName[] {
  const names = new Map<string, PropName>();
  for (const el of childElements(prop)) {
    const name = { ns: el.namespaceURI ?? '', name: el.localName ?? '' };
    names.set(propKey(name), name);
  }
  if (names.size > XML_MAX_PROPERTIES)
    throw new XmlBodyError(
      'too many properties',
      `A request may name at most ${XML_MAX_PROPERTIES} properties.`,
    );
  return [...names.values()];
}

/** XML character escaping of text and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A property value in a reply: text (escaped here), raw XML (`{ xml }`, already built with the prefixes of
 * {@link qname}), or nothing (an empty element).
 */
export type PropValue = string | { xml: string } | null;

/** `prefix:name` of a property in our replies; a namespace we do not declare gets its own `xmlns` on the element. */
export function qname(p: PropName): { tag: string; declare: string } {
  const prefix = PREFIX[p.ns];
  if (prefix) return { tag: `${prefix}:${p.name}`, declare: '' };
  return { tag: `x:${p.name}`, declare: ` xmlns:x="${escapeXml(p.ns)}"` };
}

/** `<tag>value</tag>` for a property. */
export function propElement(p: PropName, value: PropValue): string {
  const { tag, declare } = qname(p);
  if (value === null) return `<${tag}${declare}/>`;
  const inner = typeof value === 'string' ? escapeXml(value) : value.xml;
  return `<${tag}${declare}>${inner}</${tag}>`;
}

/** One `DAV:response` of a multistatus (RFC 4918 §14.24): found properties (200) and missing ones (404). */
export interface DavResponse {
  href: string;
  /** Found properties with their values. */
  found?: Array<[PropName, PropValue]>;
  /** Properties asked for that this resource does not have. */
  missing?: PropName[];
  /** A status for the whole response instead of properties (e.g. 404 for a deleted member, RFC 6578 §3.5). */
  status?: number;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  403: 'Forbidden',
  404: 'Not Found',
};

function statusLine(code: number): string {
  return `<d:status>HTTP/1.1 ${code} ${STATUS_TEXT[code] ?? ''}</d:status>`;
}

/** The XML declaration and the root element's namespace declarations, for every reply. */
function rootOpen(tag: string): string {
  const declarations = Object.entries(PREFIX)
    .map(([ns, prefix]) => ` xmlns:${prefix}="${ns}"`)
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?>\n<${tag}${declarations}>`;
}

/**
 * A `207 Multi-Status` body (RFC 4918 §13): one `response` per resource (the first of several with one href),
 * and for sync-collection the new `sync-token` after them (RFC 6578 §6.2).
 */
export function multistatus(responses: readonly DavResponse[], syncToken?: string): string {
  const parts: string[] = [rootOpen('d:multistatus')];
  // RFC 4918 §14.16: an href appears in one response only. A calendar-multiget naming one object 2,000 times
  // would otherwise get its data 2,000 times (a 100 KB object: 200 MB from a 100 KB request).
  const written = new Set<string>();
  for (const r of responses) {
    if (written.has(r.href)) continue;
    written.add(r.href);
    parts.push(`<d:response><d:href>${escapeXml(r.href)}</d:href>`);
    if (r.status !== undefined) parts.push(statusLine(r.status));
    if (r.found && r.found.length > 0) {
      parts.push('<d:propstat><d:prop>');
      for (const [name, value] of r.found) parts.push(propElement(name, value));
      parts.push(`</d:prop>${statusLine(200)}</d:propstat>`);
    }
    if (r.missing && r.missing.length > 0) {
      parts.push('<d:propstat><d:prop>');
      for (const name of r.missing) parts.push(propElement(name, null));
      parts.push(`</d:prop>${statusLine(404)}</d:propstat>`);
    }
    parts.push('</d:response>');
  }
  if (syncToken !== undefined) parts.push(`<d:sync-token>${escapeXml(syncToken)}</d:sync-token>`);
  parts.push('</d:multistatus>');
  return parts.join('');
}

/**
 * A PROPPATCH reply refusing every property (RFC 4918 §9.2: 403 for each; the collections' names and colours are
 * FamilyHub's, set in the app).
 */
export function refusedPropPatch(href: string, names: readonly PropName[]): string {
  const props = names.map((n) => propElement(n, null)).join('');
  return `${rootOpen('d:multistatus')}<d:response><d:href>${escapeXml(href)}</d:href><d:propstat><d:prop>${props}</d:prop>${statusLine(403)}</d:propstat></d:response></d:multistatus>`;
}

/**
 * A `DAV:error` body (RFC 4918 §16) naming the precondition that failed, with a message for people
 * (`d:responsedescription` is not allowed here, so the message goes in a FamilyHub element).
 */
export function davError(condition: PropName, message: string): string {
  const { tag, declare } = qname(condition);
  return `${rootOpen('d:error')}<${tag}${declare}/><x:message xmlns:x="https://familyhub.app/ns/">${escapeXml(message)}</x:message></d:error>`;
}
