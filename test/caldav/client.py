"""A real CalDAV client's scenario, run against FamilyHub's /dav/ and against Radicale (the reference server).

Usage: /usr/bin/python3 client.py <base_url> <username> <password> [helper command…] (see USAGE)

Drives the server with Debian's python3-caldav 0.11 and prints one JSON object: for each step, a dict of
normalised results (booleans, counts, summaries, HTTP statuses, instants in UTC as "YYYY-MM-DDTHH:MM:SSZ"), never
hrefs, ETags, sync tokens or server-specific text, so two servers' outputs compare key by key. A step that raises
is recorded as {"failure": "<exception>: <first line>"} and the next steps still run; a step that needs an earlier
one's result records {"failure": "skipped: needs <step>"}.

The scenario finds the two collections by their supported component (RFC 4791 §5.2.3), never by name or path,
uses fresh UIDs on every run and deletes what it created at the end, so it can run twice on one account.
Dates are fixed in 2030 (America/Los_Angeles, across the start of daylight saving time on 10 March 2030).
"""
import json
import os
import sys
import traceback
import uuid
from datetime import date, datetime, timezone

try:
    import caldav
    from caldav.lib import error
    import requests
    from lxml import etree
except ImportError as missing:  # pragma: no cover - reported to the test
    sys.stderr.write(
        "client.py: missing Python module (%s). Install: apt-get install -y python3-caldav\n" % missing
    )
    sys.exit(3)

ZONE = "America/Los_Angeles"
UTC = timezone.utc
DAV_NS = "{DAV:}"
CALDAV_NS = "{urn:ietf:params:xml:ns:caldav}"

# RFC 5545 §3.6.5: every TZID a calendar object uses has its VTIMEZONE (US rules since 2007).
VTIMEZONE = """BEGIN:VTIMEZONE
TZID:America/Los_Angeles
BEGIN:DAYLIGHT
TZOFFSETFROM:-0800
TZOFFSETTO:-0700
TZNAME:PDT
DTSTART:20070311T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0700
TZOFFSETTO:-0800
TZNAME:PST
DTSTART:20071104T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE"""


class Skipped(Exception):
    """A step could not run because an earlier one it needs failed."""


def new_uid(kind):
    return "familyhub-davtest-%s-%s" % (kind, uuid.uuid4())


