import QuartzCore
import Testing

private final class EventRecorder: CAAction {
    var events: [String] = []
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        events.append("\(event) \((anObject as? CALayer)?.name ?? "?")")
    }
}

@Suite struct CALayerTreeActionTests {
    @Test func orderInOrderOutAndSublayers() {
        withManualClock { _ in
            let recorder = EventRecorder()
            let parent = committedLayer { $0.name = "parent" }
            let child = committedLayer { $0.name = "child" }
            parent.actions = ["sublayers": recorder]
            child.actions = [kCAOnOrderIn: recorder, kCAOnOrderOut: recorder]
            parent.addSublayer(child)
            #expect(recorder.events == ["onOrderIn child", "sublayers parent"])
            child.removeFromSuperlayer()
            #expect(recorder.events == ["onOrderIn child", "sublayers parent", "onOrderOut child", "sublayers parent"])
            // No implicit animation for tree events.
            #expect(child.animationKeys() == nil && parent.animationKeys() == nil)
        }
    }
}
