import CoreText
import Foundation
import RasterWorkloads
import UIKit

/// `lamina-bench text [--workloads a,b] [--json FILE] [--png-dir DIR] [--quick] [--mode cached]`:
/// the shared text workloads through Core Text's public API, with the workloads' timing
/// protocol, results JSON and PNG names (`<workload>__<engine>.png`) of the reference scripts.
///
/// Engine `lamina`: every iteration makes each label's line (`CTLineCreateWithAttributedString`:
/// itemizing, fallback, shaping with HarfBuzz) and draws it; the paragraph is shaped, broken
/// (`CTTypesetter`) and drawn; the shaping strings are measured with UIKit's
/// `size(withAttributes:)` (words shaped by HarfBuzz once and kept, as browsers keep them). Engine
/// `lamina-cached` (`--mode cached`) builds the lines before timing and only draws them, as a
/// label that keeps its layout does. Text is drawn from a glyph cache at quarter-pixel x
/// positions and whole-pixel baselines, gray anti-aliased, unhinted.
func runText(_ arguments: [String]) {
    var arguments = arguments
    var selected = TextWorkload.names
    var jsonPath: String?
    var pngDirectory: String?
    var quick = false
    var cached = false
    while let flag = arguments.first {
        arguments.removeFirst()
        switch flag {
        case "--quick": quick = true
        case "--mode":
            guard arguments.first == "cached" else { fail("--mode takes cached") }
            arguments.removeFirst()
            cached = true
        case "--workloads", "--json", "--png-dir":
            let value = value(of: flag, from: &arguments)
            if flag == "--workloads" {
                let wanted = value.split(separator: ",").map(String.init)
                for name in wanted where !TextWorkload.names.contains(name) { fail("unknown workload \(name)") }
                selected = TextWorkload.names.filter { wanted.contains($0) }
            } else if flag == "--json" {
                jsonPath = value
            } else {
                pngDirectory = value
            }
        default: fail("unknown argument \(flag)")
        }
    }
    setenv("LAMINA_RASTER_THREADS", "1", 1)
    let engine = cached ? "lamina-cached" : "lamina"
    let bench = TextBench(cached: cached)
    var results: [String: Any] = [:]
    let clock = ContinuousClock()
    for name in selected where !(cached && name == "text_shaping") {
        bench.prepare(name)
        for _ in 0..<(quick ? 1 : 2) {
            bench.reset()
            bench.run(name)
        }
        var samples: [Double] = []
        var total = 0.0
        while true {
            bench.reset()
            let start = clock.now
            bench.run(name)
            let elapsed = clock.now - start
            let ms = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
            samples.append(ms)
            total += ms / 1e3
            if samples.count >= (quick ? 3 : 40) { break }
            if samples.count >= (quick ? 3 : 7) && total >= (quick ? 0 : 1) { break }
        }
        let sorted = samples.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        var entry: [String: Any] = ["median_ms": median, "min_ms": sorted[0], "q1_ms": sorted[sorted.count / 4],
                                    "q3_ms": sorted[(3 * sorted.count) / 4], "reps": sorted.count,
                                    "samples_ms": samples.map { ($0 * 1e4).rounded() / 1e4 },
                                    "method": cached ? "prebuilt CTLines drawn" : "CTLine per string, shaped with HarfBuzz"]
        var extra = ""
        if name == "text_paragraph" {
            entry["line_count"] = bench.lineCount
            extra = "  lines \(bench.lineCount)"
        }
        if name == "text_shaping" {
            entry["total_advance"] = bench.totalAdvance
            extra = String(format: "  total_advance %.4f", bench.totalAdvance)
        }
        results[name] = entry
        print("\(engine.padding(toLength: 14, withPad: " ", startingAt: 0)) \(name.padding(toLength: 16, withPad: " ", startingAt: 0)) "
              + String(format: "median %9.3f ms  min %9.3f  IQR %7.3f..%-7.3f reps %d", median, sorted[0],
                       sorted[sorted.count / 4], sorted[(3 * sorted.count) / 4], sorted.count) + extra)
        if let pngDirectory, name != "text_shaping" {
            try? FileManager.default.createDirectory(atPath: pngDirectory, withIntermediateDirectories: true)
            bench.reset()
            bench.run(name)
            guard let data = bench.context.makeImage()?.pngData() else { fail("could not encode \(name)") }
            let path = (pngDirectory as NSString).appendingPathComponent("\(name)__\(engine).png")
            do { try data.write(to: URL(fileURLWithPath: path)) } catch { fail("cannot write \(path): \(error)") }
        }
    }
    if let jsonPath {
        let document: [String: Any] = [
            "engine": engine, "version": "lamina 0.1 (Swift, Core Text over HarfBuzz and FreeType outlines, single thread)",
            "spec": "text_workloads.json", "workloads": results,
        ]
        do {
            let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: URL(fileURLWithPath: jsonPath))
        } catch {
            fail("cannot write \(jsonPath): \(error)")
        }
    }
}