def calendar_text(*components):
    """A VCALENDAR with the Los Angeles VTIMEZONE and the given components, CRLF line ends."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//FamilyHub//caldav client test//EN", VTIMEZONE]
    lines.extend(components)
    lines.append("END:VCALENDAR")
    return "\r\n".join("\n".join(lines).split("\n")) + "\r\n"


def vevent(uid, summary, start, end, *extra):
    """One VEVENT from local Los Angeles times such as "20300402T090000"."""
    return "\n".join(
        [
            "BEGIN:VEVENT",
            "UID:" + uid,
            "DTSTAMP:20300101T000000Z",
            "DTSTART;TZID=%s:%s" % (ZONE, start),
            "DTEND;TZID=%s:%s" % (ZONE, end),
            "SUMMARY:" + summary,
        ]
        + list(extra)
        + ["END:VEVENT"]
    )


def instant(value):
    """An iCalendar DATE-TIME as "YYYY-MM-DDTHH:MM:SSZ" (a DATE as "YYYY-MM-DD", a floating time marked so)."""
    value = getattr(value, "dt", value)
    if isinstance(value, datetime):
        if value.tzinfo is None:
            return "floating " + value.strftime("%Y-%m-%dT%H:%M:%S")
        return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def exdates(component):
    """Every EXDATE of a component as instants (the property may repeat, each with several values)."""
    found = component.get("EXDATE")
    if found is None:
        return []
    groups = found if isinstance(found, list) else [found]
    return sorted(instant(d) for group in groups for d in group.dts)


def utc(*parts):
    return datetime(*parts, tzinfo=UTC)


def failure_text(exc):
    lines = str(exc).strip().splitlines()
    return "%s: %s" % (type(exc).__name__, lines[0][:300] if lines else "")


def xml_of(response):
    """The parsed XML body of a requests.Response, or None."""
    if not response.content:
        return None
    try:
        return etree.fromstring(response.content)
    except etree.XMLSyntaxError:
        return None


def precondition(response):
    """The local name of the precondition element in a DAV:error body (RFC 4918 §16), or None."""
    tree = xml_of(response)
    if tree is None or tree.tag != DAV_NS + "error" or len(tree) == 0:
        return None
    return etree.QName(tree[0]).localname


def is_2xx(status):
    return 200 <= status < 300


class Scenario:
    """The run's state: the client, the two collections found, what was created (to delete at the end)."""

    def __init__(self, base_url, username, password):
        self.base_url = base_url
        self.username = username
        self.password = password
        self.client = caldav.DAVClient(base_url, username=username, password=password, timeout=60)
        # Raw requests for the protocol rules python-caldav does not expose (If-Match, error bodies): its own
        # request() raises on 401/403 and drops the body. Basic auth sent up front, as vdirsyncer does.
        self.http = requests.Session()
        self.http.auth = (username, password)
        self.calendar = None
        self.tasks = None
        self.created = []
        self.event = None
        self.event_uid = None
        self.etag_before_edit = None

    def need(self, value, step):
        if value is None:
            raise Skipped("skipped: needs %s" % step)
        return value

    def request(self, method, url, body=None, headers=None):
        """One raw HTTP request: a requests.Response, whatever its status."""
        return self.http.request(method, str(url), data=body, headers=headers or {}, timeout=60)

    def put(self, url, ics, **precondition_headers):
        headers = {"Content-Type": 'text/calendar; charset="utf-8"'}
        headers.update({name.replace("_", "-"): value for name, value in precondition_headers.items()})
        return self.request("PUT", url, ics.encode("utf-8"), headers)

    def get(self, url):
        """GET one calendar object resource: (status, ETag or None, CalendarObjectResource or None)."""
        response = self.request("GET", url)
        if response.status_code != 200:
            return response.status_code, None, None
        obj = caldav.CalendarObjectResource(client=self.client, url=url, data=response.text)
        return response.status_code, response.headers.get("ETag"), obj

    def load(self, url):
        """GET one resource that must exist: (ETag or None, CalendarObjectResource).
        @raises RuntimeError naming the status when it is not 200."""
        status, etag, obj = self.get(url)
        if obj is None:
            raise RuntimeError("GET answered %d" % status)
        return etag, obj

    def summary_at(self, url):
        status, _, obj = self.get(url)
        if obj is None:
            return "status %d" % status
        return str(obj.icalendar_component["SUMMARY"])

    def save(self, calendar, ics, kind="event"):
        """Creates through python-caldav's save_event / save_todo: PUT <collection>/<UID>.ics, no precondition
        header; 0.11 accepts only 201 or 204 (a 200 is retried once, then raised as PutError)."""
        obj = calendar.save_event(ics) if kind == "event" else calendar.save_todo(ics)
        self.created.append(obj)
        return obj

    # ---- steps, in order ----

    def discovery(self):
        # RFC 5397: current-user-principal (PROPFIND Depth 0 on the base URL); RFC 4791 §6.2.1
        # calendar-home-set (PROPFIND Depth 0 on the principal); the home's calendars (PROPFIND Depth 1).
        principal = self.client.principal()
        collections = principal.calendars()
        by_component = {"VEVENT": [], "VTODO": []}
        for collection in collections:
            # RFC 4791 §5.2.3 supported-calendar-component-set (PROPFIND Depth 0 on each collection).
            for name in collection.get_supported_components():
                by_component.setdefault(name, []).append(collection)
        events, todos = by_component["VEVENT"], by_component["VTODO"]
        if len(events) == 1:
            self.calendar = events[0]
        if len(todos) == 1:
            self.tasks = todos[0]
        return {
            "principal_found": principal.url is not None,
            "collections": len(collections),
            "event_collections": len(events),
            "todo_collections": len(todos),
            "distinct_collections": len(events) == 1 and len(todos) == 1 and events[0].url != todos[0].url,
            "display_names": all(bool(c.name) for c in collections),
        }

    def wrong_password(self):
        # HTTP Basic (RFC 7617): a wrong password is refused with 401, never served.
        stranger = caldav.DAVClient(self.base_url, username=self.username, password=self.password + "-wrong")
        try:
            stranger.principal()
            return {"refused": False}
        except error.AuthorizationError:
            return {"refused": True}

    def create(self):
        calendar = self.need(self.calendar, "discovery")
        self.event_uid = new_uid("event")
        ics = calendar_text(vevent(self.event_uid, "Dentist", "20300402T090000", "20300402T100000"))
        self.event = self.save(calendar, ics)
        return {"saved": True}

    def fetch(self):
        event = self.need(self.event, "create")
        etag, obj = self.load(event.url)
        component = obj.icalendar_component
        self.etag_before_edit = etag
        return {
            "etag": etag is not None,
            "summary": str(component["SUMMARY"]),
            "start": instant(component["DTSTART"]),
            "end": instant(component["DTEND"]),
            "tzid_kept": component["DTSTART"].params.get("TZID") == ZONE,
        }

    def edit_with_etag(self):
        # RFC 7232 §3.1: If-Match with the current ETag lets the write through.
        event = self.need(self.event, "create")
        etag = self.need(self.etag_before_edit, "fetch")
        ics = calendar_text(
            vevent(self.event_uid, "Dentist (moved)", "20300402T100000", "20300402T110000", "SEQUENCE:1")
        )
        response = self.put(event.url, ics, If_Match=etag)
        new_etag, obj = self.load(event.url)
        component = obj.icalendar_component
        return {
            "accepted": is_2xx(response.status_code),
            "summary": str(component["SUMMARY"]),
            "start": instant(component["DTSTART"]),
            "etag_changed": new_etag is not None and new_etag != etag,
        }

    def stale_etag(self):
        # RFC 7232 §3.1 / §4.2: If-Match with an ETag that no longer matches → 412, and nothing is written.
        event = self.need(self.event, "create")
        stale = self.need(self.etag_before_edit, "fetch")
        ics = calendar_text(vevent(self.event_uid, "Stale write", "20300402T120000", "20300402T130000"))
        response = self.put(event.url, ics, If_Match=stale)
        # RFC 7232 §3.2: If-None-Match: * on an existing resource → 412 (how vdirsyncer creates).
        exists = self.put(event.url, ics, If_None_Match="*")
        return {
            "status": response.status_code,
            "if_none_match_star_status": exists.status_code,
            "content_unchanged": self.summary_at(event.url) == "Dentist (moved)",
        }

    def lookup_by_uid(self):
        # RFC 4791 §7.8 calendar-query, §9.7.5 text-match on UID: REPORT Depth 1, returns calendar-data.
        calendar = self.need(self.calendar, "discovery")
        uid = self.need(self.event_uid, "create")
        found = calendar.event_by_uid(uid)
        try:
            calendar.event_by_uid(new_uid("absent"))
            unknown_found = True
        except error.NotFoundError:
            unknown_found = False
        return {"found": True, "summary": str(found.icalendar_component["SUMMARY"]), "unknown_found": unknown_found}

    def wrong_component(self):
        # RFC 4791 §5.3.2.1: a VEVENT PUT into the to-do collection fails the
        # (CALDAV:supported-calendar-component) precondition; so does a second resource with an existing UID
        # (CALDAV:no-uid-conflict).
        tasks = self.need(self.tasks, "discovery")
        calendar = self.need(self.calendar, "discovery")
        uid = self.need(self.event_uid, "create")
        stray_uid = new_uid("stray")
        stray_url = tasks.url.join(stray_uid + ".ics")
        ics = calendar_text(vevent(stray_uid, "Wrong collection", "20300403T090000", "20300403T100000"))
        response = self.put(stray_url, ics, If_None_Match="*")
        if is_2xx(response.status_code):
            self.request("DELETE", stray_url)
        twin_url = calendar.url.join(new_uid("twin") + ".ics")
        twin = calendar_text(vevent(uid, "Same UID", "20300403T090000", "20300403T100000"))
        conflict = self.put(twin_url, twin, If_None_Match="*")
        if is_2xx(conflict.status_code):
            self.request("DELETE", twin_url)
        return {
            # RFC 4918 §16: a failed precondition is 403 or 409 with the element named in DAV:error; the
            # status class and the element are compared, not the code (Radicale answers 409).
            "vevent_in_tasks_refused": 400 <= response.status_code < 500,
            "vevent_in_tasks_precondition": precondition(response),
            "uid_conflict_refused": 400 <= conflict.status_code < 500,
            "uid_conflict_precondition": precondition(conflict),
        }

    def sync_report(self, collection, token):
        """A raw RFC 6578 sync-collection REPORT (Depth 0, §3.2): (status, {url: member status}, token, body).
        A changed member has a propstat; a removed one a bare DAV:status 404 (§3.5.2)."""
        body = (
            '<?xml version="1.0" encoding="utf-8"?>'
            '<sync-collection xmlns="DAV:"><sync-token>%s</sync-token><sync-level>1</sync-level>'
            "<prop><getetag/></prop></sync-collection>" % (token or "")
        )
        response = self.request(
            "REPORT", collection.url, body, {"Depth": "0", "Content-Type": 'application/xml; charset="utf-8"'}
        )
        members = {}
        new_token = None
        tree = xml_of(response)
        if response.status_code == 207 and tree is not None:
            for member in tree.findall(DAV_NS + "response"):
                url = str(collection.url.join(member.findtext(DAV_NS + "href")).canonical())
                status = member.findtext(DAV_NS + "status") or member.findtext(
                    DAV_NS + "propstat/" + DAV_NS + "status"
                )
                members[url] = int(status.split()[1]) if status else None
            new_token = tree.findtext(DAV_NS + "sync-token")
        return response.status_code, members, new_token, response

    def sync_tokens(self):
        calendar = self.need(self.calendar, "discovery")
        to_edit = self.save(
            calendar, calendar_text(vevent(new_uid("sync"), "Sync: edit me", "20300405T090000", "20300405T093000"))
        )
        to_delete = self.save(
            calendar,
            calendar_text(vevent(new_uid("sync"), "Sync: delete me", "20300405T100000", "20300405T103000")),
        )
        # RFC 6578 §3.4: no token → every member and a first token (python-caldav: REPORT with Depth 1).
        snapshot = calendar.objects_by_sync_token()
        initial = {str(o.url.canonical()) for o in snapshot}
        key = lambda obj: str(obj.url.canonical())
        token = snapshot.sync_token

        added = self.save(
            calendar, calendar_text(vevent(new_uid("sync"), "Sync: added", "20300405T110000", "20300405T113000"))
        )
        uid = str(to_edit.icalendar_component["UID"])
        to_edit.data = calendar_text(vevent(uid, "Sync: edited", "20300405T090000", "20300405T093000"))
        to_edit.save()
        to_delete.delete()
        self.created.remove(to_delete)

        # RFC 6578 §3.5: with the token, exactly the members changed since it: the added and edited ones
        # with their properties (§3.5.1), the deleted one as a bare 404 (§3.5.2).
        status, members, _, _ = self.sync_report(calendar, token)
        # The library's own use of it: sync() REPORTs, then GETs each reported member (404 → deleted).
        updated, deleted = snapshot.sync()
        again = calendar.objects_by_sync_token(snapshot.sync_token)
        # RFC 6578 §3.2: an unknown token fails the (DAV:valid-sync-token) precondition.
        bad_status, _, _, bad = self.sync_report(calendar, "http://example.invalid/sync/not-a-token")
        return {
            "initial_token": bool(token),
            "initial_lists_existing": key(to_edit) in initial and key(to_delete) in initial,
            "report_status": status,
            "reported": len(members),
            "added_status": members.get(key(added)),
            "edited_status": members.get(key(to_edit)),
            "deleted_status": members.get(key(to_delete)),
            "unchanged_reported": self.event is not None and key(self.event) in members,
            "library_updated": sorted(str(o.icalendar_component["SUMMARY"]) for o in updated),
            "library_deleted": len(deleted),
            "library_token_changed": bool(snapshot.sync_token) and snapshot.sync_token != token,
            "changes_after_sync": len(list(again)),
            "invalid_token_refused": 400 <= bad_status < 500,
            "invalid_token_precondition": precondition(bad),
        }

    def recurring_series(self):
        """Weekly on Tuesdays 17:00–18:00 Los Angeles from 26 Feb 2030 (PST) across 10 Mar (PDT); the 12 Mar one
        moved to 18:30 and renamed (RECURRENCE-ID), the 19 Mar one excluded (EXDATE)."""
        calendar = self.need(self.calendar, "discovery")
        uid = new_uid("series")
        master = vevent(
            uid,
            "Swim practice",
            "20300226T170000",
            "20300226T180000",
            "RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=10",
            "EXDATE;TZID=%s:20300319T170000" % ZONE,
        )
        override = vevent(
            uid,
            "Swim practice (pool B)",
            "20300312T183000",
            "20300312T193000",
            "RECURRENCE-ID;TZID=%s:20300312T170000" % ZONE,
        )
        series = self.save(calendar, calendar_text(master, override))

        _, stored = self.load(series.url)
        components = [c for c in stored.icalendar_instance.walk("VEVENT")]
        masters = [c for c in components if "RECURRENCE-ID" not in c]
        overrides = [c for c in components if "RECURRENCE-ID" in c]
        result = {
            "components": len(components),
            "rrule_kept": bool(masters) and "RRULE" in masters[0],
            "exdates": exdates(masters[0]) if masters else [],
            "override_recurrence_id": instant(overrides[0]["RECURRENCE-ID"]) if overrides else None,
            "override_start": instant(overrides[0]["DTSTART"]) if overrides else None,
            "override_summary": str(overrides[0]["SUMMARY"]) if overrides else None,
        }

        # RFC 4791 §9.6.5 expand inside §9.9 time-range: 25 Feb – 28 Mar 2030 UTC. python-caldav 0.11 expands on
        # the client (recurring_ical_events) when the server returns the RRULE unexpanded, so the library's
        # answer is checked, and the raw answer says whether the server expanded.
        start, end = utc(2030, 2, 25), utc(2030, 3, 28)
        found = calendar.search(start=start, end=end, event=True, expand=True)
        ours = [o.icalendar_component for o in found if str(o.icalendar_component["UID"]) == uid]
        occurrences = sorted((instant(c["DTSTART"]), str(c["SUMMARY"])) for c in ours)
        result["occurrences"] = len(occurrences)
        result["occurrence_starts"] = [s for s, _ in occurrences]
        result["occurrence_summaries"] = [s for _, s in occurrences]
        result["excluded_day_absent"] = not any(s.startswith("2030-03-20") for s, _ in occurrences)

        xml, _ = calendar.build_search_xml_query(event=True, expand=True, start=start, end=end)
        raw = self.request(
            "REPORT",
            calendar.url,
            etree.tostring(xml.xmlelement()),
            {"Depth": "1", "Content-Type": 'application/xml; charset="utf-8"'},
        )
        datas = [
            d.text
            for d in xml_of(raw).iter(CALDAV_NS + "calendar-data")
            if d.text and ("UID:" + uid) in d.text.replace("\r\n ", "").replace("\n ", "")
        ]
        # None when the raw answer lacks the series; after expansion each instance carries a RECURRENCE-ID.
        expanded = not any("RRULE" in d for d in datas) if datas else None
        result["server_expanded"] = expanded
        result["expanded_instances_have_recurrence_id"] = (
            all(d.count("BEGIN:VEVENT") == d.count("RECURRENCE-ID") for d in datas) if expanded else None
        )

        # RFC 4791 §9.9 without expansion: a series matches a range when one of its instances overlaps it. The
        # excluded 19 Mar slot (20 Mar 00:00–01:00 UTC) holds no instance; 13 Mar 02:05–02:25 UTC lies only in
        # the moved one (01:30–02:30), after the original slot's end (02:00).
        def matches(range_start, range_end):
            hits = calendar.search(start=range_start, end=range_end, event=True)
            return any(str(o.icalendar_component["UID"]) == uid for o in hits)

        result["range_on_excluded_day_matches"] = matches(utc(2030, 3, 20, 0, 0), utc(2030, 3, 20, 1, 0))
        result["range_on_moved_time_matches"] = matches(utc(2030, 3, 13, 2, 5), utc(2030, 3, 13, 2, 25))
        result["range_on_regular_day_matches"] = matches(utc(2030, 3, 6, 1, 15), utc(2030, 3, 6, 1, 45))

        series.delete()
        self.created.remove(series)
        result["deleted_status"] = self.get(series.url)[0]
        return result

    def todos(self):
        tasks = self.need(self.tasks, "discovery")
        uid = new_uid("todo")
        todo_ics = calendar_text(
            "\n".join(
                [
                    "BEGIN:VTODO",
                    "UID:" + uid,
                    "DTSTAMP:20300101T000000Z",
                    "SUMMARY:Pack the swim bag",
                    "DUE;TZID=%s:20300405T170000" % ZONE,
                    "PRIORITY:1",
                    "STATUS:NEEDS-ACTION",
                    "END:VTODO",
                ]
            )
        )
        todo = self.save(tasks, todo_ics, kind="todo")

        def listed(include_completed):
            # Pending: three calendar-queries (RFC 4791 §7.8.9): COMPLETED is-not-defined + STATUS text-match
            # negate-condition; COMPLETED and STATUS is-not-defined; STATUS = NEEDS-ACTION. All: one comp-filter.
            return {
                str(t.icalendar_component["UID"]): t.icalendar_component
                for t in tasks.todos(include_completed=include_completed)
            }

        pending = listed(False)
        mine = pending.get(uid)
        result = {
            "listed": mine is not None,
            "summary": str(mine["SUMMARY"]) if mine is not None else None,
            "due": instant(mine["DUE"]) if mine is not None else None,
            "priority": int(mine["PRIORITY"]) if mine is not None and "PRIORITY" in mine else None,
        }
        # python-caldav: sets STATUS:COMPLETED and COMPLETED (now, UTC) and PUTs the whole VTODO (no If-Match).
        todo.complete()
        result["absent_when_pending"] = uid not in listed(False)
        done = listed(True).get(uid)
        result["listed_with_completed"] = done is not None
        result["status"] = str(done["STATUS"]) if done is not None and "STATUS" in done else None
        result["completed_time"] = done is not None and instant(done.get("COMPLETED", "")).endswith("Z")
        return result

    def cleanup(self):
        leftovers = 0
        for obj in list(self.created):
            obj.delete()
            if self.get(obj.url)[0] != 404:
                leftovers += 1
        self.created = []
        return {"leftovers": leftovers}


