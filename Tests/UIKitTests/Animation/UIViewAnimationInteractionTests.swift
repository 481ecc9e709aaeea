import Testing
import UIKit

@MainActor
@Suite struct UIViewAnimationInteractionTests {
    @Test func animatingViewsTakeNoTouchesUnlessAllowed() {
        withManualClock { clock in
            let root = committedView(CGRect(x: 0, y: 0, width: 200, height: 200))
            let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            root.addSubview(child)
            CATransaction.flush()
            UIView.animate(withDuration: 1) { child.alpha = 0.5 }
            CATransaction.flush()
            #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === root)
            clock.advance(by: 1)
            #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === child)
            UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { child.alpha = 1 })
            CATransaction.flush()
            #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === child)
        }
    }

    /// On the main queue an implicit transaction commits at the end of the run-loop turn.
    @Test func implicitTransactionsCommitAtTheEndOfTheTurn() async {
        let layer = CALayer()
        #expect(layer.presentation() == nil)
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
        #expect(layer.presentation() != nil)
    }
}
