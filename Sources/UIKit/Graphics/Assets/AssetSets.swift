import Foundation

/// An image set's `Contents.json`: its files by idiom, scale and appearance, how it renders and
/// how it is sliced.
struct AssetImageSet {
    struct Variant {
        let file: URL
        /// The scale, nil for a single-scale image.
        let scale: CGFloat?
        /// `.unspecified` for "any appearance".
        let appearance: UIUserInterfaceStyle
        let highContrast: Bool
        let idiom: String
        /// Cap insets in the file's pixels, nil when not sliced.
        let capInsets: UIEdgeInsets?
        let resizingMode: UIImage.ResizingMode
    }

    let variants: [Variant]
    let renderingMode: UIImage.RenderingMode
    /// Whether a PDF image is drawn at the size it is shown (`preserves-vector-representation`).
    let preservesVector: Bool

    init?(_ entry: AssetCatalog.Entry) {
        guard let contents = AssetCatalog.readContents(of: entry.folder, required: true) else { return nil }
        let properties = contents["properties"] as? [String: Any]
        preservesVector = properties?["preserves-vector-representation"] as? Bool ?? false
        switch properties?["template-rendering-intent"] as? String {
        case "template": renderingMode = .alwaysTemplate
        case "original": renderingMode = .alwaysOriginal
        default: renderingMode = .automatic
        }
        var variants: [Variant] = []
        for image in contents["images"] as? [[String: Any]] ?? [] {
            guard let filename = image["filename"] as? String, !filename.isEmpty else { continue }
            let scale = (image["scale"] as? String).flatMap { Double($0.replacingOccurrences(of: "x", with: "")) }.map { CGFloat($0) }
            let (appearance, highContrast) = AssetAppearance.read(image["appearances"])
            var capInsets: UIEdgeInsets?
            var resizingMode = UIImage.ResizingMode.tile
            if let resizing = image["resizing"] as? [String: Any] {
                let caps = resizing["cap-insets"] as? [String: Any] ?? resizing["capInsets"] as? [String: Any] ?? [:]
                func cap(_ key: String) -> CGFloat { AssetNumber.read(caps[key]).map { CGFloat($0) } ?? 0 }
                let mode = resizing["mode"] as? String ?? "9-part"
                capInsets = UIEdgeInsets(top: mode == "3-part-horizontal" ? 0 : cap("top"),
                                         left: mode == "3-part-vertical" ? 0 : cap("left"),
                                         bottom: mode == "3-part-horizontal" ? 0 : cap("bottom"),
                                         right: mode == "3-part-vertical" ? 0 : cap("right"))
                if (resizing["center"] as? [String: Any])?["mode"] as? String == "stretch" { resizingMode = .stretch }
            }
            variants.append(Variant(file: entry.folder.appendingPathComponent(filename), scale: scale, appearance: appearance,
                                    highContrast: highContrast, idiom: image["idiom"] as? String ?? "universal",
                                    capInsets: capInsets, resizingMode: resizingMode))
        }
        self.variants = variants
    }

    /// The variant iOS would pick for `traits` on a phone: iPhone files before universal ones,
    /// the appearance's files before "any", normal contrast, the screen's scale (else the next
    /// larger, else the largest), single-scale files at any scale.
    func variant(for traits: UITraitCollection) -> Variant? {
        var candidates = variants
        for idiom in ["iphone", "universal"] where candidates.contains(where: { $0.idiom == idiom }) {
            candidates = candidates.filter { $0.idiom == idiom }
            break
        }
        let style: UIUserInterfaceStyle = traits.userInterfaceStyle == .dark ? .dark : .light
        if candidates.contains(where: { $0.appearance == style }) {
            candidates = candidates.filter { $0.appearance == style }
        } else if candidates.contains(where: { $0.appearance == .unspecified }) {
            candidates = candidates.filter { $0.appearance == .unspecified }
        }
        // High contrast versions when the traits ask for more contrast, else the others.
        let wantsHigh = traits.accessibilityContrast == .high
        if candidates.contains(where: { $0.highContrast == wantsHigh }) { candidates = candidates.filter { $0.highContrast == wantsHigh } }
        let target = traits.displayScale > 0 ? traits.displayScale : UIScreen.mainScale
        let scaled = candidates.filter { $0.scale != nil }
        if let exact = scaled.first(where: { $0.scale == target }) { return exact }
        if let larger = scaled.filter({ $0.scale! > target }).min(by: { $0.scale! < $1.scale! }) { return larger }
        if let single = candidates.first(where: { $0.scale == nil }) { return single }
        return scaled.max { $0.scale! < $1.scale! }
    }

