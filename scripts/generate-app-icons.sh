#!/bin/sh
# Regenerates every app icon and the Android splash from src/web/public/favicon.svg's design (issue 11,
# docs/mobile.md). Needs rsvg-convert (Debian/Ubuntu: apt-get install librsvg2-bin). Run from the repo root:
#   sh scripts/generate-app-icons.sh
# The PNGs are committed; run this again only when the logo changes.
set -eu

BRAND='#4f46e5'
HOUSE='M18 30 32 18l14 12v16a2 2 0 0 1-2 2H36V38h-8v10h-8a2 2 0 0 1-2-2z'
PUBLIC=src/web/public
RES=android/app/src/main/res
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Full-bleed square (maskable PWA icon, Apple touch icon): the house already sits inside the central 80 % circle
# that maskable icons must keep clear.
cat >"$TMP/square.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="$BRAND"/><path d="$HOUSE" fill="#fff"/></svg>
SVG
# Round launcher icon (Android's ic_launcher_round).
cat >"$TMP/round.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="$BRAND"/><path d="$HOUSE" fill="#fff"/></svg>
SVG
# Adaptive-icon foreground: 108 units with the artwork inside the central 66-unit safe zone.
cat >"$TMP/foreground.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" viewBox="-22 -22 108 108"><path d="$HOUSE" fill="#fff"/></svg>
SVG

png() { rsvg-convert -w "$2" -h "$3" "$1" -o "$4"; }

mkdir -p "$PUBLIC/icons"
cp "$TMP/square.svg" "$PUBLIC/icons/icon-maskable.svg"
for s in 192 512; do
  png "$PUBLIC/favicon.svg" $s $s "$PUBLIC/icons/icon-$s.png"
  png "$TMP/square.svg" $s $s "$PUBLIC/icons/icon-maskable-$s.png"
done
png "$TMP/square.svg" 180 180 "$PUBLIC/icons/apple-touch-icon-180.png"

if [ -d "$RES" ]; then
  # density: launcher size, adaptive foreground size
  for d in mdpi:48:108 hdpi:72:162 xhdpi:96:216 xxhdpi:144:324 xxxhdpi:192:432; do
    name=${d%%:*}; rest=${d#*:}; size=${rest%%:*}; fg=${rest#*:}
    png "$PUBLIC/favicon.svg" "$size" "$size" "$RES/mipmap-$name/ic_launcher.png"
    png "$TMP/round.svg" "$size" "$size" "$RES/mipmap-$name/ic_launcher_round.png"
    png "$TMP/foreground.svg" "$fg" "$fg" "$RES/mipmap-$name/ic_launcher_foreground.png"
  done
  printf '%s\n' '<?xml version="1.0" encoding="utf-8"?>' '<resources>' \
    "    <color name=\"ic_launcher_background\">$BRAND</color>" '</resources>' >"$RES/values/ic_launcher_background.xml"
  # Splash: the brand colour with the house centred, at every size Capacitor's template ships.
  for f in "$RES"/drawable*/splash.png; do
    dims=$(file "$f" | sed -E 's/.* ([0-9]+) x ([0-9]+).*/\1 \2/')
    w=${dims% *}; h=${dims#* }
    side=$(( (w < h ? w : h) / 3 ))
    cat >"$TMP/splash.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="$w" height="$h"><rect width="$w" height="$h" fill="$BRAND"/><svg x="$(( (w - side) / 2 ))" y="$(( (h - side) / 2 ))" width="$side" height="$side" viewBox="14 14 36 36"><path d="$HOUSE" fill="#fff"/></svg></svg>
SVG
    png "$TMP/splash.svg" "$w" "$h" "$f"
  done
fi
echo "icons written"
