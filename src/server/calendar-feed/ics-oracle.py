"""Independent expansion of an .ics feed (issue 12 round-trip check).

Usage: python3 ics-oracle.py <IANA zone> <first day YYYY-MM-DD> <day after last YYYY-MM-DD> < feed.ics
Prints a JSON list of [summary, local start "YYYY-MM-DDTHH:MM:00"] for every occurrence overlapping the
window, expanded by python3-icalendar + python3-recurring-ical-events (Debian), times in the given zone.
Exits 3 with a clear message when the modules are missing (the test then fails; nothing is skipped).
"""
import datetime
import json
import sys
from zoneinfo import ZoneInfo

try:
    import icalendar
    import recurring_ical_events
except ImportError as error:  # pragma: no cover - reported to the test
    sys.stderr.write(
        "ics-oracle: missing Python module (%s). Install Debian packages: "
        "apt-get install -y python3-icalendar python3-recurring-ical-events\n" % error
    )
    sys.exit(3)


def local(value, zone):
    if isinstance(value, datetime.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(zone)
        return value.strftime("%Y-%m-%dT%H:%M:00")
    return value.strftime("%Y-%m-%dT00:00:00")


def main():
    zone = ZoneInfo(sys.argv[1])
    start = datetime.date.fromisoformat(sys.argv[2])
    end = datetime.date.fromisoformat(sys.argv[3])
    calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
    found = []
    for event in recurring_ical_events.of(calendar).between(start, end):
        found.append([str(event.get("SUMMARY")), local(event.get("DTSTART").dt, zone)])
    found.sort(key=lambda x: (x[1], x[0]))
    json.dump(found, sys.stdout)


main()
