import QuartzCore
import Testing

private struct NamedAction: CAAction {
    let name: String
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

private final class ActionDelegate: NSObject, CALayerDelegate {
    var answer: (any CAAction)?
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { answer }
}

private final class DefaultingLayer: CALayer {
    override class func defaultAction(forKey event: String) -> (any CAAction)? {
        event == "opacity" ? NamedAction(name: "class") : nil
    }
}

@Suite struct CALayerActionTests {
    private func name(_ action: (any CAAction)?) -> String? { (action as? NamedAction)?.name }

    @Test func searchOrder() {
        let layer = DefaultingLayer()
        #expect(name(layer.action(forKey: "opacity")) == "class")
        // Animatable keys end the search with the implicit animation; other keys with nothing.
        #expect((layer.action(forKey: "bounds") as? CABasicAnimation)?.keyPath == "bounds")
        #expect(layer.action(forKey: "notAProperty") == nil)
        layer.actions = ["opacity": NamedAction(name: "dictionary")]
        #expect(name(layer.action(forKey: "opacity")) == "dictionary")
        let delegate = ActionDelegate()
        layer.delegate = delegate
        #expect(name(layer.action(forKey: "opacity")) == "dictionary")
        delegate.answer = NamedAction(name: "delegate")
        #expect(name(layer.action(forKey: "opacity")) == "delegate")
    }

    @Test func nullStopsTheSearch() {
        let layer = DefaultingLayer()
        layer.actions = ["opacity": NSNull()]
        #expect(layer.action(forKey: "opacity") == nil)
        layer.actions = nil
        let delegate = ActionDelegate()
        delegate.answer = NSNull()
        layer.delegate = delegate
        #expect(layer.action(forKey: "opacity") == nil)
    }
}
