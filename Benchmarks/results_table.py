#!/usr/bin/env python3
"""Builds the Markdown table of docs/performance.md from benchmark results JSON files.

    python3 Benchmarks/results_table.py lamina.json cairo.json skia.json blend2d.json

Several files of one engine (interleaved rounds, `lamina1.json lamina2.json …`) are merged:
each workload keeps that engine's lowest median, so a round slowed by other load on the
machine does not count against one engine only.

Each file is the results JSON that `lamina-bench raster --json` and the reference engines'
`refs/bench_*.py --json` write. Ratios are Lamina's median over the other engine's median
(below 1.00 means Lamina is faster).
"""
import json
import math
import sys

def load(path):
    with open(path) as f:
        return json.load(f)

runs = {}
for path in sys.argv[1:]:
    doc = load(path)
    name = doc["engine"].split("-")[0]
    merged = runs.setdefault(name, {})
    for workload, result in doc["workloads"].items():
        if result is None:
            merged.setdefault(workload, None)
        elif merged.get(workload) is None or result["median_ms"] < merged[workload]["median_ms"]:
            merged[workload] = result

ORDER = ["fill_rects_aligned", "fill_rects_fractional", "fill_paths_bezier", "fill_paths_evenodd_star",
         "stroke_lines", "stroke_curves_round", "stroke_dashed", "fill_rounded_rects",
         "linear_gradient_rects", "image_blit_transformed", "layer_composite", "clear_frame"]
names = [n for n in ORDER if n in runs["lamina"]]
def median(engine, workload):
    w = runs.get(engine, {}).get(workload)
    return w["median_ms"] if w else None

print("| workload | Lamina | Blend2D | Cairo | Skia | Lamina / faster of Cairo, Skia | Lamina / Blend2D |")
print("|---|---:|---:|---:|---:|---:|---:|")
ratios_best, ratios_b2d = [], []
for n in names:
    lam = median("lamina", n)
    b2d, cairo, skia = median("blend2d", n), median("cairo", n), median("skia", n)
    anchors = [v for v in (cairo, skia) if v is not None]
    best = min(anchors) if anchors else None
    rb = lam / best if best else None
    r2 = lam / b2d if b2d else None
    if rb: ratios_best.append(rb)
    if r2: ratios_b2d.append(r2)
    fmt = lambda v: "–" if v is None else ("%.3f" % v if v < 1 else "%.1f" % v)
    ratio = lambda v: "–" if v is None else "%.2f" % v
    print(f"| {n} | {fmt(lam)} | {fmt(b2d)} | {fmt(cairo)} | {fmt(skia)} | {ratio(rb)} | {ratio(r2)} |")
geo = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")
print(f"| **geometric mean** | | | | | **{geo(ratios_best):.2f}** | **{geo(ratios_b2d):.2f}** |")