    /// Whether any two variants differ in appearance (so the image follows the traits).
    var hasAppearances: Bool { variants.contains { $0.appearance != .unspecified } }
}

/// A colour set's colours by appearance.
struct AssetColorSet {
    let any: UIColor?
    let light: UIColor?
    let dark: UIColor?

    init?(_ entry: AssetCatalog.Entry) {
        guard let contents = AssetCatalog.readContents(of: entry.folder, required: true) else { return nil }
        var any: UIColor?, light: UIColor?, dark: UIColor?
        var highAny: UIColor?, highLight: UIColor?, highDark: UIColor?
        var entries = contents["colors"] as? [[String: Any]] ?? []
        if entries.contains(where: { $0["idiom"] as? String == "iphone" }) {
            entries = entries.filter { $0["idiom"] as? String != "universal" }
        }
        for item in entries {
            let idiom = item["idiom"] as? String ?? "universal"
            guard idiom == "universal" || idiom == "iphone" else { continue }
            let (appearance, highContrast) = AssetAppearance.read(item["appearances"])
            guard let color = AssetColorSet.color(item["color"], in: entry.folder) else { continue }
            switch (appearance, highContrast) {
            case (.dark, false): dark = color
            case (.light, false): light = color
            case (_, false): any = color
            case (.dark, true): highDark = color
            case (.light, true): highLight = color
            case (_, true): highAny = color
            }
        }
        guard any != nil || light != nil || dark != nil || highAny != nil || highLight != nil || highDark != nil else {
            // Xcode's template accent colour names no colour at all (the system's is used):
            // only a colour that is there but unreadable is worth a word.
            if entries.contains(where: { $0["color"] != nil }) {
                ConsoleLog.report("[Assets] \(entry.folder.path) has no colour Lamina can read.")
            }
            return nil
        }
        self.any = any
        self.light = light
        self.dark = dark
        self.highAny = highAny
        self.highLight = highLight
        self.highDark = highDark
    }

    /// The high contrast colours (Increase Contrast), when the set has them.
    let highAny: UIColor?
    let highLight: UIColor?
    let highDark: UIColor?

    /// The colour to hand out: dynamic when the set has appearances or contrasts.
    var color: UIColor {
        let hasHigh = highAny != nil || highLight != nil || highDark != nil
        guard light != nil || dark != nil || hasHigh else { return any! }
        let any = self.any, light = self.light, dark = self.dark
        let highAny = self.highAny, highLight = self.highLight, highDark = self.highDark
        return UIColor { traits in
            let isDark = traits.userInterfaceStyle == .dark
            let normal = isDark ? (dark ?? any ?? light) : (light ?? any ?? dark)
            if traits.accessibilityContrast == .high {
                let high = isDark ? (highDark ?? highAny) : (highLight ?? highAny)
                if let high { return high }
            }
            return normal ?? highAny ?? highLight ?? highDark!
        }
    }

    /// One colour entry: components in a colour space (floats, 0–255 integers or hex bytes),
    /// or a reference to a system colour.
    private static func color(_ value: Any?, in folder: URL) -> UIColor? {
        guard let color = value as? [String: Any] else { return nil }
        if let reference = color["reference"] as? String {
            guard let system = SystemColorReference.color(named: reference) else {
                ConsoleLog.report("[Assets] \(folder.path) refers to the system colour \"\(reference)\", which Lamina does not have.")
                return nil
            }
            return system
        }
        let components = color["components"] as? [String: Any] ?? [:]
        func component(_ key: String, default fallback: Double = 0) -> CGFloat {
            CGFloat(AssetNumber.component(components[key]) ?? fallback)
        }
        let alpha = component("alpha", default: 1)
        switch color["color-space"] as? String ?? "srgb" {
        case "srgb", "extended-srgb":
            return UIColor(red: component("red"), green: component("green"), blue: component("blue"), alpha: alpha)
        case "display-p3":
            return UIColor(displayP3Red: component("red"), green: component("green"), blue: component("blue"), alpha: alpha)
        case "extended-linear-srgb":
            func encode(_ v: CGFloat) -> CGFloat {
                let m = abs(v)
                let e = m <= 0.0031308 ? 12.92 * m : 1.055 * pow(m, 1 / 2.4) - 0.055
                return v < 0 ? -e : e
            }
            return UIColor(red: encode(component("red")), green: encode(component("green")), blue: encode(component("blue")), alpha: alpha)
        case "gray-gamma-22", "extended-gray":
            return UIColor(white: component("white"), alpha: alpha)
        case let space:
            ConsoleLog.report("[Assets] \(folder.path) uses the colour space \"\(space)\", which Lamina does not read.")
            return nil
        }
    }
}

