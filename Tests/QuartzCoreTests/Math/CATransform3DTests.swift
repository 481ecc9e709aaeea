import QuartzCore
import Testing

@Suite struct CATransform3DTests {
    @Test func zRotationMatchesAffine() {
        let t = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let a = CGAffineTransform(rotationAngle: 0.3)
        #expect(abs(t.m11 - a.a) < 1e-15 && abs(t.m12 - a.b) < 1e-15)
        #expect(abs(t.m21 - a.c) < 1e-15 && abs(t.m22 - a.d) < 1e-15)
        #expect(CATransform3DIsAffine(t))
    }

    @Test func concatOrderAndHelpers() {
        let s = CATransform3DMakeScale(2, 2, 1)
        let t = CATransform3DMakeTranslation(10, 0, 0)
        #expect(CATransform3DConcat(s, t).m41 == 10)
        #expect(CATransform3DConcat(t, s).m41 == 20)
        #expect(CATransform3DTranslate(s, 10, 0, 0) == CATransform3DConcat(t, s))
        #expect(CATransform3DScale(t, 2, 2, 1) == CATransform3DConcat(s, t))
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
    }

    @Test func invertAndAffineRoundTrip() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(3, 4, 5), 0.7, 1, 1, 0)
        let product = CATransform3DConcat(t, CATransform3DInvert(t))
        let e = [product.m11, product.m22, product.m33, product.m44]
        #expect(e.allSatisfy { abs($0 - 1) < 1e-12 })
        #expect(abs(product.m41) < 1e-12 && abs(product.m12) < 1e-12)
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(affine)) == affine)
        var singular = CATransform3DIdentity
        singular.m11 = 0
        #expect(CATransform3DInvert(singular) == singular)
    }
}
