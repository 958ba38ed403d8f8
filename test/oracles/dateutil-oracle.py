"""Independent recurrence oracle for recurrence.property.test.ts (Debian python3-dateutil + zoneinfo).

Reads one JSON request per line on stdin:
  {"start": "YYYY-MM-DDTHH:MM:00", "pattern": "...", "end_date": "YYYY-MM-DD" | null,
   "tz": "Area/City", "from": "YYYY-MM-DDTHH:MM:00", "to": "YYYY-MM-DDTHH:MM:00"}
and answers one JSON line: the UTC instants (ISO, ...Z) of the occurrences with from <= start < to,
computed with dateutil.rrule on a zone-aware DTSTART. The pattern mapping is written here from SPEC §5/§9,
not shared with the TypeScript code. DTSTART counts as the first occurrence (RFC 5545 §3.8.5.3).
"""
import json
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from dateutil import rrule

WEEKDAYS = [rrule.MO, rrule.TU, rrule.WE, rrule.TH, rrule.FR, rrule.SA, rrule.SU]


def parse(text, tz):
    return datetime.strptime(text[:16], "%Y-%m-%dT%H:%M").replace(tzinfo=tz)


def occurrences(req):
    tz = ZoneInfo(req["tz"])
    start = parse(req["start"], tz)
    pattern = req["pattern"]
    kwargs = {"dtstart": start}
    if req["end_date"]:
        kwargs["until"] = datetime.strptime(req["end_date"] + "T23:59:59", "%Y-%m-%dT%H:%M:%S").replace(tzinfo=tz)
    wd = WEEKDAYS[start.weekday()]
    if pattern == "daily":
        rule = rrule.rrule(rrule.DAILY, **kwargs)
    elif pattern == "workday":
        rule = rrule.rrule(rrule.DAILY, byweekday=(rrule.MO, rrule.TU, rrule.WE, rrule.TH, rrule.FR), **kwargs)
    elif pattern == "weekly":
        rule = rrule.rrule(rrule.WEEKLY, **kwargs)
    elif pattern == "monthly_date":
        rule = rrule.rrule(rrule.MONTHLY, bymonthday=start.day, **kwargs)
    elif pattern == "monthly_day":
        nth = (start.day - 1) // 7 + 1
        rule = rrule.rrule(rrule.MONTHLY, byweekday=wd(nth), **kwargs)
    else:
        raise ValueError(pattern)
    lo = parse(req["from"], tz)
    hi = parse(req["to"], tz)
    # Same tzinfo on both sides: Python compares wall-clock fields, i.e. floating time, as RFC 5545 expands.
    found = {d for d in rule.between(lo, hi, inc=True) if d < hi}
    if lo <= start < hi:
        found.add(start)
    return sorted(d.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") for d in found)


for line in sys.stdin:
    if not line.strip():
        continue
    print(json.dumps(occurrences(json.loads(line))), flush=True)
