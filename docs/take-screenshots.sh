#!/usr/bin/env bash
# `make screenshots`: the screenshots the README and the AppStream metainfo show, taken of the
# built app under a private Xvfb each, in light and dark style, at 1280 and at 400 px wide: the
# library's grid, the viewer, and the grid with the information panel. The photos are the test
# photos of ../shared/testdata, labelled as a person would, in a library under a home folder of
# its own, so the header names it "~/Photos".
# Usage: docs/take-screenshots.sh SNAPSHELF OUTPUT_FOLDER
set -euo pipefail

snapshelf=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
photos=${SNAPSHELF_TESTDATA:-$root/../shared/testdata/photos}/jpg
[ -d "$photos/gps" ] || { echo "take-screenshots: the test photos are missing: no folder $photos/gps" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
library=$work/Photos
while IFS='|' read -r file label; do
    "$snapshelf" --library "$library" import --label "$label" "$photos/$file" >/dev/null
done <<'PHOTOS'
gps/DSCN0010.jpg|Olive groves above Arezzo
gps/DSCN0012.jpg|Autumn in the park
gps/DSCN0021.jpg|The monument in the Prato
gps/DSCN0025.jpg|Via di Seteria in the morning
gps/DSCN0027.jpg|The square below the church
gps/DSCN0029.jpg|A narrow street with green shutters
gps/DSCN0038.jpg|The pink house on the corner
gps/DSCN0040.jpg|San Domenico
gps/DSCN0042.jpg|The tower of the Pieve
hdr/canon_hdr_YES.jpg|The chandelier in the hotel
hdr/iphone_hdr_YES.jpg|Wisteria by the gate
PHOTOS

# shoot STYLE WIDTH HEIGHT NAME [KEY…]: the window at that size, after the keys, as NAME.png.
shoot() {
    local style=$1 width=$2 height=$3 name=$4 display xvfb
    shift 4
    display=:$((200 + RANDOM % 300))
    Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp &
    xvfb=$!
    for _ in $(seq 100); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done
    (
        export DISPLAY=$display HOME=$work GSETTINGS_BACKEND=memory ADW_DISABLE_PORTAL=1
        export XDG_CONFIG_HOME=$work/$name/config XDG_DATA_HOME=$work/$name/data XDG_CACHE_HOME=$work/cache
        [ "$style" = dark ] && export ADW_DEBUG_COLOR_SCHEME=prefer-dark
        dbus-run-session -- bash -c '
            snapshelf=$1 library=$2 width=$3 height=$4 picture=$5
            shift 5
            "$snapshelf" --library "$library" & app=$!
            window=$(xdotool search --sync --onlyvisible --pid "$app" --name "^Snapshelf$" | head -1)
            xdotool windowsize --sync "$window" "$width" "$height"
            xdotool windowmove "$window" 0 0
            xdotool windowfocus --sync "$window"
            # Thumbnails come from the sandboxed decoders after the first frame.
            sleep 2
            for key in "$@"; do xdotool key "$key"; sleep 1; done
            import -window "$window" "$picture"
            kill "$app"' bash "$snapshelf" "$library" "$width" "$height" "$out/$name.png" "$@"
    )
    kill "$xvfb"
}
for style in light dark; do
    shoot "$style" 1280 800 "wide-$style"
    shoot "$style" 400 760 "narrow-$style"
done
shoot dark 1280 800 viewer-dark Right Return
shoot light 1280 800 info-light Right alt+Return
