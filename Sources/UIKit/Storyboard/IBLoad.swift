import Foundation

/// One load of objects from an Interface Builder document: a storyboard scene's controller,
/// a controller's view, or a nib's top-level objects. Objects are made depth first (a view's
/// `init?(coder:)` makes its subviews); the load records every object by id, and once the tree
/// is built makes the constraints, connects outlets and actions, and sends `awakeFromNib`.
@MainActor
final class IBLoad {
    let document: IBDocument
    let bundle: Bundle
    /// The storyboard the load is from (segues and relationship controllers need it).
    weak var storyboard: UIStoryboard?
    /// The scene's controller when the load builds its view (segues start from it).
    weak var sceneController: UIViewController?
    /// Objects by their id; placeholders (a nib's owner, a scene's controller when its view is
    /// loaded) are put here before the load starts.
    var objects: [String: AnyObject] = [:]
    /// Objects made by this load, in the order they were made, with their elements.
    private(set) var made: [(object: AnyObject, element: IBElement)] = []
    /// Constraints to make: the view whose `<constraints>` holds them, and the element.
    private var constraints: [(owner: UIView, element: IBElement)] = []
    /// `<connections>` to make, with their source object.
    private var connections: [(source: AnyObject, element: IBElement)] = []

    init(document: IBDocument, bundle: Bundle, storyboard: UIStoryboard?) {
        self.document = document
        self.bundle = bundle
        self.storyboard = storyboard
    }

    /// The module that classes named with `customModuleProvider="target"` (or no module) are
    /// looked for in: the app delegate's.
    static var appModule: String? {
        UIApplication.instance?.ownedDelegate.flatMap { AppBundle.module(of: type(of: $0)) }
    }

    /// UIKit's class for an element name.
    private static let defaultClasses: [String: AnyClass] = [
        "view": UIView.self, "label": UILabel.self, "button": UIButton.self, "imageView": UIImageView.self,
        "stackView": UIStackView.self, "scrollView": UIScrollView.self, "viewController": UIViewController.self,
        "navigationController": UINavigationController.self, "containerView": UIView.self,
        "tableView": UITableView.self, "tableViewCell": UITableViewCell.self, "tableViewController": UITableViewController.self,
        "collectionView": UICollectionView.self, "collectionViewCell": UICollectionViewCell.self,
        "collectionReusableView": UICollectionReusableView.self, "collectionViewController": UICollectionViewController.self,
        "tableViewCellContentView": UIView.self, "collectionViewCellContentView": UIView.self,
        "switch": UISwitch.self, "slider": UISlider.self, "stepper": UIStepper.self, "segmentedControl": UISegmentedControl.self,
        "progressView": UIProgressView.self, "activityIndicatorView": UIActivityIndicatorView.self, "pageControl": UIPageControl.self,
        "textField": UITextField.self, "textView": UITextView.self, "datePicker": UIDatePicker.self,
        "visualEffectView": UIVisualEffectView.self, "toolbar": UIToolbar.self, "pageViewController": UIPageViewController.self,
        "tabBarController": UITabBarController.self, "splitViewController": UISplitViewController.self,
        "navigationBar": UINavigationBar.self, "tabBar": UITabBar.self,
    ]

    /// The class an element asks for: its `customClass` (in `customModule`, else the app's
    /// module, else UIKit), else UIKit's class for the element. Nil, with a message, for an
    /// unknown class or element.
    func objectClass(for element: IBElement) -> AnyClass? {
        if let custom = element["customClass"] {
            let module = element["customModule"] ?? IBLoad.appModule
            if let module, let found = _typeByName(module + "." + custom) as? AnyClass { return found }
            if let found = AppBundle.lookUpClass(named: custom, module: IBLoad.appModule) { return found }
            ConsoleLog.report("Unknown class \(custom) in Interface Builder file.")
            // iOS makes the element's UIKit class instead, and says so.
        }
        guard let found = IBLoad.defaultClasses[element.name] else {
            ConsoleLog.report("[Interface Builder] \(document.url.lastPathComponent) line \(element.line): <\(element.name)> "
                              + "objects are not supported yet; skipped.")
            return nil
        }
        return found
    }

    /// Makes the object an element describes (its subtree with it), through its class's
    /// `init?(coder:)`. Nil when the class is unknown or refuses.
    func instantiate(_ element: IBElement) -> AnyObject? {
        if element.name.hasSuffix("GestureRecognizer") { return makeGestureRecognizer(element) }
        guard let type = objectClass(for: element) as? UIResponder.Type else { return nil }
        guard let object = type.init(coder: IBCoder(element: element, load: self)) else {
            ConsoleLog.report("[Interface Builder] \(String(reflecting: type)).init(coder:) returned nil for "
                              + "\(document.url.lastPathComponent) line \(element.line).")
            return nil
        }
        return object
    }

