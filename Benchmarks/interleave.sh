#!/usr/bin/env bash
# One interleaved round of the raster workloads: for each workload in turn, Lamina, Blend2D,
# Cairo and Skia (one thread each), twice over, so that every engine meets the same machine
# load within seconds of the others. Results go to OUT/{lamina,blend2d,cairo,skia}{a,b}.json;
# `Benchmarks/results_table.py OUT/*.json` keeps each engine's lower median per workload.
#
#   swift build -c release --product lamina-bench
#   Benchmarks/interleave.sh /tmp/round1      # and again for /tmp/round2, /tmp/round3
#
# Needs ../shared/bench and its reference engines (see its README for the pip/apt set-up).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: Benchmarks/interleave.sh OUTPUT_DIRECTORY}
bench=$PWD/.build/release/lamina-bench
refs=$PWD/../shared/bench
mkdir -p "$out/parts"
workloads="fill_rects_aligned fill_rects_fractional fill_paths_bezier fill_paths_evenodd_star stroke_lines
  stroke_curves_round stroke_dashed fill_rounded_rects linear_gradient_rects image_blit_transformed
  layer_composite clear_frame"
for w in $workloads; do
    for pass in a b; do
        "$bench" raster --workloads "$w" --json "$out/parts/lamina$pass.$w.json" > /dev/null
        (cd "$refs" && python3 refs/bench_blend2d.py --workloads "$w" --json "$out/parts/blend2d$pass.$w.json" > /dev/null)
        (cd "$refs" && python3 refs/bench_cairo.py --workloads "$w" --json "$out/parts/cairo$pass.$w.json" > /dev/null)
        (cd "$refs" && python3 refs/bench_skia.py --workloads "$w" --mode picture --json "$out/parts/skia$pass.$w.json" > /dev/null)
    done
done
python3 - "$out" <<'PY'
import glob, json, sys
out = sys.argv[1]
for engine in ("lamina", "blend2d", "cairo", "skia"):
    for p in "ab":
        merged = None
        for path in sorted(glob.glob(f"{out}/parts/{engine}{p}.*.json")):
            doc = json.load(open(path))
            if merged is None:
                merged = doc
            else:
                merged["workloads"].update(doc["workloads"])
        json.dump(merged, open(f"{out}/{engine}{p}.json", "w"))
PY
echo "wrote $out/{lamina,blend2d,cairo,skia}{a,b}.json"
