import Foundation

/// One of the twelve shared raster workloads, generated exactly as `workloads.json` specifies.
///
/// Each item is a flat list of numbers in the order the reference generator yields them
/// (points as x, y; colours as r, g, b, a), so the check values can be recomputed directly.
public struct Workload: Sendable {
    public let name: String
    /// Numbers generated before the items (layer_composite's 16 base colours).
    public let prefix: [Double]
    public let items: [[Double]]
    /// The generator's next output after generation (part of the check values).
    public let nextAfterGeneration: UInt64

    public static let width = 1920
    public static let height = 1080

    public static let names = [
        "fill_rects_aligned", "fill_rects_fractional", "fill_paths_bezier", "fill_paths_evenodd_star",
        "stroke_lines", "stroke_curves_round", "stroke_dashed", "fill_rounded_rects",
        "linear_gradient_rects", "image_blit_transformed", "layer_composite", "clear_frame",
    ]

    /// Generates the named workload, or nil for an unknown name.
    public static func generate(_ name: String) -> Workload? {
        let W = Double(width), H = Double(height)
        var items: [[Double]] = []
        var prefix: [Double] = []
        func run(seed: UInt64, count: Int, _ body: (inout SplitMix64) -> [Double]) -> SplitMix64 {
            var rng = SplitMix64(seed: seed)
            for _ in 0..<count { items.append(body(&rng)) }
            return rng
        }
        var rng: SplitMix64
        switch name {
        case "fill_rects_aligned":
            rng = run(seed: 1001, count: 10_000) { r in
                let w = r.randint(8, 64), h = r.randint(8, 64)
                let x = r.randint(0, width - w), y = r.randint(0, height - h)
                return [Double(x), Double(y), Double(w), Double(h)] + r.color()
            }
        case "fill_rects_fractional":
            rng = run(seed: 1002, count: 10_000) { r in
                let w = r.uniform(8, 64), h = r.uniform(8, 64)
                let x = r.uniform(0, W - w), y = r.uniform(0, H - h)
                return [x, y, w, h] + r.color()
            }
        case "fill_paths_bezier":
            rng = run(seed: 1003, count: 1000) { r in
                let bx = r.uniform(0, W - 200), by = r.uniform(0, H - 200)
                let p0 = r.point(inBox: bx, by, 200)
                var numbers = p0
                for k in 0..<8 {
                    numbers += r.point(inBox: bx, by, 200)
                    numbers += r.point(inBox: bx, by, 200)
                    numbers += k < 7 ? r.point(inBox: bx, by, 200) : p0
                }
                return numbers + r.color()
            }
        case "fill_paths_evenodd_star":
            rng = run(seed: 1004, count: 1000) { r in
                let cx = r.uniform(100, W - 100), cy = r.uniform(100, H - 100)
                let radius = r.uniform(30, 100), rotation = r.uniform(0, twoPi)
                let color = r.color()
                var numbers: [Double] = []
                for i in 0..<10 {
                    let k = (3 * i) % 10
                    let angle = rotation + (twoPi * Double(k)) / 10
                    numbers += [cx + radius * cos(angle), cy + radius * sin(angle)]
                }
                return numbers + color
            }
        case "stroke_lines":
            rng = run(seed: 1005, count: 10_000) { r in
                let bx = r.uniform(0, W - 200), by = r.uniform(0, H - 200)
                return r.point(inBox: bx, by, 200) + r.point(inBox: bx, by, 200) + r.color()
            }
        case "stroke_curves_round":
            rng = run(seed: 1006, count: 1000) { r in
                let bx = r.uniform(0, W - 200), by = r.uniform(0, H - 200)
                var numbers: [Double] = []
                for _ in 0..<4 { numbers += r.point(inBox: bx, by, 200) }
                return numbers + r.color()
            }
        case "stroke_dashed":
            rng = run(seed: 1007, count: 1000) { r in
                let bx = r.uniform(0, W - 200), by = r.uniform(0, H - 200)
                var numbers: [Double] = []
                for _ in 0..<10 { numbers += r.point(inBox: bx, by, 200) }
                return numbers + r.color()
            }
        case "fill_rounded_rects":
            rng = run(seed: 1008, count: 5000) { r in
                let w = r.randint(20, 200), h = r.randint(20, 200)
                let x = r.randint(0, width - w), y = r.randint(0, height - h)
                return [Double(x), Double(y), Double(w), Double(h)] + r.color()
            }
        case "linear_gradient_rects":
            rng = run(seed: 1009, count: 2000) { r in
                let w = r.randint(64, 256), h = r.randint(64, 256)
                let x = r.randint(0, width - w), y = r.randint(0, height - h)
                return [Double(x), Double(y), Double(w), Double(h)] + r.opaqueColor() + r.opaqueColor() + r.opaqueColor()
            }
        case "image_blit_transformed":
            rng = run(seed: 1010, count: 1000) { r in
                let cx = r.uniform(0, W), cy = r.uniform(0, H)
                let angle = r.uniform(0, twoPi), s = r.uniform(0.25, 1)
                return [cx, cy, angle, s]
            }
        case "layer_composite":
            var r = SplitMix64(seed: 1011)
            for _ in 0..<16 {
                prefix += [Double(r.randint(0, 255)), Double(r.randint(0, 255)), Double(r.randint(0, 255))]
            }
            for _ in 0..<1000 {
                let x = r.randint(-100, width - 100), y = r.randint(-75, height - 75)
                let a = r.randint(128, 255)
                items.append([Double(x), Double(y), Double(a)])
            }
            rng = r
        case "clear_frame":
            rng = SplitMix64(seed: 1012)
            items = [[32, 64, 128, 255]]
        default:
            return nil
        }
        return Workload(name: name, prefix: prefix, items: items, nextAfterGeneration: rng.next())
    }

    static let twoPi = 6.283185307179586

    /// Every generated number, in the reference generator's flattening order.
    public var allNumbers: [Double] { prefix + items.flatMap { $0 } }
}
