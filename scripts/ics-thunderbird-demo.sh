#!/usr/bin/env bash
# Issue 12 demonstration: a second calendar program (Thunderbird, from Debian) subscribes to a FamilyHub feed.
#
# Starts FamilyHub on a spare port with a scratch data directory, registers a family through the API, creates
# a one-off event, a weekly series with a deleted (EXDATE) and a moved (RECURRENCE-ID) occurrence and an
# all-day multi-day event in the current month, creates the family feed URL, then starts Thunderbird under
# Xvfb with a fresh profile whose prefs register that URL as a read-only network (ICS) calendar, opens the
# calendar tab in month view and saves a screenshot. Everything it starts is stopped and its scratch
# directories are removed on exit.
#
# Needs: apt-get install -y thunderbird xvfb xdotool imagemagick curl jq
# Usage: scripts/ics-thunderbird-demo.sh [output.png]   (default docs/screenshots/ics-thunderbird.png)
# Environment: DEMO_PORT (3457), DEMO_DISPLAY (:57), DEMO_WAIT seconds for Thunderbird to load (40).
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=${1:-docs/screenshots/ics-thunderbird.png}
PORT=${DEMO_PORT:-3457}
DISPLAY_NUM=${DEMO_DISPLAY:-:57}
WAIT=${DEMO_WAIT:-40}
ZONE=America/Los_Angeles
BASE="http://127.0.0.1:$PORT"

for tool in thunderbird Xvfb xdotool import curl jq; do
  command -v "$tool" >/dev/null || {
    echo "missing $tool: apt-get install -y thunderbird xvfb xdotool imagemagick curl jq" >&2
    exit 2
  }
done

SCRATCH=$(mktemp -d /tmp/ics-demo.XXXXXX)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$SCRATCH"
}
trap cleanup EXIT

# 1. FamilyHub, API only (no web build needed), on a scratch PGlite directory.
PORT=$PORT HOST=127.0.0.1 DATA_DIR="$SCRATCH/data" PUBLIC_URL="$BASE" LOG_LEVEL=warn \
  node --import tsx src/server/main.ts >"$SCRATCH/server.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 90); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/api/auth/me")" != 000 ] && break
  sleep 1
done

JAR="$SCRATCH/cookies"
api() { # api METHOD PATH [JSON] — prints the response body; on an HTTP error prints it to stderr and fails
  local body
  if ! body=$(curl --fail-with-body -sS -b "$JAR" -c "$JAR" -X "$1" "$BASE$2" \
    ${3:+-H 'content-type: application/json' --data "$3"}); then
    echo "$1 $2 failed: $body" >&2
    return 1
  fi
  echo "$body"
}
api POST /api/auth/register "$(jq -nc --arg email "demo-$RANDOM@example.com" '{familyName:"Rivera", email:$email,
  password:"correct horse", memberName:"Ana Rivera", memberRole:"parent", memberColor:"blue", memberPhone:""}')" >/dev/null

# 2. Events in the current month (the family zone is America/Los_Angeles, the default).
MONTH=$(TZ=$ZONE date +%Y-%m)
first_weekday() { # first date of MONTH that falls on ISO weekday $1 (1 = Monday)
  local d
  for d in 01 02 03 04 05 06 07; do
    [ "$(date -d "$MONTH-$d" +%u)" = "$1" ] && { echo "$MONTH-$d"; return; }
  done
}
TUE=$(first_weekday 2)
plus() { date -d "$1 + $2 days" +%Y-%m-%d; }
SERIES=$(api POST /api/events "$(jq -nc --arg s "${TUE}T17:00" '{title:"Swim practice", start_date:$s,
  is_recurring:true, recurrence_pattern:"weekly"}')" | jq -r .id)
api DELETE "/api/events/$SERIES?occurrence=$(plus "$TUE" 7)T17:00:00" >/dev/null
api PATCH "/api/events/$SERIES?occurrence=$(plus "$TUE" 14)T17:00:00" \
  "$(jq -nc --arg s "$(plus "$TUE" 15)T18:00" '{title:"Swim gala", start_date:$s, duration_minutes:120}')" >/dev/null
