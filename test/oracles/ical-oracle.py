"""Independent occurrence oracle for occurrences.property.test.ts and bench/recurrence (Debian's
python3-recurring-ical-events 2.0.1 on icalendar 4 / pytz / python-dateutil).

Reads one JSON request per line on stdin:
  {"ics": "BEGIN:VCALENDAR...", "familyZone": "Area/City", "from": "YYYY-MM-DDTHH:MM", "to": "...",
   "countRule": {"rrule": "FREQ=...;COUNT=n", "dtstart": "YYYY-MM-DDTHH:MM", "tz": "Area/City" | null} | null}
and answers one JSON line: {"occurrences": [...], "countPlusOne": bool, "lastRuleInstance": str | null} or
{"error": "..."}. Each occurrence is {"start", "end", "local", "ambiguous", "startFirst"}:
- timed event with a TZID: start/end as UTC instants `YYYY-MM-DDTHH:MM:SSZ`, `local` the start's wall clock in
  the event's zone;
- floating event: start/end as wall-clock `YYYY-MM-DDTHH:MM:SS` (read in the family's zone by the caller);
- all-day event: start/end as dates `YYYY-MM-DD`.
`ambiguous` is true when the start's wall clock occurs twice in its zone (the fall-back hour); pytz's
`localize()` then picks the second (standard-time) instant, and `startFirst` is the first one (see the test).

The window is the family's wall clock [from, to). The library is asked for a window two days wider (its own
day-rounding compares pre-DST-correction instants at the edges), and the answer is cut to the exact window here
with the library's own overlap rule (time_span_contains_event: a zero-length occurrence counts when it starts in
the window, any other when it overlaps it).

countRule: for a COUNT rule, tells whether python-dateutil yields DTSTART as a rule instance; when it does not,
recurring_ical_events adds DTSTART on top of COUNT rule instances (COUNT + 1 in all) and `lastRuleInstance` is
the wall-clock start of the last (COUNT-th) rule instance so that the caller can take it out (see the test).
"""
import datetime
import json
import sys

import types

import dateutil.rrule
import icalendar
import pytz
import recurring_ical_events
from dateutil.rrule import rrulestr

# python-dateutil looks for a rule's next instance up to datetime.MAXYEAR (9999): a rule that never matches
# (BYSETPOS=3 of two days, BYMONTHDAY=31 in June) costs seconds. FamilyHub expands nothing after 2200
# (MAX_YEAR in rule.ts), so dateutil's own view of `datetime` stops there too; nothing else is changed.
_bounded_datetime = types.ModuleType("datetime")
_bounded_datetime.__dict__.update(datetime.__dict__)
_bounded_datetime.MAXYEAR = 2200
dateutil.rrule.datetime = _bounded_datetime

UTC = pytz.utc


def wall(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S")


def instant(dt):
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def describe(start, end):
    if not isinstance(start, datetime.datetime):
        return {"start": start.isoformat(), "end": end.isoformat(), "local": None, "ambiguous": False,
                "startFirst": None}
    if start.tzinfo is None:
        return {"start": wall(start), "end": wall(end), "local": wall(start), "ambiguous": False,
                "startFirst": None}
    zone = pytz.timezone(str(start.tzinfo))
    naive = start.replace(tzinfo=None)
    ambiguous = False
    first = None
    try:
        zone.localize(naive, is_dst=None)
    except pytz.exceptions.AmbiguousTimeError:
        ambiguous = True
        first = instant(zone.localize(naive, is_dst=True))
    except pytz.exceptions.NonExistentTimeError:
        pass
    return {"start": instant(start), "end": instant(end), "local": wall(naive), "ambiguous": ambiguous,
            "startFirst": first}


def count_check(rule):
    if rule is None:
        return False, None
    start = datetime.datetime.strptime(rule["dtstart"][:16], "%Y-%m-%dT%H:%M")
    instances = list(rrulestr(rule["rrule"], dtstart=start))
    if instances and instances[0] == start:
        return False, None
    return True, wall(instances[-1]) if instances else None


def answer(req):
    cal = icalendar.Calendar.from_ical(req["ics"])
    family = pytz.timezone(req["familyZone"])
    lo = family.localize(datetime.datetime.strptime(req["from"][:16], "%Y-%m-%dT%H:%M"))
    hi = family.localize(datetime.datetime.strptime(req["to"][:16], "%Y-%m-%dT%H:%M"))
    wide = recurring_ical_events.of(cal).between(lo - datetime.timedelta(days=2), hi + datetime.timedelta(days=2))
    found = []
    for event in wide:
        start = event["DTSTART"].dt
        end = event["DTEND"].dt if "DTEND" in event else start
        if isinstance(start, datetime.datetime) and start.tzinfo is not None:
            span = (lo, hi)
        else:
            # Floating and DATE values are the family's wall clock / days.
            span = (lo.replace(tzinfo=None), hi.replace(tzinfo=None))
        if recurring_ical_events.time_span_contains_event(span[0], span[1], start, end):
            found.append(describe(start, end))
    plus_one, last = count_check(req.get("countRule"))
    return {"occurrences": found, "countPlusOne": plus_one, "lastRuleInstance": last}


for line in sys.stdin:
    if not line.strip():
        continue
    try:
        print(json.dumps(answer(json.loads(line))), flush=True)
    except Exception as error:  # noqa: BLE001 - reported to the test, which prints the case
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}), flush=True)
