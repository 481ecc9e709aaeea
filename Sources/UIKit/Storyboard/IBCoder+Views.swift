import Foundation

/// The Interface Builder attributes of UIKit's views and controllers, applied in their
/// `init?(coder:)` (a class's own attributes after its superclass's, as iOS decodes them).
@MainActor
extension IBCoder {
    private static let contentModes: [String: UIView.ContentMode] = [
        "scaleToFill": .scaleToFill, "scaleAspectFit": .scaleAspectFit, "scaleAspectFill": .scaleAspectFill,
        "redraw": .redraw, "center": .center, "top": .top, "bottom": .bottom, "left": .left, "right": .right,
        "topLeft": .topLeft, "topRight": .topRight, "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
    ]

    /// What every view has: geometry, autoresizing, appearance, priorities, accessibility, layout
    /// guides, subviews (made now, depth first) and constraints (made when the load finishes).
    func decodeView(_ view: UIView) {
        load.register(view, for: element)
        if let frame = rect("frame") { view.frame = frame }
        if let mask = element.child("autoresizingMask", key: "autoresizingMask") {
            var flags: UIView.AutoresizingMask = []
            let names: [(String, UIView.AutoresizingMask)] = [
                ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
                ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
            ]
            for (name, flag) in names where mask[name] == "YES" { flags.insert(flag) }
            view.autoresizingMask = flags
        }
        if let translates = bool("translatesAutoresizingMaskIntoConstraints") { view.translatesAutoresizingMaskIntoConstraints = translates }
        if let mode = string("contentMode").flatMap({ IBCoder.contentModes[$0] }) { view.contentMode = mode }
        if let opaque = bool("opaque") { view.isOpaque = opaque }
        if let clips = bool("clipsSubviews") { view.clipsToBounds = clips }
        // A nib stores only a disabled flag: without `userInteractionEnabled="NO"` a view —
        // a label or image view too, whose code default is off — takes touches (Interface
        // Builder writes the attribute for the labels and image views it leaves disabled).
        view.isUserInteractionEnabled = bool("userInteractionEnabled") ?? true
        if let hidden = bool("hidden") { view.isHidden = hidden }
        if let alpha = number("alpha") { view.alpha = alpha }
        if let tag = int("tag") { view.tag = tag }
        if let multiple = bool("multipleTouchEnabled") { view.isMultipleTouchEnabled = multiple }
        if let insets = bool("insetsLayoutMarginsFromSafeArea") { view.insetsLayoutMarginsFromSafeArea = insets }
        if let color = color("backgroundColor") { view.backgroundColor = color }
        if let color = color("tintColor") { view.tintColor = color }
        if let margins = element.child("edgeInsets", key: "layoutMargins") {
            func value(_ name: String) -> CGFloat { margins[name].flatMap(Double.init).map { CGFloat($0) } ?? 0 }
            view.layoutMargins = UIEdgeInsets(top: value("top"), left: value("left"), bottom: value("bottom"), right: value("right"))
        }
        let priorities: [(String, NSLayoutConstraint.Axis, Bool)] = [
            ("horizontalHuggingPriority", .horizontal, true), ("verticalHuggingPriority", .vertical, true),
            ("horizontalCompressionResistancePriority", .horizontal, false), ("verticalCompressionResistancePriority", .vertical, false),
        ]
        for (name, axis, hugging) in priorities {
            guard let value = number(name) else { continue }
            if hugging {
                view.setContentHuggingPriority(UILayoutPriority(Float(value)), for: axis)
            } else {
                view.setContentCompressionResistancePriority(UILayoutPriority(Float(value)), for: axis)
            }
        }
        if let accessibility = element.child("accessibility", key: "accessibilityConfiguration") {
            if let identifier = accessibility["identifier"] { view.accessibilityIdentifier = identifier }
            if let label = accessibility["label"] { view.accessibilityLabel = label }
            if let hint = accessibility["hint"] { view.accessibilityHint = hint }
        }
        for guide in element.children(named: "viewLayoutGuide") {
            guard let id = guide["id"] else { continue }
            switch guide["key"] {
            case "safeArea": load.objects[id] = view.safeAreaLayoutGuide
            case "layoutMargins": load.objects[id] = view.layoutMarginsGuide
            default: continue
            }
        }
        for child in element.child("subviews")?.children ?? [] {
            guard let subview = load.instantiate(child) as? UIView else { continue }
            if let stack = view as? UIStackView {
                stack.addArrangedSubview(subview)
            } else {
                view.addSubview(subview)
            }
        }
        load.registerConstraints(of: view, element)
    }

