import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { authenticateAppPassword, type AppPasswordPrincipal } from '../auth/app-passwords.ts';
import { readImport } from '../calendar-feed/service.ts';
import { IcsFormatError } from '../../core/ics/import.ts';
import { withFamilyScope } from '../db/scope.ts';
import type { DavCollection } from '../db/schema/caldav.ts';
import { families } from '../db/schema/families.ts';
import { systemClock, type ServerContext } from '../context.ts';
import { countFamilyWrite } from '../http/family-write-limit.ts';
import { hasControlCharacter } from '../../core/text/clean.ts';
import { HttpError } from '../http/errors.ts';
import { expandObjects } from './expand.ts';
import { calendarQuery, COMPONENT, utcAttribute } from './query.ts';
import {
  changesSince,
  currentSeq,
  DavError,
  type DavResource,
  deleteObject,
  etagOf,
  listResources,
  parseSyncToken,
  type Preconditions,
  putEventObject,
  putTaskObject,
  renderObjects,
  resourcesNamed,
  syncTokenOf,
} from './store.ts';
import {
  child,
  childElements,
  davError,
  type DavResponse,
  isElement,
  multistatus,
  NS,
  parseXmlBody,
  propKey,
  type PropName,
  propNames,
  type PropValue,
  refusedPropPatch,
  textOf,
  XmlBodyError,
  type XmlNode,
} from './xml.ts';

/** The largest request body the CalDAV routes read (an object or an XML request): 1 MiB, as the API. */
const DAV_BODY_LIMIT = 1024 * 1024;

/** What `OPTIONS` says the server speaks (RFC 4791 §5.1): WebDAV class 1 and 3, calendar-access; no scheduling. */
const DAV_HEADER = '1, 3, calendar-access';
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';

/**
 * The routes open the family's scope themselves (after the app password is checked in its own system scope), so
 * they must not run in a transaction the session hook opened for a FamilyHub cookie a client might also send.
 */
const DAV_ROUTE = { scopesItself: true } as const;

/** The collections' path segments (`/dav/calendars/<account>/<segment>/`). */
const SEGMENT: Record<DavCollection, string> = { events: 'family', tasks: 'tasks' };
const COLLECTION_OF = new Map<string, DavCollection>([
  ['family', 'events'],
  ['tasks', 'tasks'],
]);

/** What a `/dav/` path names. */
type Target =
  | { kind: 'root' }
  | { kind: 'principal'; account: number }
  | { kind: 'home'; account: number }
  | { kind: 'collection'; account: number; collection: DavCollection }
  | { kind: 'object'; account: number; collection: DavCollection; name: string };

/** The 400 message for an object name `targetOf` refuses. */
const OBJECT_NAME_MESSAGE =
  'Object names are 1 to 255 characters ending in .ics, without slashes or control characters.';

/**
 * Parses the path after `/dav/`; null for a path that names nothing, `invalid-name` for a path into one of an
 * account's collections whose last segment cannot be an object's name (a PUT there is told why; anything else
 * is a 404 like any path that names nothing).
 */
