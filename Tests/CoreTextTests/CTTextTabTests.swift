import CoreText
import Foundation
import Testing

/// Tab stops, with DejaVu Sans at 32 points (one font unit is 1/64 point, so every position is
/// exact): "a" advances 1255 units (19.609375 pt), "b" 1300 (20.3125), "c" 1126 (17.59375),
/// the digits 1303 (20.359375) and the space and full stop 651 (10.171875), as its hmtx table
/// gives. Apple's defaults: 12 left-aligned stops 28 points apart and no default interval.
@Suite struct CTTextTabTests {
    let font = CTFontCreateWithName("DejaVu Sans" as CFString, 32, nil)

    func string(_ text: String, tabs: [CTTextTab]? = nil, interval: CGFloat? = nil, indent: CGFloat = 0) -> NSAttributedString {
        var settings: [CTParagraphStyleSetting] = []
        var tabArray = (tabs ?? []) as CFArray
        var gap = interval ?? 0
        var first = indent
        withUnsafePointer(to: &tabArray) { tabsPointer in
            withUnsafePointer(to: &gap) { gapPointer in
                withUnsafePointer(to: &first) { indentPointer in
                    if tabs != nil {
                        settings.append(CTParagraphStyleSetting(spec: .tabStops, valueSize: MemoryLayout<CFArray>.size, value: tabsPointer))
                    }
                    if interval != nil {
                        settings.append(CTParagraphStyleSetting(spec: .defaultTabInterval, valueSize: MemoryLayout<CGFloat>.size,
                                                                value: gapPointer))
                    }
                    settings.append(CTParagraphStyleSetting(spec: .firstLineHeadIndent, valueSize: MemoryLayout<CGFloat>.size,
                                                            value: indentPointer))
                }
            }
        }
        let style = settings.withUnsafeBufferPointer { CTParagraphStyleCreate($0.baseAddress, $0.count) }
        return NSAttributedString(string: text, attributes: [
            NSAttributedString.Key(kCTFontAttributeName): font,
            NSAttributedString.Key(kCTParagraphStyleAttributeName): style,
        ])
    }

    /// The x of the glyph of the character at `index`.
    func x(of index: Int, in line: CTLine) -> CGFloat? {
        for run in CTLineGetGlyphRuns(line) {
            let count = CTRunGetGlyphCount(run)
            var indices = [CFIndex](repeating: 0, count: count)
            var positions = [CGPoint](repeating: .zero, count: count)
            CTRunGetStringIndices(run, CFRange(location: 0, length: 0), &indices)
            CTRunGetPositions(run, CFRange(location: 0, length: 0), &positions)
            if let g = indices.firstIndex(of: index) { return positions[g].x }
        }
        return nil
    }

    func line(_ string: NSAttributedString) -> CTLine { CTLineCreateWithAttributedString(string) }

    @Test func defaultStopsAreEvery28Points() {
        // "a" ends at 19.609375: the tab goes to 28. "aa" ends at 39.21875: the tab goes to 56.
        let one = line(string("a\tb"))
        #expect(x(of: 2, in: one) == 28)
        #expect(CTLineGetTypographicBounds(one, nil, nil, nil) == 28 + 20.3125)
        #expect(x(of: 3, in: line(string("aa\tb"))) == 56)
        // Two tabs in a row take two stops.
        #expect(x(of: 3, in: line(string("a\t\tb"))) == 56)
    }

    @Test func pastTheLastStopTheDefaultIntervalCounts() {
        // 18 "a"s end at 352.96875, past the 12th stop (336).
        let text = String(repeating: "a", count: 18) + "\tb"
        #expect(x(of: 19, in: line(string(text, interval: 50))) == 400)
        // With no interval the tab advances by a space (Lamina's choice; see tabAdvance).
        // 352.96875 + 10.171875.
        #expect(x(of: 19, in: line(string(text))) == 363.140625)
        // An empty stop list leaves only the interval.
        #expect(x(of: 2, in: line(string("a\tb", tabs: [], interval: 50))) == 50)
    }

    @Test func rightCentreAndDecimalStopsAlignTheColumnAfterTheTab() {
        let right = CTTextTabCreate(.right, 200, nil)
        #expect(CTTextTabGetAlignment(right) == .right)
        #expect(CTTextTabGetLocation(right) == 200)
        // "bc" is 37.90625 wide: it ends at 200.
        #expect(x(of: 2, in: line(string("a\tbc", tabs: [right]))) == 200 - 37.90625)
        // Centred on 100.
        let centre = CTTextTabCreate(.center, 100, nil)
        #expect(x(of: 2, in: line(string("a\tbc", tabs: [centre]))) == 100 - 37.90625 / 2)
        // A decimal tab: the full stop lands on 150, "12" before it.
        let decimal = CTTextTabCreate(.right, 150, [kCTTabColumnTerminatorsAttributeName: CharacterSet(charactersIn: ".")] as CFDictionary)
        let number = line(string("a\t12.5", tabs: [decimal]))
        #expect(x(of: 4, in: number) == 150)
        #expect(x(of: 2, in: number) == 150 - 2 * 20.359375)
        // A left stop after a right one: the tab takes the first stop past the pen.
        let left = CTTextTabCreate(.left, 60, nil)
        #expect(x(of: 2, in: line(string("a\tb", tabs: [left, right]))) == 60)
        #expect(x(of: 4, in: line(string("a\tb\tc", tabs: [left, right]))) == 200 - 17.59375)
    }

    @Test func stopsCountFromTheLeadingEdgeNotTheLineStart() {
        // A line starting 10 points in reaches the 28-point stop 18 points along.
        let typesetter = CTTypesetterCreateWithAttributedString(string("\tb"))
        let offsetLine = CTTypesetterCreateLineWithOffset(typesetter, CFRange(location: 0, length: 0), 10)
        #expect(x(of: 1, in: offsetLine) == 18)
        // "a" then ends at 29.609375, past 28: the tab goes on to 56.
        let past = CTTypesetterCreateLineWithOffset(CTTypesetterCreateWithAttributedString(string("a\tb")),
                                                    CFRange(location: 0, length: 0), 10)
        #expect(x(of: 2, in: past) == 46)
        // In a frame the first line's indent is that offset.
        let framesetter = CTFramesetterCreateWithAttributedString(string("\tb", indent: 10))
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 300, height: 100), transform: nil), nil)
        var origin = CGPoint.zero
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 1), &origin)
        #expect(origin.x == 10)
        #expect(x(of: 1, in: CTFrameGetLines(frame)[0]) == 18)
    }

    @Test func linesBreakWithTabsAtTheirStops() {
        // The tab reaches 28; "bbbb" (81.25) after it would end at 109.25, past a 100-point line.
        let typesetter = CTTypesetterCreateWithAttributedString(string("\tbbbb"))
        #expect(CTTypesetterSuggestLineBreak(typesetter, 0, 100) == 1)
        #expect(CTTypesetterSuggestLineBreak(typesetter, 0, 110) == 5)
        // 10 points in, the tab reaches the stop 10 points sooner and the line fits in 100.
        #expect(CTTypesetterSuggestLineBreakWithOffset(typesetter, 0, 100, 10) == 5)
    }
}
