import Foundation

/// The coder objects from a storyboard or nib are made with: `init?(coder:)` receives one,
/// and UIKit's classes read their Interface Builder attributes from its element. It also
/// carries the load the object belongs to, which records the object's id, constraints and
/// connections for after the whole tree is built.
///
/// - Note: Differs from Apple: the attributes come from the document's XML, not from a
///   compiled keyed archive, so `decodeObject(forKey:)` and the other keyed decoding methods
///   find nothing.
final class IBCoder: NSCoder {
    let element: IBElement
    let load: IBLoad

    init(element: IBElement, load: IBLoad) {
        self.element = element
        self.load = load
        super.init()
    }

    override var allowsKeyedCoding: Bool { true }
    override func containsValue(forKey key: String) -> Bool { false }
    override func decodeObject(forKey key: String) -> Any? { nil }

    // MARK: Attribute values

    func string(_ attribute: String) -> String? { element[attribute] }

    func bool(_ attribute: String) -> Bool? {
        element[attribute].map { $0 == "YES" }
    }

    func number(_ attribute: String) -> CGFloat? {
        element[attribute].flatMap { Double($0) }.flatMap { $0.isFinite ? CGFloat($0) : nil }
    }

    func int(_ attribute: String) -> Int? {
        element[attribute].flatMap { Int($0) }
    }

    /// A `<rect key="…">` child.
    func rect(_ key: String) -> CGRect? {
        guard let rect = element.child("rect", key: key) else { return nil }
        func value(_ name: String) -> CGFloat { rect[name].flatMap(Double.init).map { CGFloat($0) } ?? 0 }
        let made = CGRect(x: value("x"), y: value("y"), width: value("width"), height: value("height"))
        return made.isFiniteRect ? made : nil
    }

    /// A `<size key="…">` child.
    func size(_ key: String) -> CGSize? {
        guard let size = element.child("size", key: key) else { return nil }
        return CGSize(width: size["width"].flatMap(Double.init) ?? 0, height: size["height"].flatMap(Double.init) ?? 0)
    }

    /// An `<inset key="…">` (or `<edgeInsets key="…">`) child.
    func insets(_ key: String) -> UIEdgeInsets? {
        guard let inset = element.children.first(where: { ($0.name == "inset" || $0.name == "edgeInsets") && $0["key"] == key }) else {
            return nil
        }
        func value(_ name: String) -> CGFloat { inset[name].flatMap(Double.init).map { CGFloat($0) } ?? 0 }
        return UIEdgeInsets(top: value("minY"), left: value("minX"), bottom: value("maxY"), right: value("maxX"))
    }

    /// Whether the element has a child with `key` (a `<nil key="…"/>` counts: it says nil).
    func has(_ key: String) -> Bool { element.child(key: key) != nil }

    /// A `<color key="…">` child: components in a colour space, a system colour, or an asset
    /// catalogue's named colour.
    func color(_ key: String) -> UIColor? {
        guard let color = element.child("color", key: key) else { return nil }
        return load.document.color(color, bundle: load.bundle)
    }

    /// A `<fontDescription key="…">` child.
    func font(_ key: String = "fontDescription") -> UIFont? {
        guard let font = element.child("fontDescription", key: key) else { return nil }
        return IBFonts.font(font)
    }

    /// An image named by an attribute (from the bundle's catalogues or files), or an
    /// `<imageReference key="…">` child (which may name a system symbol).
    func image(attribute: String? = nil, key: String) -> UIImage? {
        if let reference = element.child("imageReference", key: key), let name = reference["image"] {
            if reference["catalog"] == "system" { return UIImage(systemName: name) }
            return UIImage(named: name, in: load.bundle, compatibleWith: nil)
        }
        if let attribute, let name = element[attribute] {
            // Interface Builder marks a system symbol with `catalog="system"`.
            if element["catalog"] == "system", let symbol = UIImage(systemName: name) { return symbol }
            if let image = UIImage(named: name, in: load.bundle, compatibleWith: nil) { return image }
            return UIImage(systemName: name)
        }
        return nil
    }
}