function targetOf(path: string): Target | { kind: 'invalid-name'; account: number } | null {
  const segments = path.split('/').filter((s) => s !== '');
  let decoded: string[];
  try {
    decoded = segments.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  const [first, id, coll, name, ...rest] = decoded;
  if (first === undefined) return { kind: 'root' };
  if (id === undefined || !/^[1-9][0-9]{0,9}$/.test(id) || rest.length > 0) return null;
  const account = Number(id);
  if (first === 'principals') return coll === undefined ? { kind: 'principal', account } : null;
  if (first !== 'calendars') return null;
  if (coll === undefined) return { kind: 'home', account };
  const collection = COLLECTION_OF.get(coll);
  if (!collection) return null;
  if (name === undefined) return { kind: 'collection', account, collection };
  if (name.length > 255 || !name.endsWith('.ics') || hasControlCharacter(name) || name.includes('/'))
    return { kind: 'invalid-name', account };
  return { kind: 'object', account, collection, name };
}

const principalHref = (account: number) => `/dav/principals/${account}/`;
const homeHref = (account: number) => `/dav/calendars/${account}/`;
const collectionHref = (account: number, c: DavCollection) => `/dav/calendars/${account}/${SEGMENT[c]}/`;
const objectHref = (account: number, c: DavCollection, name: string) =>
  `${collectionHref(account, c)}${encodeURIComponent(name)}`;

function hrefXml(href: string): { xml: string } {
  return { xml: `<d:href>${href.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</d:href>` };
}

/** The credentials of an `Authorization: Basic` header (RFC 7617 §2: user-id ":" password, UTF-8). */
function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // A control character is in no e-mail address, and a NUL would reach the sign-in counters' keys (a 500).
  if (colon < 0 || hasControlCharacter(decoded.slice(0, colon))) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Everything a handler needs to know about the request's principal and family. */
interface Session {
  principal: AppPasswordPrincipal;
  familyName: string;
}

const p = (ns: string, name: string): PropName => ({ ns, name });
const P = {
  resourcetype: p(NS.dav, 'resourcetype'),
  displayname: p(NS.dav, 'displayname'),
  getetag: p(NS.dav, 'getetag'),
  getcontenttype: p(NS.dav, 'getcontenttype'),
  getcontentlength: p(NS.dav, 'getcontentlength'),
  currentUserPrincipal: p(NS.dav, 'current-user-principal'),
  principalUrl: p(NS.dav, 'principal-URL'),
  owner: p(NS.dav, 'owner'),
  privileges: p(NS.dav, 'current-user-privilege-set'),
  reports: p(NS.dav, 'supported-report-set'),
  syncToken: p(NS.dav, 'sync-token'),
  homeSet: p(NS.caldav, 'calendar-home-set'),
  userAddresses: p(NS.caldav, 'calendar-user-address-set'),
  components: p(NS.caldav, 'supported-calendar-component-set'),
  calendarData: p(NS.caldav, 'calendar-data'),
  supportedData: p(NS.caldav, 'supported-calendar-data'),
  maxSize: p(NS.caldav, 'max-resource-size'),
  description: p(NS.caldav, 'calendar-description'),
  ctag: p(NS.cs, 'getctag'),
  color: p(NS.ical, 'calendar-color'),
  order: p(NS.ical, 'calendar-order'),
};

/** The properties `allprop` (RFC 4918 §9.1) answers with. */
const ALLPROP = [P.resourcetype, P.displayname, P.getetag, P.getcontenttype, P.syncToken, P.ctag];

/** The collections' colours (RFC 4791 has none; Apple's `calendar-color`, `#RRGGBBAA`), the app's accent hues. */
const COLOR: Record<DavCollection, string> = { events: '#2563EBFF', tasks: '#16A34AFF' };

function privilegeXml(write: boolean): { xml: string } {
  const names = write
    ? ['read', 'read-current-user-privilege-set', 'write', 'write-content', 'bind', 'unbind']
    : ['read', 'read-current-user-privilege-set'];
  return { xml: names.map((n) => `<d:privilege><d:${n}/></d:privilege>`).join('') };
}

/**
 * The value of a property on a resource, or undefined when the resource has no such property. Objects' bodies
 * (for `getcontentlength`) come from `bodies`.
 */
function propertyValue(
  target: Target,
  name: PropName,
  session: Session,
  seq: number,
  resource: DavResource | undefined,
  bodies: Map<string, string>,
): PropValue | undefined {
  const account = session.principal.accountId;
  const key = propKey(name);
  const common: Record<string, PropValue> = {
    [propKey(P.currentUserPrincipal)]: hrefXml(principalHref(account)),
    [propKey(P.owner)]: hrefXml(principalHref(account)),
  };
  if (key in common) return common[key];
  switch (target.kind) {
    case 'root':
      if (key === propKey(P.resourcetype)) return { xml: '<d:collection/>' };
      if (key === propKey(P.privileges)) return privilegeXml(false);
      return undefined;
    case 'principal':
      if (key === propKey(P.resourcetype)) return { xml: '<d:collection/><d:principal/>' };
      if (key === propKey(P.displayname)) return session.principal.username;
      if (key === propKey(P.principalUrl)) return hrefXml(principalHref(account));
      if (key === propKey(P.homeSet)) return hrefXml(homeHref(account));
      if (key === propKey(P.userAddresses)) return hrefXml(`mailto:${session.principal.username}`);
      if (key === propKey(P.privileges)) return privilegeXml(false);
      return undefined;
    case 'home':
      if (key === propKey(P.resourcetype)) return { xml: '<d:collection/>' };
      if (key === propKey(P.displayname)) return session.familyName;
      if (key === propKey(P.privileges)) return privilegeXml(false);
      return undefined;
    case 'collection': {
      const c = target.collection;
      if (key === propKey(P.resourcetype)) return { xml: '<d:collection/><c:calendar/>' };
      if (key === propKey(P.displayname))
        return c === 'events' ? `${session.familyName} calendar` : `${session.familyName} tasks`;
      if (key === propKey(P.description))
        return c === 'events' ? 'The family calendar (FamilyHub)' : "The family's tasks (FamilyHub)";
      if (key === propKey(P.syncToken) || key === propKey(P.ctag)) return syncTokenOf(seq);
      if (key === propKey(P.components)) return { xml: `<c:comp name="${COMPONENT[c]}"/>` };
      if (key === propKey(P.supportedData))
        return { xml: '<c:calendar-data content-type="text/calendar" version="2.0"/>' };
      if (key === propKey(P.maxSize)) return String(DAV_BODY_LIMIT);
      if (key === propKey(P.privileges)) return privilegeXml(true);
      if (key === propKey(P.color)) return COLOR[c];
      if (key === propKey(P.order)) return c === 'events' ? '1' : '2';
      if (key === propKey(P.reports))
        return {
          xml: ['c:calendar-multiget', 'c:calendar-query', 'd:sync-collection']
            .map((r) => `<d:supported-report><d:report><${r}/></d:report></d:supported-report>`)
            .join(''),
        };
      return undefined;
    }
    case 'object': {
      if (!resource) return undefined;
      if (key === propKey(P.resourcetype)) return null;
      if (key === propKey(P.getetag)) return etagOf(resource);
      if (key === propKey(P.getcontenttype))
        return `text/calendar; charset=utf-8; component=${COMPONENT[target.collection].toLowerCase()}`;
      if (key === propKey(P.privileges)) return privilegeXml(true);
      const body = bodies.get(resource.name);
      if (key === propKey(P.getcontentlength) && body !== undefined) return String(Buffer.byteLength(body));
      if (key === propKey(P.calendarData) && body !== undefined) return body;
      return undefined;
    }
  }
}

/** A response for one resource with the properties asked (`names`) split into found and missing. */
function describe(
  href: string,
  target: Target,
  names: readonly PropName[],
  session: Session,
  seq: number,
  resource: DavResource | undefined,
  bodies: Map<string, string>,
  namesOnly = false,
): DavResponse {
  const found: Array<[PropName, PropValue]> = [];
  const missing: PropName[] = [];
  for (const name of names) {
    const value = propertyValue(target, name, session, seq, resource, bodies);
    if (value === undefined) missing.push(name);
    else found.push([name, namesOnly ? null : value]);
  }
  return { href, found, missing };
}

/** What a PROPFIND body asks (RFC 4918 §9.1): named properties, all, or names only. */
function propfindRequest(root: XmlNode | null): { names: PropName[]; namesOnly: boolean } {
  if (!root) return { names: ALLPROP, namesOnly: false };
  if (!isElement(root, NS.dav, 'propfind')) throw new DavError(400, 'Expected a DAV:propfind body.');
  const prop = child(root, NS.dav, 'prop');
  if (prop) return { names: propNames(prop), namesOnly: false };
  if (child(root, NS.dav, 'propname')) return { names: [...ALLPROP, P.privileges], namesOnly: true };
  return { names: ALLPROP, namesOnly: false };
}

const OBJECT_PROPS_NEEDING_BODY = new Set([propKey(P.calendarData), propKey(P.getcontentlength)]);

async function propfind(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  target: Target,
  session: Session,
): Promise<void> {
  const { names, namesOnly } = propfindRequest(parseXmlBody(bodyText(request)));
  const depth = request.headers.depth === '0' ? 0 : 1; // RFC 4918 §9.1: infinity is answered as 1
  const familyId = session.principal.familyId;
  const account = session.principal.accountId;
  const seq = await currentSeq(ctx, familyId);
  const none = new Map<string, string>();
  const responses: DavResponse[] = [];
  const one = (href: string, t: Target, resource?: DavResource, bodies = none) =>
    responses.push(describe(href, t, names, session, seq, resource, bodies, namesOnly));
  switch (target.kind) {
    case 'root':
      one('/dav/', target);
      if (depth === 1) one(principalHref(account), { kind: 'principal', account });
      break;
    case 'principal':
      one(principalHref(account), target);
      break;
    case 'home':
      one(homeHref(account), target);
      if (depth === 1)
        for (const collection of ['events', 'tasks'] as const)
          one(collectionHref(account, collection), { kind: 'collection', account, collection });
      break;
    case 'collection': {
      one(collectionHref(account, target.collection), target);
      if (depth === 1) {
        const resources = await listResources(ctx, familyId, target.collection);
        const bodies = names.some((n) => OBJECT_PROPS_NEEDING_BODY.has(propKey(n)))
          ? await renderObjects(ctx, familyId, target.collection, resources)
          : none;
        for (const r of resources)
          one(
            objectHref(account, target.collection, r.name),
            { kind: 'object', account, collection: target.collection, name: r.name },
            r,
            bodies,
          );
      }
      break;
    }
    case 'object': {
      const [resource] = await resourcesNamed(ctx, familyId, target.collection, [target.name]);
      if (!resource) throw new DavError(404, 'Not found');
      const bodies = names.some((n) => OBJECT_PROPS_NEEDING_BODY.has(propKey(n)))
        ? await renderObjects(ctx, familyId, target.collection, [resource])
        : none;
      one(objectHref(account, target.collection, target.name), target, resource, bodies);
      break;
    }
  }
  sendMultistatus(reply, multistatus(responses));
}

function sendMultistatus(reply: FastifyReply, body: string): void {
  void reply.code(207).header('Content-Type', 'application/xml; charset=utf-8').send(body);
}

/** The name of an object href within the collection (a client may send it absolute or relative). */
function nameFromHref(href: string, collectionPath: string): string | null {
  let path: string;
  try {
    path = new URL(href, 'http://x').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(collectionPath)) return null;
  try {
    const name = decodeURIComponent(path.slice(collectionPath.length));
    return name === '' || name.includes('/') ? null : name;
  } catch {
    return null;
  }
}

/** `REPORT` on a collection (RFC 4791 §7.8–7.9, RFC 6578 §3). */
async function report(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  target: Target,
  session: Session,
): Promise<void> {
  const root = parseXmlBody(bodyText(request));
  if (!root) throw new DavError(400, 'A REPORT needs a body.');
  if (target.kind !== 'collection' && target.kind !== 'object')
    throw new DavError(403, 'This report is not supported here.', { ns: NS.dav, name: 'supported-report' });
  const collection = target.collection;
  const familyId = session.principal.familyId;
  const account = session.principal.accountId;
  const seq = await currentSeq(ctx, familyId);
  const prop = child(root, NS.dav, 'prop');
  const names = prop ? propNames(prop) : [P.getetag];
  const wantsBody = names.some((n) => OBJECT_PROPS_NEEDING_BODY.has(propKey(n)));
  const data = prop ? child(prop, NS.caldav, 'calendar-data') : undefined;
  const expand = data ? child(data, NS.caldav, 'expand') : undefined;
  /** The bodies to send: `rendered`, or with `C:expand` (RFC 4791 §9.6.5) the events' instances in its range. */
  const bodiesFor = async (
    resources: readonly DavResource[],
    rendered: () => Promise<Map<string, string>>,
  ) => {
    if (!wantsBody) return new Map<string, string>();
    if (expand && collection === 'events') {
      const start = utcAttribute(expand.getAttribute('start'));
      const end = utcAttribute(expand.getAttribute('end'));
      if (!start || !end)
        throw new DavError(400, 'expand needs a start and an end.', { ns: NS.caldav, name: 'valid-filter' });
      const expanded = await expandObjects(ctx, familyId, resources, start, end);
      if (expanded) return expanded;
    }
    return rendered();
  };
  const objectTarget = (name: string): Target => ({ kind: 'object', account, collection, name });
  const href = (name: string) => objectHref(account, collection, name);

  if (isElement(root, NS.caldav, 'calendar-multiget')) {
    const path = collectionHref(account, collection);
    const asked = childElements(root, NS.dav, 'href').map((h) => ({
      href: textOf(h),
      name: nameFromHref(textOf(h), path),
    }));
    const resources = await resourcesNamed(
      ctx,
      familyId,
      collection,
      asked.flatMap((a) => (a.name ? [a.name] : [])),
    );
    const byName = new Map(resources.map((r) => [r.name, r]));
    const bodies = await bodiesFor(resources, () => renderObjects(ctx, familyId, collection, resources));
    const responses = asked.map((a): DavResponse => {
      const resource = a.name ? byName.get(a.name) : undefined;
      if (!resource || !a.name) return { href: a.href, status: 404 };
      return describe(href(a.name), objectTarget(a.name), names, session, seq, resource, bodies);
    });
    sendMultistatus(reply, multistatus(responses));
    return;
  }
  if (isElement(root, NS.caldav, 'calendar-query')) {
    const resources =
      target.kind === 'object'
        ? await resourcesNamed(ctx, familyId, collection, [target.name])
        : await listResources(ctx, familyId, collection);
    const { matched, objects: rendered } = await calendarQuery(
      ctx,
      familyId,
      collection,
      resources,
      child(root, NS.caldav, 'filter'),
    );
    const bodies = await bodiesFor(matched, async () => rendered);
    sendMultistatus(
      reply,
      multistatus(
        matched.map((r) => describe(href(r.name), objectTarget(r.name), names, session, seq, r, bodies)),
      ),
    );
    return;
  }
  if (isElement(root, NS.dav, 'sync-collection')) {
    // RFC 6578 §3.2: an empty token is the initial sync (every member); ours name the family's counter.
    const tokenEl = child(root, NS.dav, 'sync-token');
    const token = tokenEl ? textOf(tokenEl) : '';
    let since = 0;
    if (token !== '') {
      const parsed = parseSyncToken(token);
      if (parsed === null || parsed > seq)
        throw new DavError(403, 'This sync token is not one of ours.', {
          ns: NS.dav,
          name: 'valid-sync-token',
        });
      since = parsed;
    }
    const changed =
      token === ''
        ? await listResources(ctx, familyId, collection)
        : await changesSince(ctx, familyId, collection, since);
    const live = changed.filter((r) => !r.deleted);
    const bodies = wantsBody
      ? await renderObjects(ctx, familyId, collection, live)
      : new Map<string, string>();
    const responses = changed.map((r): DavResponse =>
      // RFC 6578 §3.5.2: a member removed since the token is reported with 404 and no properties.
      r.deleted
        ? { href: href(r.name), status: 404 }
        : describe(href(r.name), objectTarget(r.name), names, session, seq, r, bodies),
    );
    sendMultistatus(reply, multistatus(responses, syncTokenOf(seq)));
    return;
  }
  throw new DavError(403, 'This report is not supported.', { ns: NS.dav, name: 'supported-report' });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The request body as text (the routes' parser keeps it as bytes).
 * @throws DavError 400 when it is not UTF-8 (RFC 4918 §8.2 lets XML declare another encoding; no client does).
 */
function bodyText(request: FastifyRequest): string {
  if (!Buffer.isBuffer(request.body)) return '';
  try {
    return utf8.decode(request.body);
  } catch {
    throw new DavError(400, 'Send the request body as UTF-8 text.');
  }
}

/**
 * The body of a PUT as iCalendar text: UTF-8 (RFC 5545 §3.1.4 says UTF-8 is the default, and every client sends
 * it), without NUL, which RFC 5545 §3.1 allows nowhere and PostgreSQL cannot store (a NUL in a DESCRIPTION or a
 * kept X- property would otherwise be a 500).
 * @throws DavError 403 `valid-calendar-data` otherwise (nothing is read or written).
 */
function calendarBody(request: FastifyRequest): string {
  const invalid = (message: string) =>
    new DavError(403, message, { ns: NS.caldav, name: 'valid-calendar-data' });
  let body: string;
  try {
    body = bodyText(request);
  } catch {
    throw invalid('Send the calendar object as UTF-8 text.');
  }
  if (body.includes('\u0000'))
    throw invalid('The calendar object holds a NUL character, which iCalendar does not allow.');
  return body;
}

function preconditions(request: FastifyRequest): Preconditions {
  const h = request.headers;
  return {
    ...(typeof h['if-match'] === 'string' ? { ifMatch: h['if-match'] } : {}),
    ...(typeof h['if-none-match'] === 'string' ? { ifNoneMatch: h['if-none-match'] } : {}),
  };
}

/** Answers a DavError (or a service's HttpError below 500) in CalDAV's terms; returns the reply. */
function sendError(reply: FastifyReply, error: DavError): FastifyReply {
  if (error.status === 401) {
    return reply
      .code(401)
      .header('WWW-Authenticate', 'Basic realm="FamilyHub", charset="UTF-8"')
      .type('text/plain; charset=utf-8')
      .send(error.message);
  }
  if (error.condition) {
    return reply
      .code(error.status)
      .type('application/xml; charset=utf-8')
      .send(davError(error.condition, error.message));
  }
  return reply.code(error.status).type('text/plain; charset=utf-8').send(error.message);
}

/**
 * Registers the CalDAV server (issue 40; RFC 4791 calendar-access, RFC 6578 sync, RFC 6764 discovery, RFC 5397
 * current-user-principal) at `/dav/`: per account a principal `/dav/principals/<account>/` whose
 * calendar-home-set `/dav/calendars/<account>/` holds the family's two collections, `family/` (VEVENT) and
 * `tasks/` (VTODO). Clients sign in with HTTP Basic and an app password (src/server/auth/app-passwords.ts);
 * the routes run in the system scope `caldav` only to check it, then in the family's scope. Another account's
 * path answers 404. docs/caldav.md describes what maps to what.
 */
export function registerCaldavRoutes(app: FastifyInstance, ctx: ServerContext): void {
  for (const method of ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCALENDAR', 'MKCOL'])
    app.addHttpMethod(method, { hasBody: true });

  // RFC 6764 §5: the well-known URI redirects to the context path.
  app.route({
    method: ['GET', 'HEAD', 'PROPFIND', 'OPTIONS'],
    url: '/.well-known/caldav',
    handler: (_request, reply) => reply.redirect('/dav/', 301),
  });

  void app.register(async (dav) => {
    // Any type (and none): clients label bodies loosely (`text/xml`, `application/xml`, `text/calendar`, nothing),
    // and each method reads its body as what it must be. Bytes: `bodyText` decodes them and refuses what is not
    // UTF-8 (as a string, Fastify would replace it).
    dav.removeAllContentTypeParsers();
    dav.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: DAV_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    // Every path returns the reply it sent: an async handler that resolves undefined after `reply.send()` makes
    // Fastify end the answer while @fastify/compress is still streaming it (an empty 207 for any multistatus
    // over the plugin's synchronous size to a client that accepts gzip, as every CalDAV client does).
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      void reply.header('DAV', DAV_HEADER);
      if (request.method === 'OPTIONS') return reply.header('Allow', ALLOW).code(200).send();
      try {
        await serve(ctx, request, reply);
        return reply;
      } catch (error) {
        if (error instanceof DavError) return sendError(reply, error);
        if (error instanceof XmlBodyError) return sendError(reply, new DavError(400, error.reason));
        // 429 keeps its Retry-After (the error handler sends it); a 401 would make an app ask for the password.
        if (error instanceof HttpError && error.statusCode === 429) throw error;
        if (error instanceof HttpError && error.statusCode < 500)
          return sendError(
            reply,
            new DavError(error.statusCode === 400 ? 403 : error.statusCode, error.message),
          );
        throw error;
      }
    };
    const methods = [
      'OPTIONS',
      'GET',
      'HEAD',
      'PUT',
      'DELETE',
      'PROPFIND',
      'PROPPATCH',
      'REPORT',
      'MKCALENDAR',
      'MKCOL',
    ];
    dav.route({ method: methods, url: '/dav', config: DAV_ROUTE, handler });
    dav.route({ method: methods, url: '/dav/*', config: DAV_ROUTE, handler });
  });
}

/** One authenticated CalDAV request. */
async function serve(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const credentials = basicCredentials(request.headers.authorization);
  if (!credentials) throw new DavError(401, 'Sign in with your e-mail address and an app password.');
  const principal = await authenticateAppPassword(ctx, credentials, request.ip);
  if (!principal) throw new DavError(401, 'Sign in with your e-mail address and an app password.');
  const parsedTarget = targetOf((request.url.split('?')[0] ?? '').replace(/^\/dav/, ''));
  if (!parsedTarget || ('account' in parsedTarget && parsedTarget.account !== principal.accountId))
    throw new DavError(404, 'Not found');
  if (parsedTarget.kind === 'invalid-name') {
    if (request.method === 'PUT') throw new DavError(400, OBJECT_NAME_MESSAGE);
    throw new DavError(404, 'Not found');
  }
  const target: Target = parsedTarget;
  const familyId = principal.familyId;
  // A client's writes count toward the family's per-minute write limit, with the app's (issue 20).
  if (request.method === 'PUT' || request.method === 'DELETE')
    await countFamilyWrite(ctx.db, familyId, systemClock, ctx.config.FAMILY_WRITE_RATE_LIMIT_PER_MINUTE);

  // A PUT to the calendar reads its body first, outside the family's transaction (issue 39: the bounded reader).
  if (request.method === 'PUT') {
    if (target.kind !== 'object')
      throw new DavError(405, 'Objects are written with PUT; collections are not.');
    const pre = preconditions(request);
    const body = calendarBody(request);
    let outcome: 'created' | 'replaced';
    if (target.collection === 'events') {
      let parsed;
      try {
        parsed = await readImport(ctx, familyId, body);
      } catch (error) {
        if (error instanceof IcsFormatError)
          throw new DavError(403, error.message, { ns: NS.caldav, name: 'valid-calendar-data' });
        throw error;
      }
      outcome = await withFamilyScope(ctx.db, familyId, () =>
        putEventObject(ctx, familyId, target.name, parsed, pre),
      );
    } else {
      outcome = await withFamilyScope(ctx.db, familyId, () =>
        putTaskObject(ctx, familyId, principal.memberId, target.name, body, pre),
      );
    }
    // RFC 4791 §5.3.4: the stored object is not byte-for-byte what was sent, so no ETag here; clients GET it.
    void reply.code(outcome === 'created' ? 201 : 204).send();
    return;
  }

  // Writes answer after their transaction commits, so the client's next request sees them (on PostgreSQL that
  // request may take another connection before a reply sent inside the scope has been committed).
  if (request.method === 'DELETE') {
    if (target.kind !== 'object') throw new DavError(403, 'The family calendar and tasks cannot be deleted.');
    await withFamilyScope(ctx.db, familyId, () =>
      deleteObject(ctx, familyId, target.collection, target.name, preconditions(request)),
    );
    void reply.code(204).send();
    return;
  }

  await withFamilyScope(ctx.db, familyId, async () => {
    const [family] = await ctx.db
      .select({ name: families.name })
      .from(families)
      .where(eq(families.id, familyId));
    const session: Session = { principal, familyName: family?.name ?? 'Family' };
    switch (request.method) {
      case 'PROPFIND':
        return propfind(ctx, request, reply, target, session);
      case 'REPORT':
        return report(ctx, request, reply, target, session);
      case 'PROPPATCH': {
        const root = parseXmlBody(bodyText(request));
        const names = root
          ? childElements(root).flatMap((set) =>
              childElements(set).flatMap((prop) => (isElement(prop, NS.dav, 'prop') ? propNames(prop) : [])),
            )
          : [];
        sendMultistatus(reply, refusedPropPatch(request.url, names));
        return;
      }
      case 'GET':
      case 'HEAD': {
        if (target.kind !== 'object') {
          void reply
            .type('text/plain; charset=utf-8')
            .send('FamilyHub CalDAV: add this address to a calendar app.');
          return;
        }
        const [resource] = await resourcesNamed(ctx, familyId, target.collection, [target.name]);
        if (!resource) throw new DavError(404, 'Not found');
        const body = (await renderObjects(ctx, familyId, target.collection, [resource])).get(resource.name);
        if (body === undefined) throw new DavError(404, 'Not found');
        void reply.header('ETag', etagOf(resource)).type('text/calendar; charset=utf-8').send(body);
        return;
      }
      default:
        throw new DavError(403, 'FamilyHub has exactly two collections: the family calendar and tasks.');
    }
  });
}
