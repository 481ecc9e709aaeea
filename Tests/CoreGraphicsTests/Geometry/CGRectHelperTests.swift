import CoreGraphics
import Testing

/// The Foundation-provided CGRect helpers behave as on iOS.
@Suite struct CGRectHelperTests {
    let r = CGRect(x: 10, y: 10, width: 20, height: 20)

    @Test func insetAndOffset() {
        #expect(r.insetBy(dx: 2, dy: 3) == CGRect(x: 12, y: 13, width: 16, height: 14))
        #expect(r.insetBy(dx: 15, dy: 0).isNull)
        #expect(r.offsetBy(dx: -10, dy: 5) == CGRect(x: 0, y: 15, width: 20, height: 20))
    }

    @Test func unionAndIntersection() {
        let other = CGRect(x: 20, y: 0, width: 20, height: 15)
        #expect(r.union(other) == CGRect(x: 10, y: 0, width: 30, height: 30))
        #expect(r.intersection(other) == CGRect(x: 20, y: 10, width: 10, height: 5))
        #expect(r.intersection(CGRect(x: 100, y: 100, width: 1, height: 1)).isNull)
        #expect(CGRect.null.union(r) == r)
    }

    @Test func integralStandardizedDivided() {
        #expect(CGRect(x: 1.5, y: 1.2, width: 2.1, height: 3).integral == CGRect(x: 1, y: 1, width: 3, height: 4))
        #expect(CGRect(x: 10, y: 10, width: -5, height: -5).standardized == CGRect(x: 5, y: 5, width: 5, height: 5))
        let (slice, remainder) = r.divided(atDistance: 5, from: .minXEdge)
        #expect(slice == CGRect(x: 10, y: 10, width: 5, height: 20))
        #expect(remainder == CGRect(x: 15, y: 10, width: 15, height: 20))
    }

    @Test func containsAndIntersects() {
        #expect(r.contains(CGPoint(x: 10, y: 10)))
        #expect(!r.contains(CGPoint(x: 30, y: 30)))
        #expect(r.contains(CGRect(x: 12, y: 12, width: 5, height: 5)))
        #expect(r.intersects(CGRect(x: 25, y: 25, width: 10, height: 10)))
        #expect(!r.intersects(CGRect(x: 40, y: 40, width: 1, height: 1)))
    }

    @Test func specialRects() {
        #expect(CGRect.null.isNull && CGRect.null.isEmpty)
        #expect(CGRect.zero.isEmpty && !CGRect.zero.isNull)
        #expect(CGRect.infinite.isInfinite)
        #expect(!r.isEmpty && !r.isInfinite)
    }

    @Test func vectorExists() {
        let v = CGVector(dx: 3, dy: 4)
        #expect(v.dx == 3 && v.dy == 4)
        #expect(CGVector.zero == CGVector(dx: 0, dy: 0))
    }
}
