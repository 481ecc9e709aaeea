import CoreGraphics
import Foundation

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
        guard let buffer = takeBuffer(hb) else { return shapeSimply(&segment, text: text, scale: scale, kern: kern) }
        defer { returnBuffer(buffer, hb) }
        text.withUnsafeBufferPointer { units in
            hb.bufferAddUTF16(buffer, units.baseAddress!, Int32(units.count), UInt32(segment.range.lowerBound),
                              Int32(segment.range.count))
        }
        hb.bufferGuessSegmentProperties(buffer)
        hb.bufferSetDirection(buffer, segment.isRightToLeft ? HarfBuzz.rightToLeft : HarfBuzz.leftToRight)
        var features: [HarfBuzz.Feature] = []
        // A kern attribute of exactly 0 turns the font's kerning off, as in UIKit.
        if segment.style.kern == 0 { features.append(.init(tag: HarfBuzz.tag("kern"), value: 0, start: 0, end: .max)) }
        if segment.style.ligatures == 0 {
            for tag in ["liga", "clig"] { features.append(.init(tag: HarfBuzz.tag(tag), value: 0, start: 0, end: .max)) }
        }
        features.withUnsafeBufferPointer { hb.shape(font.font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        guard let rawInfos = hb.bufferGetGlyphInfos(buffer, &count), let rawPositions = hb.bufferGetGlyphPositions(buffer, nil)
        else { return }
        let infos = rawInfos.bindMemory(to: HarfBuzz.GlyphInfo.self, capacity: Int(count))
        let positions = rawPositions.bindMemory(to: HarfBuzz.GlyphPosition.self, capacity: Int(count))
        let n = Int(count)
        segment.glyphs.reserveCapacity(n)
        for i in 0..<n {
            let info = infos[i], position = positions[i]
            segment.glyphs.append(UInt16(truncatingIfNeeded: info.codepoint))
            segment.clusters.append(Int(info.cluster))
            // Tracking goes after each character: on the last glyph of its cluster.
            let endsCluster = segment.isRightToLeft ? (i == 0 || infos[i - 1].cluster != info.cluster)
                : (i == n - 1 || infos[i + 1].cluster != info.cluster)
            segment.advances.append(CGFloat(position.xAdvance) * scale + (endsCluster ? kern : 0))
            segment.offsets.append(CGPoint(x: CGFloat(position.xOffset) * scale, y: CGFloat(position.yOffset) * scale))
        }
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
            segment.glyphs.append(glyph)
            segment.clusters.append(i)
            segment.advances.append(CGFloat(face.advance(glyph)) * scale + kern)
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
