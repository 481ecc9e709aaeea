import CoreGraphics
import Foundation
import ICUSupport

/// Turns a segment's characters into positioned glyphs: HarfBuzz when the machine has it
/// (kerning, ligatures, marks, joining scripts), else one glyph per character.
package enum Shaper {
    private static let counter = Locked(0)
    /// HarfBuzz buffers kept for reuse (making one per segment costs as much as shaping a word).
    private static let buffers = Locked<[OpaquePointer]>([])

    private static func takeBuffer(_ hb: HarfBuzz) -> OpaquePointer? {
        if let reused = buffers.withLock({ $0.popLast() }) { return reused }
        return hb.bufferCreate()
    }

    private static func returnBuffer(_ buffer: OpaquePointer, _ hb: HarfBuzz) {
        hb.bufferClearContents(buffer)
        let kept = buffers.withLock { pool -> Bool in
            guard pool.count < 8 else { return false }
            pool.append(buffer)
            return true
        }
        if !kept { hb.bufferDestroy(buffer) }
    }

    /// How many segments have been shaped (for tests that check cached layouts are reused).
    package static var shapedSegments: Int { counter.withLock { $0 } }

    /// Fills the segment's glyph arrays from `text[segment.range]`, with the whole paragraph
    /// as context (so Arabic letters join across style changes).
    static func shape(_ segment: inout ShapedSegment, text: [UInt16]) {
        counter.withLock { $0 += 1 }
        if let attachment = segment.style.attachment, segment.range.count == 1, text[segment.range.lowerBound] == 0xFFFC {
            // One box the attachment's width; glyph 0 is never drawn for it.
            segment.glyphs = [0]
            segment.clusters = [segment.range.lowerBound]
            segment.advances = [Swift.max(0, attachment.bounds.width) + (segment.style.kern ?? 0)]
            segment.offsets = [.zero]
            return
        }
        let scale = segment.font.scale
        let kern = segment.style.kern ?? 0
        if let hb = HarfBuzz.shared, let font = HarfBuzzFont.font(for: segment.font.face) {
            shapeWithHarfBuzz(hb, font, &segment, text: text, scale: scale, kern: kern)
        } else {
            shapeSimply(&segment, text: text, scale: scale, kern: kern)
        }
    }

    private static func shapeWithHarfBuzz(_ hb: HarfBuzz, _ font: HarfBuzzFont, _ segment: inout ShapedSegment,
                                          text: [UInt16], scale: CGFloat, kern: CGFloat) {
        let script = scriptTag(hb, segment.script)
        let kerning = segment.style.kern != 0, ligatures = segment.style.ligatures != 0
        let features = featureSwitches(kerning: kerning, ligatures: ligatures)
        var raw = ShapedWord(glyphs: [], clusters: [], advances: [], offsets: [])
        // A mark right after a space attaches to it: such text is shaped whole.
        let markAfterSpace = segment.range.dropFirst().contains { text[$0 - 1] == 0x20 && startsWithMark(text, $0) }
        if font.spaceIsIndependent && !segment.isRightToLeft && !markAfterSpace {
            // Word by word, each word shaped once and kept: the face's lookups never involve
            // the space, so the result is the same as shaping the whole run.
            var start = segment.range.lowerBound
            while start < segment.range.upperBound {
                var end = start + 1
                if text[start] != 0x20 {
                    while end < segment.range.upperBound && text[end] != 0x20 { end += 1 }
                }
                let word = cachedWord(hb, font, Array(text[start..<end]), kerning: kerning, ligatures: ligatures,
                                      script: script, features: features)
                raw.glyphs += word.glyphs
                raw.clusters += word.clusters.map { $0 + Int32(start) }
                raw.advances += word.advances
                raw.offsets += word.offsets
                start = end
            }
        } else {
            raw = shapeRaw(hb, font, text, segment.range, script: script, rightToLeft: segment.isRightToLeft, features: features)
        }
        let n = raw.glyphs.count
        segment.glyphs = raw.glyphs
        segment.clusters.reserveCapacity(n)
        segment.advances.reserveCapacity(n)
        segment.offsets.reserveCapacity(n)
        for i in 0..<n {
            let cluster = raw.clusters[i]
            segment.clusters.append(Int(cluster))
            if let blank = blankAdvance(text[Int(cluster)], font: segment.font) {
                segment.glyphs[i] = invisibleGlyph
                segment.advances.append(blank)
                segment.offsets.append(.zero)
                continue
            }
            // Tracking goes after each character: on the last glyph of its cluster.
            let endsCluster = segment.isRightToLeft ? (i == 0 || raw.clusters[i - 1] != cluster)
                : (i == n - 1 || raw.clusters[i + 1] != cluster)
            segment.advances.append(CGFloat(raw.advances[i]) * scale + (endsCluster ? kern : 0))
            segment.offsets.append(CGPoint(x: CGFloat(raw.offsets[i].x) * scale, y: CGFloat(raw.offsets[i].y) * scale))
        }
    }

    /// A word shaped on its own (left to right), from the font's cache or shaped and kept.
    static func cachedWord(_ hb: HarfBuzz, _ font: HarfBuzzFont, _ text: [UInt16], kerning: Bool, ligatures: Bool,
                           script: UInt32, features: [HarfBuzz.Feature]) -> ShapedWord {
        let key = ShapedWordKey(text: text, rightToLeft: false, kerning: kerning, ligatures: ligatures, script: script)
        if let known = font.words.withLock({ $0[key] }) { return known }
        let made = shapeRaw(hb, font, text, 0..<text.count, script: script, rightToLeft: false, features: features)
        font.words.withLock { cache in
            if cache.count >= 8192 { cache.removeAll(keepingCapacity: true) }
            cache[key] = made
        }
        return made
    }

    /// The width of one line of left-to-right text in one style without shaping a paragraph:
    /// words from the font's shaped-word cache, summed. Nil when the text needs the full
    /// path (right-to-left or unusual characters, glyphs from a fallback face, a face whose
    /// space takes part in its lookups, no HarfBuzz).
    package static func quickWidth(_ text: [UInt16], style: TextStyle) -> CGFloat? {
        guard let hb = HarfBuzz.shared, let font = HarfBuzzFont.font(for: style.font.face), font.spaceIsIndependent,
              !text.isEmpty else { return nil }
        // Only plain Latin-script text: no bidi, no marks, no separators or controls.
        var letters = false
        for unit in text {
            if unit < 0x20 || (unit >= 0x0300 && unit < 0x0370) || unit >= 0x0590 { return nil }
            letters = letters || ((unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7A)
        }
        // Without a letter the full path shapes in the common script: let it.
        guard letters else { return nil }
        let kerning = style.kern != 0, ligatures = style.ligatures != 0
        let flags: UInt64 = (kerning ? 1 : 0) | (ligatures ? 2 : 0)
        // Each word (a space on its own) looked up by a hash of its units and the features
        // (FNV-1a), all under one lock; the misses are shaped after it, then kept.
        var total: Int64 = 0
        var clusters = 0
        var complete = true
        var missing: [(range: Range<Int>, hash: UInt64)] = []
        text.withUnsafeBufferPointer { units in
            font.widths.withLock { cache in
                var start = 0
                while start < units.count {
                    var end = start + 1
                    if units[start] != 0x20 { while end < units.count && units[end] != 0x20 { end += 1 } }
                    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ flags
                    for i in start..<end { hash = (hash ^ UInt64(units[i])) &* 0x100_0000_01B3 }
                    if let entry = cache.width(hash, text: UnsafeBufferPointer(rebasing: units[start..<end])) {
                        total += Int64(entry.width)
                        clusters += Int(entry.clusters)
                        complete = complete && entry.isComplete
                    } else {
                        missing.append((start..<end, hash))
                    }
                    start = end
                }
            }
        }
        if !missing.isEmpty {
            let features = featureSwitches(kerning: kerning, ligatures: ligatures)
            for word in missing {
                let units = Array(text[word.range])
                let shaped = cachedWord(hb, font, units, kerning: kerning, ligatures: ligatures, script: latin, features: features)
                let entry = WordWidth(width: shaped.width, clusters: Int32(shaped.clusterCount), isComplete: shaped.isComplete)
                font.widths.withLock { $0.insert(word.hash, text: units, entry) }
                total += Int64(entry.width)
                clusters += Int(entry.clusters)
                complete = complete && entry.isComplete
            }
        }
        guard complete else { return nil }
        return CGFloat(total) * style.font.scale + (style.kern.map { CGFloat(clusters) * $0 } ?? 0)
    }

    /// HarfBuzz's tag for the Latin script.
    private static let latin = HarfBuzz.tag("Latn")

    /// Whether the character at `i` is a combining mark (general category Mn or Me).
    private static func startsWithMark(_ text: [UInt16], _ i: Int) -> Bool {
        let unit = text[i]
        guard unit >= 0x300 else { return false }
        var scalar = UInt32(unit)
        if UTF16.isLeadSurrogate(unit), i + 1 < text.count { scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(text[i + 1]) - 0xDC00) }
        let category = lamina_category(scalar)
        return category == 6 || category == 7
    }

    /// The features turned off: a kern attribute of exactly 0 turns the font's kerning off and
    /// a ligature attribute of 0 its standard ligatures, as in UIKit.
    private static func featureSwitches(kerning: Bool, ligatures: Bool) -> [HarfBuzz.Feature] {
        var features: [HarfBuzz.Feature] = []
        if !kerning { features.append(.init(tag: HarfBuzz.tag("kern"), value: 0, start: 0, end: .max)) }
        if !ligatures {
            for tag in ["liga", "clig"] { features.append(.init(tag: HarfBuzz.tag(tag), value: 0, start: 0, end: .max)) }
        }
        return features
    }

    /// HarfBuzz's script value for an ICU script code (0: let HarfBuzz guess).
    private static func scriptTag(_ hb: HarfBuzz, _ script: Int32) -> UInt32 {
        guard script > 1, let code = lamina_script_code(script) else { return 0 }
        return hb.scriptFromString(code, -1)
    }

    /// The most units HarfBuzz shapes in one call. Its work on a cluster grows with the square
    /// of the cluster's length (one base with 100,000 combining marks took 22 s), so longer
    /// runs are shaped in pieces, cut before a character that starts a cluster where one is
    /// near (and between marks only in a run of nothing but marks).
    static let longestShapedRun = 1024

    /// Units `range` of `text` shaped (in pieces of at most `longestShapedRun` units), the rest
    /// of `text` as context.
    private static func shapeRaw(_ hb: HarfBuzz, _ font: HarfBuzzFont, _ text: [UInt16], _ range: Range<Int>, script: UInt32,
                                 rightToLeft: Bool, features: [HarfBuzz.Feature]) -> ShapedWord {
        guard range.count > longestShapedRun else {
            return shapeRun(hb, font, text, range, script: script, rightToLeft: rightToLeft, features: features)
        }
        var pieces: [ShapedWord] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var end = Swift.min(start + longestShapedRun, range.upperBound)
            if end < range.upperBound {
                // 1. Back up to a cluster's start within the piece's last quarter.
                var cut = end
                let earliest = start + longestShapedRun * 3 / 4
                while cut > earliest && (startsWithMark(text, cut) || UTF16.isTrailSurrogate(text[cut])) { cut -= 1 }
                // 2. None there (a run of marks): cut anyway, but never inside a surrogate pair.
                if cut > earliest { end = cut } else if UTF16.isTrailSurrogate(text[end]) { end -= 1 }
            }
            pieces.append(shapeRun(hb, font, text, start..<end, script: script, rightToLeft: rightToLeft, features: features))
            start = end
        }
        // Right to left, HarfBuzz gives each piece's glyphs in visual order: the last piece first.
        if rightToLeft { pieces.reverse() }
        var word = ShapedWord(glyphs: [], clusters: [], advances: [], offsets: [])
        for piece in pieces {
            word.glyphs += piece.glyphs
            word.clusters += piece.clusters
            word.advances += piece.advances
            word.offsets += piece.offsets
        }
        return word
    }

    /// Units `range` of `text` shaped as one run by one HarfBuzz call.
    private static func shapeRun(_ hb: HarfBuzz, _ font: HarfBuzzFont, _ text: [UInt16], _ range: Range<Int>, script: UInt32,
                                 rightToLeft: Bool, features: [HarfBuzz.Feature]) -> ShapedWord {
        // HarfBuzz's worst case, counted for growth tests: the square of the units shaped at once.
        WorkCounter.count(range.count * range.count)
        var word = ShapedWord(glyphs: [], clusters: [], advances: [], offsets: [])
        guard let buffer = takeBuffer(hb) else { return word }
        defer { returnBuffer(buffer, hb) }
        text.withUnsafeBufferPointer { units in
            hb.bufferAddUTF16(buffer, units.baseAddress!, Int32(units.count), UInt32(range.lowerBound), Int32(range.count))
        }
        if script != 0 { hb.bufferSetScript(buffer, script) }
        hb.bufferGuessSegmentProperties(buffer)
        hb.bufferSetDirection(buffer, rightToLeft ? HarfBuzz.rightToLeft : HarfBuzz.leftToRight)
        features.withUnsafeBufferPointer { hb.shape(font.font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        guard let rawInfos = hb.bufferGetGlyphInfos(buffer, &count), let rawPositions = hb.bufferGetGlyphPositions(buffer, nil)
        else { return word }
        let n = Int(count)
        let infos = rawInfos.bindMemory(to: HarfBuzz.GlyphInfo.self, capacity: n)
        let positions = rawPositions.bindMemory(to: HarfBuzz.GlyphPosition.self, capacity: n)
        word.glyphs.reserveCapacity(n)
        for i in 0..<n {
            word.glyphs.append(UInt16(truncatingIfNeeded: infos[i].codepoint))
            word.clusters.append(Int32(bitPattern: infos[i].cluster))
            word.advances.append(positions[i].xAdvance)
            word.offsets.append((positions[i].xOffset, positions[i].yOffset))
        }
        return word
    }

    /// The glyph that stands for a character with nothing to draw (Core Graphics'
    /// `kCGFontIndexInvalid`): line and paragraph separators, controls and tabs.
    static let invisibleGlyph: UInt16 = 0xFFFF

    /// The advance of a character drawn as nothing: 0 for line ends and controls, a space's
    /// for a tab (lines then move tabs to their stops: `ShapedParagraph.tabAdvance`); nil for
    /// every other character.
    private static func blankAdvance(_ unit: UInt16, font: CTFont) -> CGFloat? {
        guard unit < 0x20 || (unit >= 0x7F && unit <= 0x9F) || unit == 0x2028 || unit == 0x2029 else { return nil }
        guard unit == 0x09 else { return 0 }
        return CGFloat(font.face.advance(font.face.glyph(for: 0x20))) * font.scale
    }

    private static func shapeSimply(_ segment: inout ShapedSegment, text: [UInt16], scale: CGFloat, kern: CGFloat) {
        let face = segment.font.face
        var i = segment.range.lowerBound
        while i < segment.range.upperBound {
            var scalar = UInt32(text[i])
            var width = 1
            if UTF16.isLeadSurrogate(text[i]), i + 1 < segment.range.upperBound, UTF16.isTrailSurrogate(text[i + 1]) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(text[i + 1]) - 0xDC00)
                width = 2
            }
            let glyph = face.glyph(for: scalar)
            segment.clusters.append(i)
            if let blank = blankAdvance(text[i], font: segment.font) {
                segment.glyphs.append(invisibleGlyph)
                segment.advances.append(blank)
            } else {
                segment.glyphs.append(glyph)
                segment.advances.append(CGFloat(face.advance(glyph)) * scale + kern)
            }
            segment.offsets.append(.zero)
            i += width
        }
        if segment.isRightToLeft {
            segment.glyphs.reverse()
            segment.clusters.reverse()
            segment.advances.reverse()
        }
    }
}
