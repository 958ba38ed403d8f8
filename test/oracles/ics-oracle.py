"""Independent expansion of an .ics text (issue 12 round trip, issue 18 fixture check).

Usage: python3 ics-oracle.py <family IANA zone> <first day YYYY-MM-DD> <day after last YYYY-MM-DD> < calendar.ics
Prints a JSON list of [uid, summary, start instant "YYYY-MM-DDTHH:MM:SSZ"] for every occurrence overlapping the
window, expanded by python3-icalendar + python3-recurring-ical-events (Debian). Floating times and DATEs are read
in the family's zone (a DATE starts at the family's midnight), as FamilyHub reads them.
Exits 3 with a clear message when the modules are missing (the test then fails; nothing is skipped), and 4 with
the parser's message when the oracle itself cannot read the calendar.
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


def instant(value, zone):
    if not isinstance(value, datetime.datetime):
        value = datetime.datetime(value.year, value.month, value.day)
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    return value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    zone = ZoneInfo(sys.argv[1])
    start = datetime.date.fromisoformat(sys.argv[2])
    end = datetime.date.fromisoformat(sys.argv[3])
    try:
        calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
        found = []
        for event in recurring_ical_events.of(calendar).between(start, end):
            uid = event.get("UID")
            found.append(
                [
                    None if uid is None else str(uid),
                    str(event.get("SUMMARY")),
                    instant(event.get("DTSTART").dt, zone),
                ]
            )
    except Exception as error:  # the oracle's own parser failing is reported, narrowly, by the test
        sys.stderr.write("ics-oracle: cannot read the calendar: %r\n" % (error,))
        sys.exit(4)
    found.sort(key=lambda x: (x[2], x[0] or "", x[1]))
    json.dump(found, sys.stdout)


main()