    /// Records an object made from `element` (called by the UIKit classes' `init?(coder:)`). A
    /// controller's connections wait for its view (`addConnections(of:_:)`).
    func register(_ object: AnyObject, for element: IBElement) {
        if let id = element["id"] { objects[id] = object }
        made.append((object, element))
        if !(object is UIViewController), let connections = element.child("connections") {
            self.connections.append((object, connections))
        }
    }

    /// Records a controller's connections, once its view is being loaded.
    func addConnections(of controller: UIViewController, _ element: IBElement) {
        if let connections = element.child("connections") { self.connections.append((controller, connections)) }
    }

    /// Records the `<connections>` of a placeholder (a nib's File's Owner) standing for `source`.
    func addConnections(source: AnyObject, _ connections: IBElement) {
        self.connections.append((source, connections))
    }

    /// Records a view's constraints for after the tree is built.
    func registerConstraints(of view: UIView, _ element: IBElement) {
        for constraint in element.child("constraints")?.children(named: "constraint") ?? [] {
            constraints.append((view, constraint))
        }
    }

    /// Makes the constraints, connects the outlets and actions, then sends `awakeFromNib` to
    /// every object made, in the order they were made.
    func finish() {
        for (owner, element) in constraints { makeConstraint(element, owner: owner) }
        for (object, element) in made {
            if let object = object as? NSObject { IBCoder(element: element, load: self).decodeRuntimeAttributes(object) }
        }
        var collections: [ObjectIdentifier: (source: AnyObject, values: [String: [AnyObject]], order: [String])] = [:]
        for (source, element) in connections {
            for connection in element.children {
                switch connection.name {
                case "outlet":
                    guard let property = connection["property"], let destination = connection["destination"] else { continue }
                    guard let value = objects[destination] else {
                        ConsoleLog.report("[Interface Builder] The outlet \(property) of \(String(reflecting: type(of: source))) "
                                          + "points to an object that is not in this load.")
                        continue
                    }
                    if !UIKitOutlets.set(property, of: source, to: value) {
                        OutletWriter.set(property, of: source, to: value, file: document.url.lastPathComponent)
                    }
                case "outletCollection":
                    guard let property = connection["property"], let destination = connection["destination"],
                          let value = objects[destination] else { continue }
                    var entry = collections[ObjectIdentifier(source)] ?? (source, [:], [])
                    if entry.values[property] == nil { entry.order.append(property) }
                    entry.values[property, default: []].append(value)
                    collections[ObjectIdentifier(source)] = entry
                case "action":
                    connectAction(connection, source: source)
                case "segue":
                    connectSegue(connection, source: source)
                default:
                    continue
                }
            }
        }
        for entry in collections.values {
            for property in entry.order {
                // A view's recognizers are added to it (iOS's outlet collection appends).
                if property == "gestureRecognizers", let view = entry.source as? UIView {
                    for case let recognizer as UIGestureRecognizer in entry.values[property] ?? [] { view.addGestureRecognizer(recognizer) }
                    continue
                }
                OutletWriter.set(property, of: entry.source, to: entry.values[property] ?? [], file: document.url.lastPathComponent)
            }
        }
        for (object, _) in made {
            (object as? UIResponder)?.awakeFromNib()
        }
    }

    /// An action from a control, bar button item or gesture recognizer to the method its
    /// target registered for the selector.
    private func connectAction(_ connection: IBElement, source: AnyObject) {
        guard let selector = connection["selector"], let destination = connection["destination"],
              let target = objects[destination] else { return }
        let what: String
        switch source {
        case is UIGestureRecognizer: what = "gesture recognizer"
        case is UIBarButtonItem: what = "bar button item"
        case is UIControl: what = "control"
        default: return
        }
        guard let action = StoryboardActions.action(named: selector, of: target) else {
            ConsoleLog.report("[Interface Builder] \(String(reflecting: type(of: target))) has no action \(selector) registered "
                              + "(StoryboardActions.register); the \(what)'s action is not connected.")
            return
        }
        switch source {
        case let recognizer as UIGestureRecognizer:
            recognizer.addHandler { action($0) }
        case let item as UIBarButtonItem:
            item.setStoryboardAction { [weak item] in action(item) }
        case let control as UIControl:
            let events = IBLoad.controlEvents[connection["eventType"] ?? "touchUpInside"] ?? .touchUpInside
            control.addAction(UIAction { [weak control] _ in action(control) }, for: events)
        default:
            break
        }
    }