STEPS = [
    "discovery",
    "wrong_password",
    "create",
    "fetch",
    "edit_with_etag",
    "stale_etag",
    "lookup_by_uid",
    "wrong_component",
    "sync_tokens",
    "recurring_series",
    "todos",
    "cleanup",
]


def find_collections(client):
    """The home's collections by supported component: {"VEVENT": [url…], "VTODO": [url…]}."""
    found = {}
    for collection in client.principal().calendars():
        for name in collection.get_supported_components():
            found.setdefault(name, []).append(str(collection.url))
    return found


def helper(client, command, args):
    """The small commands the vdirsyncer round trip uses beside the scenario (see USAGE)."""
    if command == "collections":
        return {name: urls[0] for name, urls in find_collections(client).items() if len(urls) == 1}
    calendar = client.calendar(url=find_collections(client)["VEVENT"][0])
    try:
        event = calendar.event_by_uid(args[0])
    except error.NotFoundError:
        return {"found": False}
    component = event.icalendar_component
    if command == "event":
        return {"found": True, "summary": str(component["SUMMARY"]), "start": instant(component["DTSTART"])}
    if command == "set-summary":
        # A plain python-caldav edit: found by a calendar-query on UID, PUT back whole, without If-Match.
        component.pop("SUMMARY")
        component.add("SUMMARY", args[1])
        event.save()
        return {"found": True, "saved": True}
    raise SystemExit("unknown command %s" % command)


USAGE = """usage: client.py <base_url> <username> <password>              the scenario
       client.py <base_url> <username> <password> collections  {"VEVENT": url, "VTODO": url}
       client.py <base_url> <username> <password> event <uid>  {"found", "summary", "start"} in the VEVENT collection
       client.py <base_url> <username> <password> set-summary <uid> <summary>
"""


def main():
    if len(sys.argv) < 4:
        sys.stderr.write(USAGE)
        sys.exit(2)
    base_url, username, password = sys.argv[1:4]
    if len(sys.argv) > 4:
        client = caldav.DAVClient(base_url, username=username, password=password, timeout=60)
        results = helper(client, sys.argv[4], sys.argv[5:])
    else:
        scenario = Scenario(base_url, username, password)
        results = {}
        for name in STEPS:
            try:
                results[name] = getattr(scenario, name)()
            except Skipped as skipped:
                results[name] = {"failure": str(skipped)}
            except Exception as exc:  # one missing feature must not hide the rest
                results[name] = {"failure": failure_text(exc)}
                if os.environ.get("CALDAV_CLIENT_TRACE"):
                    traceback.print_exc(file=sys.stderr)
    json.dump(results, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
