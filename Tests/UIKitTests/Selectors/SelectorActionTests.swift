import Foundation
import Testing
@testable import UIKit

/// A screen written as iOS code writes it, `#selector` carried over as the `lamina` command
/// carries it (`Selector("didTap:")`), its methods registered as the command registers them.
private final class ComposeController: UIViewController {
    let sendButton = UIButton(type: .system)
    let saveButton = UIButton(type: .system)
    var events: [String] = []
    var refuseSave = false

    func didTap(_ sender: UIButton) { events.append("didTap \(sender === sendButton)") }
    func didTapWithEvent(_ sender: UIButton, _ event: UIEvent?) { events.append("didTap:forEvent: \(sender === sendButton)") }
    func reset() { events.append("reset") }
    func save(_ sender: Any?) { events.append("save \(sender is UIButton)") }
    func handleTap(_ recognizer: UITapGestureRecognizer) { events.append("tap \(recognizer.state == .ended)") }
    func done(_ item: UIBarButtonItem) { events.append("done \(item.title ?? "-")") }
    func step(_ link: CADisplayLink) { events.append("step") }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        if action == Selector("save:") && refuseSave { return false }
        return super.canPerformAction(action, withSender: sender)
    }

    static func registerSelectors() {
        SelectorTable.register("didTap:", on: ComposeController.self) { (c: ComposeController, sender: Any?) in c.didTap(sender as! UIButton) }
        SelectorTable.register("didTap:forEvent:", on: ComposeController.self) { (c: ComposeController, sender: Any?, event: Any?) in
            c.didTapWithEvent(sender as! UIButton, event as? UIEvent)
        }
        SelectorTable.register("reset", on: ComposeController.self) { $0.reset() }
        SelectorTable.register("save:", on: ComposeController.self) { (c: ComposeController, sender: Any?) in c.save(sender) }
        SelectorTable.register("handleTap:", on: ComposeController.self) { (c: ComposeController, sender: Any?) in
            c.handleTap(sender as! UITapGestureRecognizer)
        }
        SelectorTable.register("done:", on: ComposeController.self) { (c: ComposeController, sender: Any?) in c.done(sender as! UIBarButtonItem) }
        SelectorTable.register("step:", on: ComposeController.self) { (c: ComposeController, sender: Any?) in c.step(sender as! CADisplayLink) }
    }
}

/// The window's root: it saves when no one below it does.
private final class RootController: UINavigationController {
    var saved = 0
    func save(_ sender: Any?) { saved += 1 }
}

@MainActor
@Suite struct SelectorActionTests {
    init() {
        ComposeController.registerSelectors()
        SelectorTable.register("save:", on: RootController.self) { (c: RootController, sender: Any?) in c.save(sender) }
    }

    @Test func controlsSendTheirSelectorsToTheirTargets() {
        let controller = ComposeController()
        let button = controller.sendButton
        button.addTarget(controller, action: Selector("didTap:"), for: .touchUpInside)
        button.addTarget(controller, action: Selector("didTap:forEvent:"), for: .touchUpInside)
        button.addTarget(controller, action: Selector("reset"), for: .valueChanged)
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .valueChanged)
        #expect(controller.events == ["didTap true", "didTap:forEvent: true", "reset"])
        #expect(button.actions(forTarget: controller, forControlEvent: .touchUpInside) == ["didTap:", "didTap:forEvent:"])
        #expect(button.allTargets == [AnyHashable(controller)])
        button.removeTarget(controller, action: Selector("didTap:forEvent:"), for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(controller.events.suffix(1) == ["didTap true"])
        button.removeTarget(controller, action: nil, for: .allEvents)
        #expect(button.actions(forTarget: controller, forControlEvent: .touchUpInside) == nil)
        #expect(button.allControlEvents.isEmpty)
    }

