import CoreGraphics
import Testing

@Suite struct CGPathTests {
    private func types(_ path: CGPath) -> [CGPathElementType] {
        var result: [CGPathElementType] = []
        path.applyWithBlock { result.append($0.pointee.type) }
        return result
    }

    @Test func emptyPath() {
        let path = CGMutablePath()
        #expect(path.isEmpty)
        #expect(path.boundingBox.isNull)
        #expect(path.boundingBoxOfPath.isNull)
        #expect(path.currentPoint == .zero)
    }

    @Test func rectIsMoveThreeLinesClose() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(types(path) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(path.boundingBox == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))
        var rect = CGRect.zero
        #expect(path.isRect(&rect))
        #expect(rect == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func ellipseIsFourCurves() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10), transform: nil)
        #expect(types(path) == [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .closeSubpath])
        let box = path.boundingBoxOfPath
        #expect(abs(box.minX) < 1e-9 && abs(box.maxX - 20) < 1e-9 && abs(box.maxY - 10) < 1e-9)
    }

    @Test func boundingBoxIncludesControlPointsButPathBoxDoesNot() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        let tight = path.boundingBoxOfPath
        #expect(abs(tight.height - 5) < 1e-12)
        #expect(tight.width == 10)
    }

    @Test func containsHonoursFillRule() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        path.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        let centre = CGPoint(x: 5, y: 5)
        #expect(path.contains(centre, using: .winding))
        #expect(!path.contains(centre, using: .evenOdd))
        #expect(path.contains(CGPoint(x: 1, y: 1), using: .evenOdd))
        #expect(!path.contains(CGPoint(x: 11, y: 5)))
        #expect(path.contains(CGPoint(x: 15, y: 5), transform: CGAffineTransform(translationX: 10, y: 0)))
        #expect(!path.contains(CGPoint(x: CGFloat.nan, y: 5)))
    }

    @Test func fullCircleArc() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        let box = path.boundingBoxOfPath
        #expect(abs(box.minX - 40) < 1e-9 && abs(box.maxX - 60) < 1e-9)
        #expect(abs(box.minY - 40) < 1e-9 && abs(box.maxY - 60) < 1e-9)
        #expect(abs(path.currentPoint.x - 60) < 1e-9)
    }

    @Test func arcDirection() {
        // Counterclockwise (y-up) quarter from 0 to π/2 passes through +y.
        let ccw = CGMutablePath()
        ccw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(ccw.boundingBoxOfPath.minY > -1e-9)
        // Clockwise from 0 to π/2 goes the long way, through −y.
        let cw = CGMutablePath()
        cw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(cw.boundingBoxOfPath.minY + 10) < 1e-9)
    }

    @Test func tangentArcRoundsACorner() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
        #expect(types(path) == [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        #expect(abs(path.currentPoint.x - 10) < 1e-9 && abs(path.currentPoint.y - 4) < 1e-9)
    }

    @Test func copyIsIndependent() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 5, y: 5)])
        let snapshot = path.copy()!
        path.addLine(to: CGPoint(x: 9, y: 0))
        #expect(snapshot.currentPoint == CGPoint(x: 5, y: 5))
        #expect(snapshot != path)
        #expect(snapshot == snapshot.copy()!)
    }

    @Test func lineWithoutCurrentPointStartsSubpath() {
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 3, y: 4))
        #expect(types(path) == [.moveToPoint])
        #expect(path.currentPoint == CGPoint(x: 3, y: 4))
    }
}
