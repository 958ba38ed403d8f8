"""python3-dateutil's reading of an RRULE, for bench/rrule/run.ts (Debian's /usr/bin/python3).

Reads one JSON request per line on stdin:
  {"dtstart": "YYYY-MM-DDTHH:MM:SS", "rrule": "FREQ=...", "from": "YYYY-MM-DDTHH:MM:SS", "to": "..."}
(wall clock; a UNTIL in the rule is wall clock too, without Z) and answers one JSON line: the rule's instances
with from <= start <= to as wall-clock text, or {"error": "..."}. Floating time throughout, as the libraries in
the bench are run (rrulestr with a naive DTSTART); dateutil, like them, does not add an off-rule DTSTART.
test/oracles/dateutil-oracle.py is the pattern oracle of the product's tests and takes patterns, not
RRULE text, hence this sibling.
"""
import datetime
import json
import sys
import types

import dateutil.rrule
from dateutil.rrule import rrulestr

# As in test/oracles/ical-oracle.py: dateutil looks for a next instance up to the year 9999, which costs
# seconds on a rule that never matches; its own view of `datetime` stops at 2200 (MAX_YEAR in rule.ts).
_bounded_datetime = types.ModuleType("datetime")
_bounded_datetime.__dict__.update(datetime.__dict__)
_bounded_datetime.MAXYEAR = 2200
dateutil.rrule.datetime = _bounded_datetime


def parse(text):
    return datetime.datetime.strptime(text[:19], "%Y-%m-%dT%H:%M:%S")


def answer(req):
    rule = rrulestr(req["rrule"], dtstart=parse(req["dtstart"]))
    return [d.strftime("%Y-%m-%dT%H:%M:%S") for d in rule.between(parse(req["from"]), parse(req["to"]), inc=True)]


for line in sys.stdin:
    if not line.strip():
        continue
    try:
        print(json.dumps(answer(json.loads(line))), flush=True)
    except Exception as error:  # noqa: BLE001 - counted by the bench
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}), flush=True)