    /// User-defined runtime attributes: values set by key path once every object of the load is
    /// made (before outlets are connected and `awakeFromNib`).
    func decodeRuntimeAttributes(_ object: NSObject) {
        for attribute in element.child("userDefinedRuntimeAttributes")?.children(named: "userDefinedRuntimeAttribute") ?? [] {
            guard let keyPath = attribute["keyPath"] else { continue }
            let value: Any?
            let stored = attribute.children.first { $0["key"] == "value" }
            switch attribute["type"] {
            case "boolean": value = stored?["value"] == "YES"
            case "number": value = stored?["value"].flatMap(Double.init).map { NSNumber(value: $0) }
            case "string": value = attribute["value"] ?? stored?["value"]
            case "color": value = stored.flatMap { load.document.color($0, bundle: load.bundle) }
            case "image": value = (attribute["value"] ?? stored?["value"]).flatMap { UIImage(named: $0, in: load.bundle, compatibleWith: nil) }
            case "nil": value = nil
            case let type:
                ConsoleLog.report("[Interface Builder] The runtime attribute \(keyPath) has type \(type ?? "none"), which Lamina does not set.")
                continue
            }
            if let view = object as? UIView {
                view.setValue(value, forKeyPath: keyPath)
            } else {
                ConsoleLog.report("[Interface Builder] The runtime attribute \(keyPath) of a \(String(reflecting: type(of: object))) is not set.")
            }
        }
    }

    private static let alignments: [String: NSTextAlignment] = [
        "natural": .natural, "left": .left, "center": .center, "right": .right, "justified": .justified,
    ]
    private static let lineBreaks: [String: NSLineBreakMode] = [
        "wordWrap": .byWordWrapping, "characterWrap": .byCharWrapping, "clip": .byClipping,
        "headTruncation": .byTruncatingHead, "tailTruncation": .byTruncatingTail, "middleTruncation": .byTruncatingMiddle,
    ]

    func decodeLabel(_ label: UILabel) {
        if let font = font() { label.font = font }
        if let color = color("textColor") { label.textColor = color }
        if let alignment = string("textAlignment").flatMap({ IBCoder.alignments[$0] }) { label.textAlignment = alignment }
        if let lines = int("numberOfLines") { label.numberOfLines = lines }
        if let mode = string("lineBreakMode").flatMap({ IBCoder.lineBreaks[$0] }) { label.lineBreakMode = mode }
        if let enabled = bool("enabled") { label.isEnabled = enabled }
        if let fits = bool("adjustsFontSizeToFit") { label.adjustsFontSizeToFitWidth = fits }
        if let scale = number("minimumScaleFactor") { label.minimumScaleFactor = scale }
        if let adjusts = bool("adjustsFontForContentSizeCategory") { label.adjustsFontForContentSizeCategory = adjusts }
        if let text = string("text") {
            label.text = text
        } else if let text = element.child("string", key: "text")?.text {
            label.text = text
        }
    }

    private static let buttonTypes: [String: UIButton.ButtonType] = [
        "custom": .custom, "system": .system, "roundedRect": .system, "detailDisclosure": .detailDisclosure,
        "infoLight": .infoLight, "infoDark": .infoDark, "contactAdd": .contactAdd, "close": .close,
    ]

    var buttonType: UIButton.ButtonType {
        string("buttonType").flatMap { IBCoder.buttonTypes[$0] } ?? .custom
    }

