@testable import CoreGraphics
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Stroking very long paths in bounded memory. A path of a million curves once needed gigabytes
/// (every flattened point, its offsets and the outline list at once); long subpaths are now
/// stroked in overlapping pieces straight into the rasterizer, and must draw exactly what the
/// whole outline draws.
@Suite struct LongStrokeTests {
    /// A wavy open line of `count` cubics across a 200 × 200 canvas, or a closed wavy ring.
    private func wave(_ count: Int, closed: Bool = false) -> CGMutablePath {
        let path = CGMutablePath()
        if closed {
            let centre = CGPoint(x: 100, y: 100)
            func point(_ i: Int) -> CGPoint {
                let angle = CGFloat(i) / CGFloat(count) * 2 * .pi
                let radius = 70 + 12 * sin(CGFloat(i) * 1.7)
                return CGPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
            }
            path.move(to: point(0))
            for i in 1...count {
                let a = point(i - 1), b = point(i % count)
                path.addCurve(to: b, control1: CGPoint(x: a.x + (b.y - a.y), y: a.y - (b.x - a.x)),
                              control2: CGPoint(x: b.x - (b.y - a.y) * 0.5, y: b.y + (b.x - a.x) * 0.5))
            }
            path.closeSubpath()
            return path
        }
        path.move(to: CGPoint(x: 10, y: 100))
        for i in 0..<count {
            let x0 = 10 + 180 * CGFloat(i) / CGFloat(count), x1 = 10 + 180 * CGFloat(i + 1) / CGFloat(count)
            let up: CGFloat = i % 2 == 0 ? -60 : 60
            path.addCurve(to: CGPoint(x: x1, y: 100), control1: CGPoint(x: x0, y: 100 + up),
                          control2: CGPoint(x: x1, y: 100 + up))
        }
        return path
    }

    /// The path stroked the ordinary way and stroked in pieces of `pieceLength` points.
    private func bothWays(_ path: CGPath, pieceLength: Int, setUp: (CGContext) -> Void) -> (whole: BitmapFixture, pieces: BitmapFixture) {
        let whole = BitmapFixture(width: 200, height: 200)
        let pieces = BitmapFixture(width: 200, height: 200)
        for (bitmap, streamed) in [(whole, false), (pieces, true)] {
            let ctx = bitmap.context
            ctx.setStrokeColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.8)
            setUp(ctx)
            ctx.addPath(path)
            if streamed {
                ctx.strokePixelPath(ctx.currentPath, streamingFrom: 0, pieceLength: pieceLength)
            } else {
                ctx.strokePixelPath(ctx.currentPath, streamingFrom: .max)
            }
        }
        return (whole, pieces)
    }

    private func worstDifference(_ a: BitmapFixture, _ b: BitmapFixture) -> (worst: Int, painted: Int) {
        var worst = 0, painted = 0
        for row in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x, row: row), q = b.pixel(x, row: row)
                if p[3] > 0 { painted += 1 }
                for c in 0..<4 { worst = max(worst, abs(Int(p[c]) - Int(q[c]))) }
            }
        }
        return (worst, painted)
    }

    @Test(arguments: [CGLineJoin.miter, .round, .bevel], [CGLineCap.butt, .round, .square])
    func piecesDrawWhatTheWholeOutlineDraws(join: CGLineJoin, cap: CGLineCap) {
        for closed in [false, true] {
            let (whole, pieces) = bothWays(wave(60, closed: closed), pieceLength: 7) { ctx in
                ctx.setLineWidth(9)
                ctx.setLineJoin(join)
                ctx.setLineCap(cap)
            }
            let (worst, painted) = worstDifference(whole, pieces)
            // Signed areas add exactly; only floating-point rounding separates the two.
            #expect(worst <= 1, "closed \(closed): worst channel difference \(worst)")
            #expect(painted > 2000)
        }
    }

    @Test func piecesMatchUnderHairlinesAndSkewedTransforms() {
        let hairline = bothWays(wave(80), pieceLength: 5) { ctx in ctx.setLineWidth(0) }
        #expect(worstDifference(hairline.whole, hairline.pieces).worst <= 1)
        let skewed = bothWays(wave(80, closed: true), pieceLength: 5) { ctx in
            ctx.concatenate(CGAffineTransform(a: 1, b: 0.2, c: 0.4, d: 0.7, tx: -10, ty: 20))
            ctx.setLineWidth(6)
            ctx.setLineCap(.round)
        }
        #expect(worstDifference(skewed.whole, skewed.pieces).worst <= 1)
    }

    @Test func noOutlineOutgrowsAPiece() {
        let bitmap = BitmapFixture(width: 200, height: 200)
        let ctx = bitmap.context
        ctx.setLineWidth(4)
        ctx.setLineJoin(.round)
        ctx.addPath(wave(20_000))
        var largest = 0, outlines = 0
        ctx.forEachStrokeOutline(ctx.currentPath, pieceLength: 256) { outline in
            largest = max(largest, outline.count)
            outlines += 1
        }
        // Two offsets of at most 257 points, plus joins and caps: bounded, where the whole
        // outline of this path has hundreds of thousands of points.
        #expect(outlines > 100)
        #expect(largest < 4 * 257)
    }

    /// Stroking 100,000 cubics in a fresh process: its peak memory grows by less than 20 MB, where
    /// holding the whole outline took 59 MB. The path itself is 6 MB. Under AddressSanitizer, whose
    /// quarantine keeps up to 256 MB of freed memory resident, only the drawing is checked.
    @Test func aHundredThousandCurvesStrokeInBoundedMemory() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            func peakKilobytes() -> Int {
                var usage = rusage()
                getrusage(RUSAGE_SELF.rawValue, &usage)
                return usage.ru_maxrss
            }
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 250))
            for i in 0..<100_000 {
                let x = CGFloat(i) * 500 / 100_000
                path.addCurve(to: CGPoint(x: x + 0.001, y: 250), control1: CGPoint(x: x, y: 240),
                              control2: CGPoint(x: x, y: 260))
            }
            let context = CGContext(data: nil, width: 500, height: 500, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            let before = peakKilobytes()
            context.setLineWidth(2)
            context.addPath(path)
            context.strokePath()
            let grown = peakKilobytes() - before
            FileHandle.standardError.write("peak memory grew by \(grown) KB\n".data(using: .utf8)!)
            let addressSanitized = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
            guard grown < 20_000 || addressSanitized else { exit(1) }
            // The stroke was drawn: the middle row is painted.
            let data = context.data!.assumingMemoryBound(to: UInt8.self)
            guard data[(250 * context.bytesPerRow) + 250 * 4 + 3] == 255 else { exit(2) }
        }
        if let result { print(String(decoding: result.standardErrorContent, as: UTF8.self)) }
    }
}