    /// A segue from a control (performed when the control is used, if the controller agrees) or
    /// an embed segue from a container view (performed now: the child fills the container).
    private func connectSegue(_ segue: IBElement, source: AnyObject) {
        guard let controller = sceneController else { return }
        if segue["kind"] == "embed", let container = source as? UIView {
            guard let id = segue["destination"], let element = document.elements[id] else { return }
            let nested = IBLoad(document: document, bundle: bundle, storyboard: storyboard)
            guard let child = nested.instantiate(element) as? UIViewController else { return }
            nested.finish()
            controller.prepare(for: UIStoryboardSegue(identifier: segue["identifier"], source: controller, destination: child), sender: nil)
            controller.addChild(child)
            child.view.frame = container.bounds
            child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            container.addSubview(child.view)
            child.didMove(toParent: controller)
            return
        }
        if let cell = source as? UITableViewCell {
            if segue["trigger"] == "accessoryAction" {
                cell.accessorySegue = IBSegueTrigger(element: segue, controller: controller)
            } else {
                cell.selectionSegue = IBSegueTrigger(element: segue, controller: controller)
            }
            return
        }
        if let cell = source as? UICollectionViewCell {
            cell.selectionSegue = IBSegueTrigger(element: segue, controller: controller)
            return
        }
        guard let control = source as? UIControl else { return }
        let events: UIControl.Event = control is UIButton ? .touchUpInside : .primaryActionTriggered
        control.addAction(UIAction { [weak controller, weak control] _ in
            guard let controller else { return }
            if let identifier = segue["identifier"], !controller.shouldPerformSegue(withIdentifier: identifier, sender: control) { return }
            controller.perform(segue, sender: control)
        }, for: events)
    }

    private static let controlEvents: [String: UIControl.Event] = [
        "touchDown": .touchDown, "touchDownRepeat": .touchDownRepeat, "touchDragInside": .touchDragInside,
        "touchDragOutside": .touchDragOutside, "touchDragEnter": .touchDragEnter, "touchDragExit": .touchDragExit,
        "touchUpInside": .touchUpInside, "touchUpOutside": .touchUpOutside, "touchCancel": .touchCancel,
        "valueChanged": .valueChanged, "primaryActionTriggered": .primaryActionTriggered, "editingDidBegin": .editingDidBegin,
        "editingChanged": .editingChanged, "editingDidEnd": .editingDidEnd, "editingDidEndOnExit": .editingDidEndOnExit,
    ]

    private static let attributes: [String: NSLayoutConstraint.Attribute] = [
        "left": .left, "right": .right, "top": .top, "bottom": .bottom, "leading": .leading, "trailing": .trailing,
        "width": .width, "height": .height, "centerX": .centerX, "centerY": .centerY, "lastBaseline": .lastBaseline,
        "baseline": .lastBaseline, "firstBaseline": .firstBaseline, "leftMargin": .leftMargin, "rightMargin": .rightMargin,
        "topMargin": .topMargin, "bottomMargin": .bottomMargin, "leadingMargin": .leadingMargin,
        "trailingMargin": .trailingMargin, "centerXWithinMargins": .centerXWithinMargins,
        "centerYWithinMargins": .centerYWithinMargins,
    ]

    /// A `<constraint>`: items by id (the owning view where `firstItem` is left out), the
    /// relation, multiplier (`2:1` or `0.5`), constant, priority and identifier; active.
    private func makeConstraint(_ element: IBElement, owner: UIView) {
        guard let firstName = element["firstAttribute"], let firstAttribute = IBLoad.attributes[firstName] else { return }
        let first: AnyObject = element["firstItem"].flatMap { objects[$0] } ?? owner
        let secondAttribute = element["secondAttribute"].flatMap { IBLoad.attributes[$0] } ?? .notAnAttribute
        var second: AnyObject?
        if let id = element["secondItem"] {
            guard let found = objects[id] else { return }
            second = found
        } else if secondAttribute != .notAnAttribute {
            second = owner
        }
        let relation: NSLayoutConstraint.Relation
        switch element["relation"] {
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case "lessThanOrEqual": relation = .lessThanOrEqual
        default: relation = .equal
        }
        var multiplier: CGFloat = 1
        if let text = element["multiplier"] {
            let parts = text.split(separator: ":").compactMap { Double($0) }
            if parts.count == 2, parts[1] != 0 { multiplier = CGFloat(parts[0] / parts[1]) } else if let value = parts.first { multiplier = CGFloat(value) }
        }
        let constant = element["constant"].flatMap(Double.init).map { CGFloat($0) } ?? 0
        let constraint = NSLayoutConstraint(item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
                                            attribute: secondAttribute, multiplier: multiplier, constant: constant)
        if let priority = element["priority"].flatMap(Float.init) { constraint.priority = UILayoutPriority(priority) }
        constraint.identifier = element["identifier"]
        if let id = element["id"] { objects[id] = constraint }
        constraint.isActive = true
    }
}