api POST /api/events "$(jq -nc --arg s "$MONTH-12T15:30" '{title:"Dentist (Lucia)", start_date:$s,
  duration_minutes:45, location:"Main St Dental"}')" >/dev/null
api POST /api/events "$(jq -nc --arg s "$MONTH-19T00:00" --arg e "$MONTH-23T00:00" '{title:"Grandparents visit",
  start_date:$s, end_date:$e, is_all_day:true}')" >/dev/null
FEED=$(api POST /api/calendar/feeds/regenerate '{"scope":"family"}' | jq -r .url)
echo "feed: $FEED"
curl -fsS "$FEED" >"$SCRATCH/feed.ics"
grep -E '^(SUMMARY|DTSTART|DTEND|RRULE|EXDATE|RECURRENCE-ID)' "$SCRATCH/feed.ics"
echo "FamilyHub's own occurrences this month (GET /api/events), to compare with the screenshot:"
api GET "/api/events?start=$MONTH-01&end=$(date -d "$MONTH-01 + 1 month - 1 day" +%Y-%m-%d)" |
  jq -r '.[] | "  \(.start_date)  \(.title)\(if .is_multi_day then " (until \(.end_date))" else "" end)"'

# 3. A fresh Thunderbird profile that already subscribes to the feed (no dialogs, no accounts, no updates).
PROFILE="$SCRATCH/profile"
mkdir -p "$PROFILE"
cat >"$PROFILE/user.js" <<EOF
user_pref("calendar.registry.familyhub.type", "ics");
user_pref("calendar.registry.familyhub.uri", "$FEED");
user_pref("calendar.registry.familyhub.name", "FamilyHub (Rivera family)");
user_pref("calendar.registry.familyhub.color", "#2f6fde");
user_pref("calendar.registry.familyhub.readOnly", true);
user_pref("calendar.registry.familyhub.cache.enabled", false);
user_pref("calendar.registry.familyhub.refreshInterval", "15");
user_pref("calendar.registry.familyhub.calendar-main-in-composite", true);
user_pref("calendar.registry.familyhub.calendar-main-default", true);
user_pref("calendar.list.sortOrder", "familyhub");
user_pref("calendar.timezone.useSystemTimezone", false);
user_pref("calendar.timezone.local", "$ZONE");
user_pref("calendar.view.visiblehours", 12);
user_pref("mail.provider.suppress_dialog_on_startup", true);
user_pref("mail.shell.checkDefaultClient", false);
user_pref("mailnews.start_page.enabled", false);
user_pref("mail.rights.version", 1);
user_pref("mail.startup.enabledMailCheckOnce", true);
user_pref("mail.spotlight.firstRunDone", true);
user_pref("mail.winsearch.firstRunDone", true);
user_pref("app.update.enabled", false);
user_pref("app.update.auto", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("toolkit.telemetry.enabled", false);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("extensions.autoDisableScopes", 15);
EOF
# The calendar tab opens on the view stored in xulstore (view-box children: day, week, multiweek, month).
echo '{"chrome://messenger/content/messenger.xhtml":{"view-box":{"selectedIndex":"3"}}}' >"$PROFILE/xulstore.json"

# 4. Thunderbird under Xvfb, calendar tab, month view, screenshot.
Xvfb "$DISPLAY_NUM" -screen 0 1680x1000x24 -nolisten tcp >"$SCRATCH/xvfb.log" 2>&1 &
PIDS+=($!)
sleep 2
export DISPLAY=$DISPLAY_NUM
TZ=$ZONE env -u MOZ_HEADLESS thunderbird --no-remote --profile "$PROFILE" -calendar >"$SCRATCH/thunderbird.log" 2>&1 &
PIDS+=($!)
sleep "$WAIT"
WIN=$(xdotool search --onlyvisible --name 'Mozilla Thunderbird' | head -1 || true)
[ -n "$WIN" ] || { echo "no Thunderbird window; log:" >&2; cat "$SCRATCH/thunderbird.log" >&2; exit 1; }
xdotool windowmove "$WIN" 0 0 windowsize "$WIN" 1680 1000 windowfocus --sync "$WIN" # no window manager
sleep 2
mkdir -p "$(dirname "$OUT")"
import -window root "$OUT"
echo "screenshot: $OUT"