extension IBDocument {
    /// A `<color>` element as a colour.
    func color(_ color: IBElement, bundle: Bundle) -> UIColor? {
        if let system = color["systemColor"] {
            if let found = SystemColorReference.color(named: system) { return found }
            return resourceColors[system].flatMap { self.components($0) }
        }
        if let name = color["name"] {
            if let found = UIColor(named: name, in: bundle, compatibleWith: nil) { return found }
            if let found = SystemColorReference.color(named: name) { return found }
            return resourceColors[name].flatMap { self.components($0) }
        }
        if let cocoa = color["cocoaTouchSystemColor"] {
            return SystemColorReference.color(named: cocoa)
        }
        return components(color)
    }

    /// A colour's components: red, green and blue, or white, with alpha.
    private func components(_ color: IBElement) -> UIColor? {
        func value(_ name: String) -> CGFloat? { color[name].flatMap(Double.init).map { CGFloat($0) } }
        let alpha = value("alpha") ?? 1
        if let white = value("white") { return UIColor(white: white, alpha: alpha) }
        guard let red = value("red"), let green = value("green"), let blue = value("blue") else { return nil }
        if color["customColorSpace"] == "displayP3" {
            return UIColor(displayP3Red: red, green: green, blue: blue, alpha: alpha)
        }
        return UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }
}

/// Fonts as Interface Builder describes them.
enum IBFonts {
    static let textStyles: [String: UIFont.TextStyle] = [
        "UICTFontTextStyleLargeTitle": .largeTitle, "UICTFontTextStyleTitle1": .title1, "UICTFontTextStyleTitle2": .title2,
        "UICTFontTextStyleTitle3": .title3, "UICTFontTextStyleHeadline": .headline, "UICTFontTextStyleSubhead": .subheadline,
        "UICTFontTextStyleBody": .body, "UICTFontTextStyleCallout": .callout, "UICTFontTextStyleFootnote": .footnote,
        "UICTFontTextStyleCaption1": .caption1, "UICTFontTextStyleCaption2": .caption2,
    ]

    static let weights: [String: UIFont.Weight] = [
        "ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
        "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
    ]

    /// A `<fontDescription>`: a text style, a system font (plain, bold, italic, a weight), or a
    /// named font (the system font of that size when it is not installed).
    static func font(_ description: IBElement) -> UIFont {
        let size = description["pointSize"].flatMap(Double.init).map { CGFloat($0) } ?? UIFont.systemFontSize
        if let style = description["style"], let textStyle = textStyles[style] {
            return UIFont.preferredFont(forTextStyle: textStyle)
        }
        if let name = description["name"] {
            if let font = UIFont(name: name, size: size) { return font }
            ConsoleLog.report("[Interface Builder] The font \"\(name)\" is not installed; the system font is used.")
            return UIFont.systemFont(ofSize: size)
        }
        switch description["type"] {
        case "boldSystem": return UIFont.boldSystemFont(ofSize: size)
        case "italicSystem": return UIFont.italicSystemFont(ofSize: size)
        default:
            let weight = description["weight"].flatMap { weights[$0] } ?? .regular
            return UIFont.systemFont(ofSize: size, weight: weight)
        }
    }
}

/// Where a controller from a storyboard came from: its scene element in its document.
final class IBSource {
    let document: IBDocument
    let element: IBElement
    let bundle: Bundle
    weak var storyboard: UIStoryboard?

    init(document: IBDocument, element: IBElement, bundle: Bundle, storyboard: UIStoryboard?) {
        self.document = document
        self.element = element
        self.bundle = bundle
        self.storyboard = storyboard
    }
}

extension IBCoder {
    /// The controllers a controller's relationship segues of kind `relationship` lead to, made
    /// from their scenes in order.
    @MainActor
    func relationshipDestinations(_ relationship: String) -> [UIViewController] {
        var controllers: [UIViewController] = []
        for segue in element.child("connections")?.children(named: "segue") ?? []
        where segue["kind"] == "relationship" && segue["relationship"] == relationship {
            guard let id = segue["destination"], let destination = load.document.elements[id] else { continue }
            let nested = IBLoad(document: load.document, bundle: load.bundle, storyboard: load.storyboard)
            if let controller = nested.instantiate(destination) as? UIViewController { controllers.append(controller) }
            nested.finish()
        }
        return controllers
    }
}
