import CoreGraphics
import Testing

/// The span loops (four pixels at a time, constant runs from the rasterizer, the overlapping
/// last four pixels) must paint exactly what the one-pixel formula gives.
@Suite struct CGContextSpanTests {
    /// A bitmap whose every pixel differs: opaque, channels from the position.
    private func patterned(width: Int, height: Int) -> BitmapFixture {
        let bitmap = BitmapFixture(width: width, height: height)
        for i in 0..<(width * height) {
            bitmap.memory[i * 4] = UInt8(i * 37 & 255)
            bitmap.memory[i * 4 + 1] = UInt8(i * 11 & 255)
            bitmap.memory[i * 4 + 2] = UInt8(255 - i * 5 & 255)
            bitmap.memory[i * 4 + 3] = 255
        }
        return bitmap
    }

    /// Source-over of premultiplied `s` onto `d`, per channel, exactly rounded.
    private func over(_ s: [Int], _ d: [UInt8]) -> [UInt8] {
        (0..<4).map { c in UInt8(s[c] + (Int(d[c]) * (255 - s[3]) + 127) / 255) }
    }

    @Test(arguments: 1...13)
    func translucentSpansOfEveryLengthMatchTheFormula(length: Int) {
        let bitmap = patterned(width: 16, height: 1)
        let before = (0..<16).map { bitmap.pixel($0, row: 0) }
        bitmap.context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 0.6)
        bitmap.context.fill(CGRect(x: 2, y: 0, width: length, height: 1))
        // 0.6 alpha → 153; premultiplied (153, 77, 0, 153).
        let s = [153, 77, 0, 153]
        for x in 0..<16 {
            let expected = (2..<(2 + length)).contains(x) ? over(s, before[x]) : before[x]
            #expect(bitmap.pixel(x, row: 0) == expected, "pixel \(x) of a span of \(length)")
        }
    }

    /// Long opaque spans go through the C library's word fill: exactly the span, nothing
    /// beside it, for lengths around the threshold and odd alignments.
    @Test(arguments: [63, 64, 65, 130, 257])
    func longOpaqueSpansFillExactlyTheirPixels(length: Int) {
        let bitmap = patterned(width: 300, height: 2)
        let before = (0..<300).map { bitmap.pixel($0, row: 0) }
        bitmap.context.setFillColor(red: 0, green: 0.2, blue: 1, alpha: 1)
        bitmap.context.fill(CGRect(x: 3, y: 1, width: length, height: 1)) // memory row 0
        for x in 0..<300 {
            let expected: [UInt8] = (3..<(3 + length)).contains(x) ? [0, 51, 255, 255] : before[x]
            #expect(bitmap.pixel(x, row: 0) == expected, "pixel \(x) of a span of \(length)")
        }
        let untouched = patterned(width: 300, height: 2)
        #expect(bitmap.pixel(10, row: 1) == untouched.pixel(10, row: 1))
    }

    @Test func partialRowsOfAFractionalRectangleUseTheScaledColour() {
        let bitmap = patterned(width: 12, height: 3)
        let before = (0..<12).map { bitmap.pixel($0, row: 0) }
        bitmap.context.setFillColor(gray: 1, alpha: 1)
        // y 0.5…2.25 covers a quarter of memory row 0 (Quartz y 2…3), all of row 1 and half
        // of row 2, over x 1…11.
        bitmap.context.fill(CGRect(x: 1, y: 0.5, width: 10, height: 1.75))
        let quarter = 64 // 0.25 · 255 rounded
        for x in 1..<11 {
            #expect(bitmap.pixel(x, row: 0) == over([quarter, quarter, quarter, quarter], before[x]))
        }
        #expect(bitmap.pixel(0, row: 0) == before[0])
        #expect(bitmap.pixel(5, row: 1) == [255, 255, 255, 255])
    }

    /// Full-width opaque rectangles store all their whole rows in one run; the partial rows
    /// above and below still blend, and rows outside stay untouched.
    @Test func fullWidthRectanglesFillWholeRowsAtOnce() {
        let bitmap = patterned(width: 12, height: 8)
        let before = (0..<8).map { row in (0..<12).map { bitmap.pixel($0, row: row) } }
        bitmap.context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        // Quartz y 1.5…6.25: memory rows 1 (a quarter), 2…5 whole, 6 (half).
        bitmap.context.fill(CGRect(x: 0, y: 1.5, width: 12, height: 4.75))
        for x in 0..<12 {
            #expect(bitmap.pixel(x, row: 0) == before[0][x])
            #expect(bitmap.pixel(x, row: 1) == over([0, 0, 64, 64], before[1][x]))
            for row in 2...5 { #expect(bitmap.pixel(x, row: row) == [0, 0, 255, 255]) }
            #expect(bitmap.pixel(x, row: 6) == over([0, 0, 128, 128], before[6][x]))
            #expect(bitmap.pixel(x, row: 7) == before[7][x])
        }
    }

    /// Clearing whole pixels stores transparent words inside the clip only; a fractional
    /// rectangle still clears its partial pixels through coverage.
    @Test func clearingWholeAndPartialPixels() {
        let bitmap = patterned(width: 10, height: 4)
        let before = (0..<4).map { row in (0..<10).map { bitmap.pixel($0, row: row) } }
        bitmap.context.clip(to: CGRect(x: 0, y: 0, width: 6, height: 4))
        bitmap.context.clear(CGRect(x: 2, y: 1, width: 6, height: 2))
        for row in 0..<4 {
            for x in 0..<10 {
                let inside = x >= 2 && x < 6 && (row == 1 || row == 2)
                #expect(bitmap.pixel(x, row: row) == (inside ? [0, 0, 0, 0] : before[row][x]), "x \(x) row \(row)")
            }
        }
        let partial = patterned(width: 4, height: 1)
        partial.context.clear(CGRect(x: 0.5, y: 0, width: 2, height: 1))
        #expect(partial.pixel(1, row: 0) == [0, 0, 0, 0])
        #expect(partial.pixel(0, row: 0)[3] == 128 || partial.pixel(0, row: 0)[3] == 127)
    }

    /// An image placed through transforms with rounding noise (a layer's anchor, position and
    /// contents flip) still lands on whole pixels: the same pixels as the exact placement.
    @Test func nearIntegerPlacementsCopyExactly() {
        let source = patterned(width: 8, height: 8)
        let image = source.context.makeImage()!
        let exact = BitmapFixture(width: 20, height: 20), noisy = BitmapFixture(width: 20, height: 20)
        exact.context.draw(image, in: CGRect(x: 5, y: 6, width: 8, height: 8))
        noisy.context.translateBy(x: 0.1 + 0.2, y: 0)   // 0.30000000000000004
        noisy.context.translateBy(x: -0.3, y: 0)
        noisy.context.draw(image, in: CGRect(x: 5, y: 6, width: 8, height: 8))
        for row in 0..<20 { for x in 0..<20 { #expect(noisy.pixel(x, row: row) == exact.pixel(x, row: row)) } }
    }

    /// An image at a fractional offset is bilinear with the same weights everywhere: the
    /// four-pixel interior loop must give exactly the one-pixel formula (8-bit weights, edge
    /// texels clamped).
    @Test func fractionalTranslationsSampleExactly() {
        let source = patterned(width: 32, height: 16)
        let image = source.context.makeImage()!
        let texels = (0..<16).map { row in (0..<32).map { source.pixel($0, row: row) } }
        let bitmap = BitmapFixture(width: 48, height: 24)
        bitmap.context.draw(image, in: CGRect(x: 3.3, y: 2.6, width: 32, height: 16))
        func lerp(_ a: [UInt8], _ b: [UInt8], _ f: Int) -> [UInt8] {
            (0..<4).map { UInt8((Int(a[$0]) * (256 - f) + Int(b[$0]) * f) >> 8) }
        }
        func texel(_ x: Int, _ y: Int) -> [UInt8] { texels[Swift.min(Swift.max(y, 0), 15)][Swift.min(Swift.max(x, 0), 31)] }
        for row in 6...20 {
            for x in 4...34 {
                // Pixel centre → texel space, less half a texel for the bilinear corners.
                let u = Double(x) + 0.5 - 3.3 - 0.5, v = Double(row) + 0.5 - (24 - 18.6) - 0.5
                let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                let fx = Int((u - Double(x0)) * 256 + 0.5), fy = Int((v - Double(y0)) * 256 + 0.5)
                let expected = lerp(lerp(texel(x0, y0), texel(x0 + 1, y0), fx), lerp(texel(x0, y0 + 1), texel(x0 + 1, y0 + 1), fx), fy)
                #expect(bitmap.pixel(x, row: row) == expected, "x \(x) row \(row)")
            }
        }
    }

    /// A translucent opaque image at a fractional offset (a fading layer mid-move): fully
    /// covered pixels are the three 8-bit lerps (horizontal, vertical, then over the
    /// destination at alpha k = 153, weight k + k/128) or one level above; the first and last
    /// rows, partly covered, are the bilinear texel scaled by the row's coverage and put over
    /// the destination, each product exactly rounded.
    @Test func translucentFractionalTranslationsStayWithinOneLevel() {
        let source = patterned(width: 32, height: 16)
        let image = source.context.makeImage()!
        let texels = (0..<16).map { row in (0..<32).map { source.pixel($0, row: row) } }
        let bitmap = patterned(width: 48, height: 24), untouched = patterned(width: 48, height: 24)
        bitmap.context.setAlpha(0.6)
        bitmap.context.draw(image, in: CGRect(x: 3.3, y: 2.6, width: 32, height: 16))
        func lerp(_ a: [UInt8], _ b: [UInt8], _ f: Int) -> [UInt8] {
            (0..<4).map { UInt8((Int(a[$0]) * (256 - f) + Int(b[$0]) * f) >> 8) }
        }
        func texel(_ x: Int, _ y: Int) -> [UInt8] { texels[Swift.min(Swift.max(y, 0), 15)][Swift.min(Swift.max(x, 0), 31)] }
        func bilinear(_ x: Int, _ row: Int) -> [UInt8] {
            let u = Double(x) + 0.5 - 3.3 - 0.5, v = Double(row) + 0.5 - (24 - 18.6) - 0.5
            let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
            let fx = Int((u - Double(x0)) * 256 + 0.5), fy = Int((v - Double(y0)) * 256 + 0.5)
            return lerp(lerp(texel(x0, y0), texel(x0 + 1, y0), fx), lerp(texel(x0, y0 + 1), texel(x0 + 1, y0 + 1), fx), fy)
        }
        let k = 153   // 0.6 · 255, rounded
        var above = 0
        withExtendedLifetime(untouched) {
            for row in 6...20 {
                for x in 4...34 {
                    let expected = lerp(untouched.pixel(x, row: row), bilinear(x, row), k + k / 128)
                    let actual = bitmap.pixel(x, row: row)
                    for c in 0..<4 {
                        let d = Int(actual[c]) - Int(expected[c])
                        #expect(d == 0 || d == 1, "x \(x) row \(row) channel \(c)")
                        above += d
                    }
                }
            }
            // Rows 5 and 21 are covered 0.6 and 0.4: alpha 0.6 · coverage · 255, rounded.
            for (row, coverage) in [(5, Float(0.6)), (21, Float(0.4))] {
                let scaled = Int(Float(coverage) * Float(k) + 0.5)
                for x in 4...34 {
                    let s = bilinear(x, row).map { (Int($0) * scaled + 127) / 255 }
                    #expect(bitmap.pixel(x, row: row) == over(s, untouched.pixel(x, row: row)), "x \(x) row \(row)")
                }
            }
        }
        // The folded composite is closer to the exact mix, so it is sometimes one level higher.
        #expect(above > 0)
    }

    /// A polygon with a large interior, drawn once plainly (interiors as constant runs) and
    /// once through an all-pass clip mask (every pixel through the coverage path).
    @Test(arguments: [CGPathFillRule.winding, .evenOdd])
    func constantRunsPaintWhatThePerPixelPathPaints(rule: CGPathFillRule) throws {
        func draw(masked: Bool) throws -> BitmapFixture {
            let bitmap = patterned(width: 64, height: 48)
            let ctx = bitmap.context
            if masked {
                let white = try #require(CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                                                   space: CGColorSpaceCreateDeviceRGB(),
                                                   bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue))
                white.setFillColor(gray: 1, alpha: 1)
                white.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
                ctx.clip(to: CGRect(x: 0, y: 0, width: 64, height: 48), mask: try #require(white.makeImage()))
            }
            ctx.setFillColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7)
            // A star whose even-odd fill has a hole, and a thick frame inside it.
            ctx.move(to: CGPoint(x: 32, y: 2))
            for i in 1..<5 {
                let angle = CGFloat(i) * 4 * .pi / 5
                ctx.addLine(to: CGPoint(x: 32 + 30.3 * sin(angle), y: 24 + 22.1 * cos(angle + .pi)))
            }
            ctx.closePath()
            ctx.addRect(CGRect(x: 10.25, y: 12.5, width: 40.5, height: 20))
            ctx.fillPath(using: rule)
            return bitmap
        }
        let plain = try draw(masked: false), masked = try draw(masked: true)
        var worst = 0, painted = 0
        for i in 0..<(64 * 48 * 4) {
            worst = max(worst, abs(Int(plain.memory[i]) - Int(masked.memory[i])))
        }
        // The untouched pattern is kept alive while its memory is read.
        let untouched = patterned(width: 64, height: 48)
        withExtendedLifetime((plain, untouched)) {
            for i in 0..<(64 * 48) where plain.memory[i * 4 + 2] != untouched.memory[i * 4 + 2] {
                painted += 1
            }
        }
        // Coverage bytes may round half to even on one path and half up on the other.
        #expect(worst <= 1)
        #expect(painted > 600)
    }

    /// A rounded rectangle's straight middle rows are painted in closed form; a second contour
    /// outside the bitmap turns that off, so both ways must agree.
    @Test(arguments: [CGFloat(0), 0.3, 0.75])
    func roundedRectangleMiddleRowsMatchScanConversion(offset: CGFloat) {
        func draw(split: Bool) -> BitmapFixture {
            let bitmap = patterned(width: 48, height: 40)
            let ctx = bitmap.context
            ctx.setFillColor(red: 0.9, green: 0.1, blue: 0.4, alpha: 0.8)
            ctx.addPath(CGPath(roundedRect: CGRect(x: 3.4 + offset, y: 2 + offset, width: 40.2, height: 33.5),
                               cornerWidth: 7, cornerHeight: 7, transform: nil))
            if !split { ctx.addRect(CGRect(x: 10, y: -60, width: 4, height: 4)) }
            ctx.fillPath()
            return bitmap
        }
        let fast = draw(split: true), reference = draw(split: false)
        var worst = 0
        for i in 0..<(48 * 40 * 4) { worst = max(worst, abs(Int(fast.memory[i]) - Int(reference.memory[i]))) }
        #expect(worst <= 1)
        // The middle really is painted: a pixel inside, and one just outside the left side.
        #expect(fast.pixel(20, row: 20)[3] == 255)
        #expect(fast.pixel(2, row: 20) == reference.pixel(2, row: 20))
    }
}