/// The workloads' state: the canvas (y down, as the spec's coordinates), fonts per size, and
/// in cached mode the lines built before timing.
final class TextBench {
    let context: CGContext
    let cached: Bool
    private var fonts: [Int: CTFont] = [:]
    private var labels: [TextWorkload.Label] = []
    private var labelStrings: [NSAttributedString] = []
    private var labelLines: [CTLine] = []
    private var paragraph = NSAttributedString(string: "")
    private var paragraphLines: [CTLine] = []
    private var shapingStrings: [String] = []
    private var shapingAttributes: [NSAttributedString.Key: Any] = [:]
    private(set) var lineCount = 0
    private(set) var totalAdvance = 0.0

    init(cached: Bool) {
        self.cached = cached
        guard let context = CGContext(data: nil, width: Workload.width, height: Workload.height, bitsPerComponent: 8,
                                      bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { fail("no context") }
        self.context = context
        // The spec's coordinates grow downwards; glyphs stay upright through the text matrix.
        context.translateBy(x: 0, y: CGFloat(Workload.height))
        context.scaleBy(x: 1, y: -1)
        context.textMatrix = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
    }

    func font(_ size: Int) -> CTFont {
        if let known = fonts[size] { return known }
        let made = CTFontCreateWithName("DejaVu Sans" as CFString, CGFloat(size), nil)
        fonts[size] = made
        return made
    }

    func prepare(_ name: String) {
        switch name {
        case "text_labels":
            labels = TextWorkload.labels().items
            labelStrings = labels.map { label in
                let c = label.color
                return NSAttributedString(string: label.text, attributes: [
                    NSAttributedString.Key(kCTFontAttributeName): font(label.size),
                    NSAttributedString.Key(kCTForegroundColorAttributeName):
                        CGColor(red: c[0] / 255, green: c[1] / 255, blue: c[2] / 255, alpha: c[3] / 255),
                ])
            }
            if cached { labelLines = labelStrings.map { CTLineCreateWithAttributedString($0) } }
        case "text_paragraph":
            paragraph = NSAttributedString(string: TextWorkload.paragraph().text, attributes: [
                NSAttributedString.Key(kCTFontAttributeName): font(15),
                NSAttributedString.Key(kCTForegroundColorAttributeName): CGColor(red: 0, green: 0, blue: 0, alpha: 1),
            ])
            if cached { paragraphLines = breakParagraph() }
        default:
            shapingStrings = TextWorkload.shapingStrings().items
            shapingAttributes = [.font: UIFont(name: "DejaVu Sans", size: 17)!]
        }
    }

    func reset() {
        context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: Workload.width, height: Workload.height))
    }

    /// The paragraph's lines: greedy breaks at 900 px.
    private func breakParagraph() -> [CTLine] {
        let typesetter = CTTypesetterCreateWithAttributedString(paragraph)
        var lines: [CTLine] = []
        var start = 0
        while start < paragraph.length {
            let count = CTTypesetterSuggestLineBreak(typesetter, start, 900)
            lines.append(CTTypesetterCreateLine(typesetter, CFRange(location: start, length: count)))
            start += count
        }
        return lines
    }

    func run(_ name: String) {
        switch name {
        case "text_labels":
            for i in labels.indices {
                let line = cached ? labelLines[i] : CTLineCreateWithAttributedString(labelStrings[i])
                context.textPosition = CGPoint(x: labels[i].x, y: labels[i].y)
                CTLineDraw(line, context)
            }
        case "text_paragraph":
            let lines = cached ? paragraphLines : breakParagraph()
            lineCount = lines.count
            let ascent = 1901.0 * 15 / 2048, lineHeight = 2384.0 * 15 / 2048
            for (k, line) in lines.enumerated() {
                context.textPosition = CGPoint(x: 40, y: 40 + ascent + Double(k) * lineHeight)
                CTLineDraw(line, context)
            }
        default:
            var total = 0.0
            // UIKit's measuring call, as an app sizes a label's text.
            for string in shapingStrings {
                total += Double(string.size(withAttributes: shapingAttributes).width)
            }
            totalAdvance = total
        }
    }
}
