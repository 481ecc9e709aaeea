import Foundation

/// A transition between two controllers of a storyboard: made when the segue is triggered
/// (by a control, or `performSegue(withIdentifier:sender:)`), handed to the source's
/// `prepare(for:sender:)`, then performed.
@preconcurrency @MainActor
open class UIStoryboardSegue: NSObject {
    /// The segue's identifier in the storyboard.
    public let identifier: String?
    /// The controller the segue starts from.
    public let source: UIViewController
    /// The controller it leads to.
    public let destination: UIViewController
    private var performHandler: (() -> Void)?

    /// A segue; subclasses override `perform()` to make the transition.
    public required init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        super.init()
    }

    /// A segue whose transition is `performHandler`.
    public convenience init(identifier: String?, source: UIViewController, destination: UIViewController,
                            performHandler: @escaping () -> Void) {
        self.init(identifier: identifier, source: source, destination: destination)
        self.performHandler = performHandler
    }

    /// Makes the transition (a storyboard segue's, by its kind).
    open func perform() {
        performHandler?()
    }
}

/// A segue of one of Interface Builder's kinds.
final class IBSegue: UIStoryboardSegue {
    var kind = "show"
    var animates = true
    var presentationStyle: UIModalPresentationStyle?
    var transitionStyle: UIModalTransitionStyle?

    override func perform() {
        switch kind {
        case "show", "push":
            source.show(destination, sender: nil)
        case "showDetail", "replace":
            source.showDetailViewController(destination, sender: nil)
        default:
            // "presentation", "modal", "popoverPresentation": presented.
            if let presentationStyle { destination.modalPresentationStyle = presentationStyle }
            if let transitionStyle { destination.modalTransitionStyle = transitionStyle }
            source.present(destination, animated: animates)
        }
    }

    required init(identifier: String?, source: UIViewController, destination: UIViewController) {
        super.init(identifier: identifier, source: source, destination: destination)
    }
}

extension UIViewController {
    /// Performs the segue with `identifier` from this controller's scene: the destination is
    /// made, this controller prepares it (`prepare(for:sender:)`), and the segue performs.
    /// Stops the app, as iOS raises, when the scene has no such segue.
    public func performSegue(withIdentifier identifier: String, sender: Any?) {
        guard let source = storyboardSource, let segue = source.segue(identifier: identifier) else {
            fatalError("Receiver (\(self)) has no segue with identifier '\(identifier)'")
        }
        perform(segue, sender: sender)
    }

    /// Runs a segue element from this controller's scene.
    func perform(_ element: IBElement, sender: Any?) {
        guard let source = storyboardSource else { return }
        let kind = element["kind"] ?? "show"
        if kind == "unwind" {
            unwind(element, sender: sender)
            return
        }
        guard let id = element["destination"], let destinationElement = source.document.elements[id] else { return }
        let load = IBLoad(document: source.document, bundle: source.bundle, storyboard: source.storyboard)
        guard let destination = load.instantiate(destinationElement) as? UIViewController else { return }
        load.finish()
        let segue: UIStoryboardSegue
        if kind == "custom" {
            let type = element["customClass"].flatMap { name in
                (element["customModule"].flatMap { _typeByName($0 + "." + name) } ?? AppBundle.lookUpClass(named: name, module: IBLoad.appModule))
                    as? UIStoryboardSegue.Type
            }
            guard let type else {
                ConsoleLog.report("[Interface Builder] The custom segue's class \(element["customClass"] ?? "(none)") is not loaded.")
                return
            }
            segue = type.init(identifier: element["identifier"], source: self, destination: destination)
        } else {
            let made = IBSegue(identifier: element["identifier"], source: self, destination: destination)
            made.kind = kind
            made.animates = element["animates"] != "NO"
            made.presentationStyle = element["modalPresentationStyle"].flatMap { IBSegue.presentationStyles[$0] }
            made.transitionStyle = element["modalTransitionStyle"].flatMap { IBSegue.transitionStyles[$0] }
            segue = made
        }
        prepare(for: segue, sender: sender)
        segue.perform()
    }

    /// An unwind segue: the controllers from this one back are searched (the parent chain, then
    /// the presenting controllers) for one that registered the unwind action and can perform
    /// it; this one prepares the segue, the way back is cleared (dismissing what the target
    /// presented, popping to it), and the target's action runs.
    private func unwind(_ element: IBElement, sender: Any?) {
        guard let action = element["unwindAction"] else { return }
        var candidate: UIViewController? = parent ?? presentingViewController
        var target: UIViewController?
        while let current = candidate {
            if StoryboardActions.action(named: action, of: current) != nil,
               current.canPerformUnwindSegueAction(action, from: self, sender: sender) {
                target = current
                break
            }
            if let navigation = current as? UINavigationController,
               let inStack = navigation.viewControllers.reversed().first(where: {
                   $0 !== self && StoryboardActions.action(named: action, of: $0) != nil
                       && $0.canPerformUnwindSegueAction(action, from: self, sender: sender)
               }) {
                target = inStack
                break
            }
            candidate = current.parent ?? current.presentingViewController
        }
        guard let target else {
            ConsoleLog.report("[Interface Builder] No controller on the way back registered the unwind action \(action).")
            return
        }
        let segue = UIStoryboardSegue(identifier: element["identifier"], source: self, destination: target)
        prepare(for: segue, sender: sender)
        if target.presentedViewController != nil { target.dismiss(animated: true) }
        if let navigation = target.navigationController, navigation.viewControllers.contains(where: { $0 === target }) {
            _ = navigation.popToViewController(target, animated: true)
        }
        StoryboardActions.action(named: action, of: target)?(segue)
    }
}

extension IBSource {
    /// The segue with `identifier` anywhere in the scene (the controller's own, or a control's).
    func segue(identifier: String) -> IBElement? {
        var pending = [element]
        while let next = pending.popLast() {
            if next.name == "segue", next["identifier"] == identifier, next["kind"] != "relationship" { return next }
            pending.append(contentsOf: next.children)
        }
        return nil
    }
}

extension IBSegue {
    static let presentationStyles: [String: UIModalPresentationStyle] = [
        "fullScreen": .fullScreen, "pageSheet": .pageSheet, "formSheet": .formSheet, "currentContext": .currentContext,
        "overFullScreen": .overFullScreen, "overCurrentContext": .overCurrentContext, "automatic": .automatic,
    ]
    static let transitionStyles: [String: UIModalTransitionStyle] = [
        "coverVertical": .coverVertical, "flipHorizontal": .flipHorizontal, "crossDissolve": .crossDissolve,
        "partialCurl": .partialCurl,
    ]
}
