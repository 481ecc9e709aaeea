@testable import QuartzCore
import Testing

@Suite struct TransformDecompositionTests {
    private func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-9) -> Bool {
        let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        return zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
    }

    static let samples: [CATransform3D] = {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        var skewed = CATransform3DIdentity
        skewed.m21 = 0.3
        return [
            CATransform3DIdentity,
            CATransform3DMakeTranslation(10, -20, 5),
            CATransform3DMakeScale(2, 0.5, 3),
            CATransform3DMakeScale(-1, 1, 1),
            CATransform3DMakeRotation(0.7, 0, 0, 1),
            CATransform3DMakeRotation(2.5, 1, 2, 3),
            CATransform3DConcat(CATransform3DMakeRotation(1.1, 0, 1, 0), CATransform3DMakeTranslation(4, 5, 6)),
            CATransform3DConcat(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeRotation(-0.4, 1, 0, 0)),
            CATransform3DConcat(perspective, CATransform3DMakeRotation(0.5, 0, 1, 0)),
            skewed,
        ]
    }()

    @Test(arguments: samples) func decomposingAndRecomposingIsTheIdentity(matrix: CATransform3D) {
        let parts = TransformDecomposition(matrix)
        #expect(parts != nil)
        #expect(parts.map { close($0.matrix, matrix) } == true)
    }

    @Test func singularMatricesDoNotDecompose() {
        #expect(TransformDecomposition(CATransform3DMakeScale(0, 1, 1)) == nil)
        var zeroW = CATransform3DIdentity
        zeroW.m44 = 0
        #expect(TransformDecomposition(zeroW) == nil)
    }

    @Test func interpolationSlerpsTheRotation() {
        let a = TransformDecomposition(CATransform3DIdentity)!
        let b = TransformDecomposition(CATransform3DMakeRotation(2, 0, 0, 1))!
        let mid = TransformDecomposition.interpolate(a, b, 0.5).matrix
        #expect(close(mid, CATransform3DMakeRotation(1, 0, 0, 1)))
        let scaled = TransformDecomposition.interpolate(a, TransformDecomposition(CATransform3DMakeScale(3, 3, 1))!, 0.5).matrix
        #expect(close(scaled, CATransform3DMakeScale(2, 2, 1)))
    }

    @Test func eulerAnglesRoundTrip() {
        var parts = TransformDecomposition()
        parts.eulerAngles = SIMD3(0.3, -0.6, 1.2)
        let angles = parts.eulerAngles
        #expect(abs(angles.x - 0.3) < 1e-12 && abs(angles.y + 0.6) < 1e-12 && abs(angles.z - 1.2) < 1e-12)
        // Rx·Ry·Rz applied in that order.
        let expected = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0),
                                                               CATransform3DMakeRotation(-0.6, 0, 1, 0)),
                                           CATransform3DMakeRotation(1.2, 0, 0, 1))
        #expect(close(parts.matrix, expected))
    }
}
