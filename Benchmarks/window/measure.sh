#!/usr/bin/env bash
# The gallery app in a window, measured under Xvfb: idle CPU on a still page, CPU per frame
# of an animated page, and input-to-present latency (X event time to the damaged rectangles
# sent to the server). Needs Xvfb and xdotool (apt-get install xvfb xdotool).
#
#   Benchmarks/window/measure.sh [display]      (default :97)
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product lamina-demo > /dev/null
display=${1:-:97}
log=$(mktemp)
Xvfb "$display" -screen 0 1024x768x24 -nolisten tcp > /dev/null 2>&1 &
xvfb=$!
app=
trap 'kill $app $xvfb 2> /dev/null || true; rm -f "$log"' EXIT
sleep 1
export DISPLAY=$display
LAMINA_X11_STATS=1 .build/release/lamina-demo --window 2> "$log" &
app=$!
sleep 3
ticks() { awk '{print $14 + $15}' "/proc/$app/stat"; }
hz=$(getconf CLK_TCK)
cpu_over() { # seconds → CPU percent of one core
    local a b; a=$(ticks); sleep "$1"; b=$(ticks)
    python3 -c "print(f'{($b - $a) / $hz / $1 * 100:.2f}')"
}

# The pointer rests inside the window, where keys go without a window manager.
xdotool mousemove 280 300
xdotool key Right; sleep 1                       # page 2: nothing moves
echo "idle CPU, page 2, 10 s: $(cpu_over 10) %"

xdotool key Right Right Right; sleep 1           # page 5: two animations, 60 frames a second
busy=$(cpu_over 10)
echo "animated page 5, 10 s: $busy % of a core, $(python3 -c "print(f'{$busy / 100 / 60 * 1000:.2f}')") ms CPU a frame at 60 fps"

xdotool key Right; sleep 1                       # page 6: still again
: > "$log"
for _ in $(seq 10); do                          # pages 7 and 6 in turn: one present a key
    xdotool key Right; sleep 0.3
    xdotool key Left; sleep 0.3
done
latency() { # what → the median and largest input-to-present latency in the log
    python3 - "$log" "$1" <<'PY'
import sys, re, statistics
v = sorted(float(m.group(1)) for m in re.finditer(r"input to present ([0-9.]+) ms", open(sys.argv[1]).read()))
print(f"input to present, {sys.argv[2]}: " + (f"{len(v)} presents, median {statistics.median(v):.2f} ms, max {v[-1]:.2f} ms" if v else "no presents"))
PY
}
latency "page switches"

# Page 14: drag the card (its centre is at (220, 275) points) in 30 steps, 20 ms apart.
for _ in $(seq 8); do xdotool key Right; sleep 0.1; done
sleep 1
scale=${LAMINA_SCALE:-1}
at() { python3 -c "print(round($1 * $scale), round($2 * $scale))"; }
xdotool mousemove $(at 220 275) mousedown 1
sleep 0.2
: > "$log"
for i in $(seq 30); do xdotool mousemove $(at $((220 + i * 3)) $((275 + i * 2))); sleep 0.02; done
xdotool mouseup 1
sleep 0.3
latency "a drag's moves"