    func decodeButton(_ button: UIButton) {
        let states: [String: UIControl.State] = ["normal": .normal, "highlighted": .highlighted, "disabled": .disabled, "selected": .selected]
        for state in element.children(named: "state") {
            guard let key = state["key"], let controlState = states[key] else { continue }
            if let title = state["title"] { button.setTitle(title, for: controlState) }
            if let name = state["image"] {
                button.setImage(UIImage(named: name, in: load.bundle, compatibleWith: nil) ?? UIImage(systemName: name), for: controlState)
            }
            if let color = state.child("color", key: "titleColor").flatMap({ load.document.color($0, bundle: load.bundle) }) {
                button.setTitleColor(color, for: controlState)
            }
        }
        if let configuration = element.child("buttonConfiguration", key: "configuration") {
            var made: UIButton.Configuration
            switch configuration["style"] {
            case "filled": made = .filled()
            case "tinted": made = .tinted()
            case "gray": made = .gray()
            case "borderless", "borderlessButton": made = .borderless()
            case "bordered": made = .bordered()
            case "borderedTinted": made = .borderedTinted()
            case "borderedProminent": made = .borderedProminent()
            default: made = .plain()
            }
            if let title = configuration["title"] { made.title = title }
            if let subtitle = configuration["subtitle"] { made.subtitle = subtitle }
            if let name = configuration.child("imageReference", key: "image")?["image"] {
                made.image = UIImage(systemName: name) ?? UIImage(named: name, in: load.bundle, compatibleWith: nil)
            }
            button.configuration = made
        }
        if let font = font() { button.titleLabel?.font = font }
        if let enabled = bool("enabled") { button.isEnabled = enabled }
        if let selected = bool("selected") { button.isSelected = selected }
        if let insets = element.child("inset", key: "contentEdgeInsets") {
            func value(_ name: String) -> CGFloat { insets[name].flatMap(Double.init).map { CGFloat($0) } ?? 0 }
            button.contentEdgeInsets = UIEdgeInsets(top: value("minY"), left: value("minX"), bottom: value("maxY"), right: value("maxX"))
        }
    }

    func decodeImageView(_ imageView: UIImageView) {
        if let image = image(attribute: "image", key: "image") { imageView.image = image }
        if let image = image(attribute: "highlightedImage", key: "highlightedImage") { imageView.highlightedImage = image }
        if let highlighted = bool("highlighted") { imageView.isHighlighted = highlighted }
    }

    func decodeStackView(_ stack: UIStackView) {
        stack.axis = string("axis") == "vertical" ? .vertical : .horizontal
        let distributions: [String: UIStackView.Distribution] = [
            "fill": .fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally,
            "equalSpacing": .equalSpacing, "equalCentering": .equalCentering,
        ]
        let alignments: [String: UIStackView.Alignment] = [
            "fill": .fill, "top": .top, "leading": .leading, "center": .center, "bottom": .bottom, "trailing": .trailing,
            "firstBaseline": .firstBaseline, "lastBaseline": .lastBaseline,
        ]
        if let distribution = string("distribution").flatMap({ distributions[$0] }) { stack.distribution = distribution }
        if let alignment = string("alignment").flatMap({ alignments[$0] }) { stack.alignment = alignment }
        if let spacing = number("spacing") { stack.spacing = spacing }
        if let baseline = bool("baselineRelativeArrangement") { stack.isBaselineRelativeArrangement = baseline }
        if let margins = bool("layoutMarginsRelativeArrangement") { stack.isLayoutMarginsRelativeArrangement = margins }
    }

    /// A controller's own attributes: title, navigation item, storyboard ID.
    func decodeViewController(_ controller: UIViewController) {
        load.register(controller, for: element)
        if let title = string("title") { controller.title = title }
        if let item = element.child("navigationItem", key: "navigationItem") {
            decodeNavigationItem(item, into: controller.navigationItem, controller: controller)
        }
        decodeTabBarItem(of: controller)
    }
}
