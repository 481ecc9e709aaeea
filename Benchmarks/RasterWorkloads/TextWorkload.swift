import Foundation

/// The three shared text workloads of `../shared/bench/text_workloads.json`, generated exactly
/// as its reference generator (`text_workloads.py`) does, with the same splitmix64 rules.
public enum TextWorkload {
    public static let names = ["text_labels", "text_paragraph", "text_shaping"]

    /// The spec's 64-word list.
    public static let words = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "render", "vector", "glyph", "raster", "pixel",
        "layer", "canvas", "shader", "kerning", "font", "width", "height", "swift", "type", "wave", "avatar", "yellow",
        "office", "flow", "waffle", "typography", "baseline", "ascender", "descender", "paragraph", "window", "button",
        "label", "toolbar", "menu", "scroll", "image", "gradient", "stroke", "path", "curve", "bezier", "alpha", "blend",
        "composite", "frame", "buffer", "texture", "atlas", "cache", "shape", "advance", "cluster", "unicode", "script",
        "line", "wrap", "café", "naïve", "façade", "jalapeño",
    ]

    /// One label: its text, size (px), baseline origin and straight RGBA colour (0…255).
    public struct Label: Sendable {
        public let text: String
        public let size: Int
        public let x: Double
        public let y: Double
        public let color: [Double]
    }

    /// text_labels: 2000 labels (seed 2001), and the generator's next output.
    public static func labels() -> (items: [Label], next: UInt64) {
        var rng = SplitMix64(seed: 2001)
        var items: [Label] = []
        for _ in 0..<2000 {
            let wi = rng.randint(0, words.count - 1)
            let number = rng.randint(0, 9999)
            let size = rng.randint(11, 28)
            let x = rng.uniform(0, Double(Workload.width - 240))
            let y = rng.uniform(30, Double(Workload.height - 10))
            let color = rng.color()
            items.append(Label(text: "\(words[wi]) \(number)", size: size, x: x, y: y, color: color))
        }
        return (items, rng.next())
    }

    /// text_paragraph: 1500 words in sentences of 6–18 (seed 2215), and the next output.
    public static func paragraph() -> (text: String, next: UInt64) {
        var rng = SplitMix64(seed: 2215)
        var out: [String] = []
        while out.count < 1500 {
            let n = Swift.min(rng.randint(6, 18), 1500 - out.count)
            for k in 0..<n {
                var w = words[rng.randint(0, words.count - 1)]
                if k == 0, let first = w.first, first >= "a" && first <= "z" { w = w.prefix(1).uppercased() + w.dropFirst() }
                if k == n - 1 { w += "." }
                out.append(w)
            }
        }
        return (out.joined(separator: " "), rng.next())
    }

    /// text_shaping: 20,000 strings of 1–6 words (seed 2003), and the next output.
    public static func shapingStrings() -> (items: [String], next: UInt64) {
        var rng = SplitMix64(seed: 2003)
        var items: [String] = []
        for _ in 0..<20_000 {
            let n = rng.randint(1, 6)
            items.append((0..<n).map { _ in words[rng.randint(0, words.count - 1)] }.joined(separator: " "))
        }
        return (items, rng.next())
    }

    /// FNV-1a 64 over UTF-8 bytes, continuing from `hash`.
    public static func fnv1a64(_ text: String, _ hash: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
        var h = hash
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01B3
        }
        return h
    }
}
