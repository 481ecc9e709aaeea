import Testing
import UIKit

@MainActor
@Suite struct UIViewTransitionTests {
    @Test func crossDissolveCapturesTheOldRendering() {
        withManualClock { clock in
            let container = committedView(CGRect(x: 0, y: 0, width: 20, height: 20))
            container.backgroundColor = .red
            CATransaction.flush()
            var finished: Bool?
            UIView.transition(with: container, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
                container.backgroundColor = .blue
            }, completion: { finished = $0 })
            CATransaction.flush()
            #expect(container.layer.animationKeys() == [kCATransition])
            clock.advance(by: 0.5)
            let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: {
                let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f
            }()).image { context in container.layer.presentation()!.render(in: context.cgContext) }
            let pixel = image.cgImage!.dataProvider!.data! as Data
            #expect(abs(Int(pixel[0]) - 128) <= 1 && abs(Int(pixel[2]) - 128) <= 1)
            clock.advance(by: 0.5)
            #expect(finished == true)
        }
    }

    @Test func transitionFromViewToView() {
        withManualClock { clock in
            let container = committedView()
            let first = UIView(frame: container.bounds), second = UIView(frame: container.bounds)
            container.addSubview(first)
            CATransaction.flush()
            var done = false
            UIView.transition(from: first, to: second, duration: 0.5, options: .transitionFlipFromLeft) { done = $0 }
            CATransaction.flush()
            #expect(container.subviews.count == 1 && container.subviews.first === second)
            #expect(first.superview == nil)
            clock.advance(by: 0.5)
            #expect(done)
        }
    }
}
