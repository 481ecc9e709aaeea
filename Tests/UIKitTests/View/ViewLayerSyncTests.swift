import Testing
import UIKit

private final class TracingLayer: CALayer {}

private final class TracingView: UIView {
    override class var layerClass: AnyClass { TracingLayer.self }
}

@MainActor
@Suite struct ViewLayerSyncTests {
    /// The article's first example: changing the layer changes the view, and back.
    @Test func aViewsLayerDrawsAtTheScreensScale() {
        // iOS gives a view's layer the main screen's scale; a standalone layer keeps 1.
        #expect(UIView().layer.contentsScale == UIScreen.main.scale)
        #expect(UILabel().layer.contentsScale == UIScreen.main.scale)
        #expect(CALayer().contentsScale == 1)
    }

    @Test func layerChangesShowThroughTheView() {
        let view = UIView(frame: CGRect(x: 44, y: 44, width: 302, height: 300))
        view.backgroundColor = .red
        view.layer.backgroundColor = UIColor.orange.cgColor
        #expect(view.backgroundColor?.cgColor.components == [1, 0.5, 0, 1])
        #expect(view.layer.backgroundColor?.components == [1, 0.5, 0, 1])
        #expect(view.backgroundColor?.description == "UIExtendedSRGBColorSpace 1 0.5 0 1")
        view.layer.frame.origin.y = 100
        #expect(view.frame.origin.y == 100)
        #expect(view.layer.frame.origin.y == 100)
    }

    @Test func geometryIsTheLayers() {
        let view = UIView(frame: CGRect(x: 40, y: 60, width: 120, height: 80))
        #expect(view.center == CGPoint(x: 100, y: 100))
        #expect(view.layer.position == view.center)
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 120, height: 80))
        view.center = CGPoint(x: 0, y: 0)
        #expect(view.layer.position == .zero)
        #expect(view.frame == CGRect(x: -60, y: -40, width: 120, height: 80))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(view.layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 2))
        view.alpha = 0.25
        #expect(view.layer.opacity == 0.25)
        view.isHidden = true
        #expect(view.layer.isHidden)
        view.clipsToBounds = true
        #expect(view.layer.masksToBounds)
    }

    /// anchorPoint arithmetic of the article on a view.
    @Test func anchorPointMovesTheFrameNotThePosition() {
        let redView = UIView(frame: CGRect(x: 40, y: 60, width: 120, height: 80))
        #expect(redView.layer.position == CGPoint(x: 100, y: 100))
        #expect(redView.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        redView.layer.anchorPoint = CGPoint(x: 0, y: 1)
        #expect(redView.layer.position == CGPoint(x: 100, y: 100))
        #expect(redView.frame.origin == CGPoint(x: 100, y: 20))
        #expect(redView.center == CGPoint(x: 100, y: 100))
    }

    @Test func viewIsItsLayersDelegateAndLayerClassPicksTheClass() {
        let view = TracingView()
        #expect(view.layer is TracingLayer)
        #expect(view.layer.delegate === view)
        let plain = UIView()
        #expect(plain.layer.delegate === plain)
        // A view's layer has no implicit actions.
        #expect(view.layer.action(forKey: "opacity") == nil)
    }

    @Test func contentModeSetsGravity() {
        let view = UIView()
        #expect(view.contentMode == .scaleToFill)
        view.contentMode = .scaleAspectFit
        #expect(view.layer.contentsGravity == .resizeAspect)
        view.contentMode = .top
        #expect(view.layer.contentsGravity == .bottom)
        view.contentMode = .redraw
        #expect(view.layer.needsDisplayOnBoundsChange)
    }
}
