import CoreGraphics
import Testing

@Suite struct CGAffineTransformTests {
    @Test func identityIsIdentity() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform() == .identity)
        #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
    }

    @Test func rotationMatchesQuartzEntries() {
        let t = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(t.a == cos(CGFloat.pi / 2))
        #expect(t.b == 1)
        #expect(t.c == -1)
        #expect(t.d == cos(CGFloat.pi / 2))
        let p = CGPoint(x: 1, y: 0).applying(t)
        #expect(abs(p.x) < 1e-15)
        #expect(p.y == 1)
    }

    @Test func concatenatingAppliesLeftFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        let move = CGAffineTransform(translationX: 10, y: 20)
        #expect(CGPoint(x: 1, y: 1).applying(scale.concatenating(move)) == CGPoint(x: 12, y: 23))
        #expect(CGPoint(x: 1, y: 1).applying(move.concatenating(scale)) == CGPoint(x: 22, y: 63))
    }

    @Test func translatedByPrecedesSelf() {
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0)
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
        #expect(CGAffineTransform.identity.scaledBy(x: 3, y: 4) == CGAffineTransform(scaleX: 3, y: 4))
        let r = CGAffineTransform(translationX: 7, y: 0).rotated(by: .pi)
        let p = CGPoint(x: 1, y: 0).applying(r)
        #expect(abs(p.x - 6) < 1e-12)
    }

    @Test func invertedUndoes() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let p = CGPoint(x: 3, y: 4)
        let q = p.applying(t).applying(t.inverted())
        #expect(abs(q.x - 3) < 1e-12 && abs(q.y - 4) < 1e-12)
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func sizeAndRectApplying() {
        let t = CGAffineTransform(scaleX: 2, y: -1).translatedBy(x: 100, y: 100)
        #expect(CGSize(width: 10, height: 5).applying(t) == CGSize(width: 20, height: -5))
        let r = CGRect(x: 0, y: 0, width: 10, height: 10).applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(abs(r.width - 10 * 2.0.squareRoot()) < 1e-9)
        #expect(CGRect.null.applying(t).isNull)
        #expect(CGRect(x: 1, y: 2, width: 3, height: 4).applying(t) == CGRect(x: 202, y: -106, width: 6, height: 4))
    }
}