    @Test func aNilTargetFindsTheFirstResponderUpTheChainThatCanPerform() {
        let compose = ComposeController()
        let root = RootController(rootViewController: compose)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = root
        window.makeKeyAndVisible()
        defer { window.isHidden = true }
        compose.view.addSubview(compose.saveButton)
        compose.saveButton.addTarget(nil, action: Selector("save:"), for: .touchUpInside)
        // The responder chain's target is NSNull (compared by type: Foundation on Linux hashes
        // each NSNull instance apart, where Apple's is one shared object).
        #expect(compose.saveButton.allTargets.count == 1 && compose.saveButton.allTargets.first?.base is NSNull)
        compose.saveButton.sendActions(for: .touchUpInside)
        #expect(compose.events == ["save true"], "the button's view controller is on its chain")
        compose.refuseSave = true
        compose.saveButton.sendActions(for: .touchUpInside)
        #expect(root.saved == 1, "refused below: the navigation controller above performs it")
        #expect(UIApplication.shared.sendAction(Selector("save:"), to: nil, from: compose.saveButton, for: nil))
        #expect(root.saved == 2)
        #expect(!UIApplication.shared.sendAction(Selector("archive:"), to: nil, from: compose.saveButton, for: nil))
        #expect(compose.target(forAction: Selector("save:"), withSender: nil) as AnyObject? === root)
    }

    @Test func gestureRecognizersSendTheirSelectors() {
        let controller = ComposeController()
        let clock = CAMediaClock(manualTime: 1000)
        clock.withCurrent {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = controller
            window.makeKeyAndVisible()
            let tap = UITapGestureRecognizer(target: controller, action: Selector("handleTap:"))
            controller.view.addGestureRecognizer(tap)
            window.layoutIfNeeded()
            window.tap(at: CGPoint(x: 100, y: 300))
            tap.removeTarget(controller, action: Selector("handleTap:"))
            window.tap(at: CGPoint(x: 100, y: 300))
            window.isHidden = true
        }
        #expect(controller.events == ["tap true"])
    }

    @Test func barButtonItemsAndDisplayLinksSendTheirSelectors() {
        let controller = ComposeController()
        let item = UIBarButtonItem(title: "Done", style: .done, target: controller, action: Selector("done:"))
        #expect(item.action == Selector("done:") && item.target === controller)
        item.perform(from: nil)
        let system = UIBarButtonItem(barButtonSystemItem: .save, target: controller, action: Selector("done:"))
        system.perform(from: nil)
        #expect(controller.events == ["done Done", "done \(system.title ?? "-")"])

        let clock = CAMediaClock(manualTime: 0)
        clock.withCurrent {
            let link = CADisplayLink(target: controller, selector: Selector("step:"))
            link.add(to: .main, forMode: .common)
            clock.advance(by: 1.0 / 60)
            clock.advance(by: 1.0 / 60)
            link.invalidate()
            clock.advance(by: 1.0 / 60)
        }
        #expect(controller.events.filter { $0 == "step" }.count == 2)
    }
}

/// A view whose inspectable property Interface Builder sets by key.
private final class RoundedView: UIView {
    var cornerRadius: CGFloat = 0 { didSet { layer.cornerRadius = cornerRadius } }

    static func registerAccessors() {
        SelectorTable.register("cornerRadius", on: RoundedView.self, returning: { view, _ in view.cornerRadius })
        SelectorTable.register("setCornerRadius:", on: RoundedView.self) { (view: RoundedView, value: Any?) in
            view.cornerRadius = CGFloat((value as? NSNumber)?.doubleValue ?? 0)
        }
    }
}

@MainActor
@Suite struct KeyValueAccessorTests {
    @Test func keyValueCodingFindsRegisteredAccessors() {
        RoundedView.registerAccessors()
        let view = RoundedView()
        view.setValue(NSNumber(value: 12), forKey: "cornerRadius")
        #expect(view.cornerRadius == 12 && view.layer.cornerRadius == 12)
        #expect(view.value(forKey: "cornerRadius") as? CGFloat == 12)
        view.setValue(NSNumber(value: 0.5), forKeyPath: "alpha")
        #expect(view.alpha == 0.5, "the view's own keys still come first")
    }
}
