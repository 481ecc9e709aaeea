import Testing
import UIKit

@MainActor
@Suite struct UIImageTests {
    @Test func rendererMakesScaledImages() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 5), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
            #expect(UIGraphicsGetCurrentContext() === context.cgContext)
        }
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.size == CGSize(width: 10, height: 5))
        #expect(image.scale == 2)
        let cg = try #require(image.cgImage)
        #expect(cg.width == 20 && cg.height == 10)
        let pixels = LaminaPixels(cg)
        #expect(pixels[0, 0] == [255, 0, 0, 255])
        #expect(pixels[19, 9] == [0, 0, 0, 0])
    }

    @Test func pngRoundTripAndBadData() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in
            UIColor.blue.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        let data = try #require(image.pngData())
        let decoded = try #require(UIImage(data: data))
        #expect(decoded.cgImage?.width == image.cgImage?.width)
        #expect(UIImage(data: Data([1, 2, 3])) == nil)
        #expect(UIImage(contentsOfFile: "/nonexistent/file.png") == nil)
        #expect(UIImage(named: "definitely-not-an-image-name") == nil)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-test@2x.png").path
        try data.write(to: URL(fileURLWithPath: path))
        let loaded = try #require(UIImage(contentsOfFile: path))
        #expect(loaded.scale == 2)
        #expect(loaded.size == CGSize(width: CGFloat(decoded.cgImage!.width) / 2, height: CGFloat(decoded.cgImage!.height) / 2))
    }

    @Test func imageViewShowsItsImage() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 20)).image { _ in }
        let view = UIImageView(image: image)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 30, height: 20))
        #expect(view.layer.contents as? CGImage === image.cgImage)
        #expect(view.layer.contentsScale == image.scale)
        #expect(!view.isUserInteractionEnabled)
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        #expect(view.layer.contents as? CGImage === image.cgImage)
    }

    @Test func bezierPathDashes() throws {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0.5))
        path.addLine(to: CGPoint(x: 12, y: 0.5))
        path.setLineDash([4, 2], count: 2, phase: 0)
        var count = 0, phase: CGFloat = -1
        var lengths = [CGFloat](repeating: 0, count: 2)
        path.getLineDash(&lengths, count: &count, phase: &phase)
        #expect(lengths == [4, 2] && count == 2 && phase == 0)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 1), format: format).image { _ in
            UIColor.black.setStroke()
            path.stroke()
        }
        let pixels = LaminaPixels(try #require(image.cgImage))
        #expect((0..<12).map { pixels[$0, 0][3] } == [255, 255, 255, 255, 0, 0, 255, 255, 255, 255, 0, 0])
    }

    @Test func bezierPathBasics() {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 5)
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(path.contains(CGPoint(x: 20, y: 10)))
        #expect(!path.contains(CGPoint(x: 0.5, y: 0.5)))
        let arc = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // Clockwise on a y-down screen goes through +y.
        #expect(arc.cgPath.boundingBoxOfPath.minY > -1e-9)
    }
}