/// A data set's file.
struct AssetDataSet {
    let file: URL
    let typeIdentifier: String

    init?(_ entry: AssetCatalog.Entry) {
        guard let contents = AssetCatalog.readContents(of: entry.folder, required: true) else { return nil }
        var items = contents["data"] as? [[String: Any]] ?? []
        if items.contains(where: { $0["idiom"] as? String == "iphone" }) { items = items.filter { $0["idiom"] as? String == "iphone" } }
        guard let item = items.first(where: { ($0["filename"] as? String)?.isEmpty == false }),
              let filename = item["filename"] as? String
        else { return nil }
        file = entry.folder.appendingPathComponent(filename)
        typeIdentifier = item["universal-type-identifier"] as? String ?? "public.data"
    }
}

/// The `appearances` of an asset entry: luminosity (light or dark) and contrast (high).
enum AssetAppearance {
    static func read(_ value: Any?) -> (style: UIUserInterfaceStyle, highContrast: Bool) {
        var style = UIUserInterfaceStyle.unspecified, high = false
        for item in value as? [[String: Any]] ?? [] {
            switch (item["appearance"] as? String, item["value"] as? String) {
            case ("luminosity", "dark"): style = .dark
            case ("luminosity", "light"): style = .light
            case ("contrast", "high"): high = true
            default: break
            }
        }
        return (style, high)
    }
}

/// Numbers in asset JSON, which Xcode writes as strings or numbers.
enum AssetNumber {
    static func read(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        if let string = value as? String { return Double(string.trimmingCharacters(in: .whitespaces)) }
        return nil
    }

    /// A colour component: "0.800" (a fraction), "204" (of 255) or "0xCC" (a hex byte); a
    /// JSON number is a fraction.
    static func component(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        guard let string = (value as? String)?.trimmingCharacters(in: .whitespaces), !string.isEmpty else { return nil }
        if string.lowercased().hasPrefix("0x") {
            return Int(string.dropFirst(2), radix: 16).map { Double($0) / 255 }
        }
        if string.contains(".") || string.lowercased().contains("e") { return Double(string) }
        return Int(string).map { Double($0) / 255 }
    }
}

/// System colours an asset can refer to, by their Objective-C names (`systemBlueColor`).
enum SystemColorReference {
    static func color(named reference: String) -> UIColor? {
        var name = reference
        if name.hasSuffix("Color") { name.removeLast(5) }
        let colors: [String: () -> UIColor] = [
            "systemRed": { .systemRed }, "systemGreen": { .systemGreen }, "systemBlue": { .systemBlue },
            "systemOrange": { .systemOrange }, "systemYellow": { .systemYellow }, "systemPink": { .systemPink },
            "systemPurple": { .systemPurple }, "systemIndigo": { .systemIndigo }, "systemTeal": { .systemTeal },
            "systemCyan": { .systemCyan }, "systemMint": { .systemMint }, "systemBrown": { .systemBrown },
            "systemGray": { .systemGray }, "systemGray2": { .systemGray2 }, "systemGray3": { .systemGray3 },
            "systemGray4": { .systemGray4 }, "systemGray5": { .systemGray5 }, "systemGray6": { .systemGray6 },
            "label": { .label }, "secondaryLabel": { .secondaryLabel }, "tertiaryLabel": { .tertiaryLabel },
            "quaternaryLabel": { .quaternaryLabel }, "placeholderText": { .placeholderText }, "link": { .link },
            "separator": { .separator }, "opaqueSeparator": { .opaqueSeparator },
            "systemBackground": { .systemBackground }, "secondarySystemBackground": { .secondarySystemBackground },
            "tertiarySystemBackground": { .tertiarySystemBackground }, "systemGroupedBackground": { .systemGroupedBackground },
            "secondarySystemGroupedBackground": { .secondarySystemGroupedBackground },
            "tertiarySystemGroupedBackground": { .tertiarySystemGroupedBackground },
            "systemFill": { .systemFill }, "secondarySystemFill": { .secondarySystemFill },
            "tertiarySystemFill": { .tertiarySystemFill }, "quaternarySystemFill": { .quaternarySystemFill },
            "lightText": { .lightText }, "darkText": { .darkText },
            "black": { .black }, "white": { .white }, "gray": { .gray }, "darkGray": { .darkGray },
            "lightGray": { .lightGray }, "red": { .red }, "green": { .green }, "blue": { .blue }, "cyan": { .cyan },
            "yellow": { .yellow }, "magenta": { .magenta }, "orange": { .orange }, "purple": { .purple },
            "brown": { .brown }, "clear": { .clear },
        ]
        return colors[name]?()
    }
}
