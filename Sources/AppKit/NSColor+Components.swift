import Foundation

/// A colour space an `NSColor` can be converted to. Lamina's colours are all sRGB, so every
/// conversion keeps the components; the spaces differ in how many components they report.
open class NSColorSpace: NSObject, @unchecked Sendable {
    /// The Core Graphics space.
    public let cgColorSpace: CGColorSpace?
    let isGray: Bool

    init(gray: Bool) {
        isGray = gray
        cgColorSpace = gray ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
        super.init()
    }

    /// The number of components a colour in this space has, without alpha.
    open var numberOfColorComponents: Int { isGray ? 1 : 3 }

    public static let sRGB = NSColorSpace(gray: false)
    public static let extendedSRGB = NSColorSpace(gray: false)
    public static let deviceRGB = NSColorSpace(gray: false)
    public static let genericRGB = NSColorSpace(gray: false)
    public static let displayP3 = NSColorSpace(gray: false)
    public static let genericGray = NSColorSpace(gray: true)
    public static let deviceGray = NSColorSpace(gray: true)
    public static let extendedGenericGamma22Gray = NSColorSpace(gray: true)
}

extension NSColor {
    /// The colour's space: gray for colours made from a white level, sRGB otherwise.
    public var colorSpace: NSColorSpace { cgColor.numberOfComponents == 2 ? .genericGray : .sRGB }

    /// The colour in `space`; nil when it cannot be expressed there (a colour with hue in a
    /// gray space).
    ///
    /// - Note: Differs from Apple: Lamina keeps colours in sRGB; conversion to another RGB
    ///   space keeps the components instead of matching the colour.
    public func usingColorSpace(_ space: NSColorSpace) -> NSColor? {
        guard space.isGray else { return NSColor(red: redComponent, green: greenComponent, blue: blueComponent, alpha: alphaComponent) }
        guard redComponent == greenComponent, greenComponent == blueComponent else { return nil }
        return NSColor(white: redComponent, alpha: alphaComponent)
    }

    /// The gray level of a gray colour (for an RGB colour, its luminance).
    public var whiteComponent: CGFloat {
        redComponent == greenComponent && greenComponent == blueComponent ? redComponent
            : 0.299 * redComponent + 0.587 * greenComponent + 0.114 * blueComponent
    }

    public var hueComponent: CGFloat { hsb.hue }
    public var saturationComponent: CGFloat { hsb.saturation }
    public var brightnessComponent: CGFloat { hsb.brightness }

    /// The red, green, blue and alpha components (pointers left nil are skipped).
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) {
        red?.pointee = redComponent
        green?.pointee = greenComponent
        blue?.pointee = blueComponent
        alpha?.pointee = alphaComponent
    }

    /// The gray level and alpha.
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) {
        white?.pointee = whiteComponent
        alpha?.pointee = alphaComponent
    }

    /// The hue, saturation, brightness and alpha.
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) {
        let value = hsb
        hue?.pointee = value.hue
        saturation?.pointee = value.saturation
        brightness?.pointee = value.brightness
        alpha?.pointee = alphaComponent
    }

    private var hsb: (hue: CGFloat, saturation: CGFloat, brightness: CGFloat) {
        let r = redComponent, g = greenComponent, b = blueComponent
        let high = Swift.max(r, g, b), low = Swift.min(r, g, b), range = high - low
        guard high > 0, range > 0 else { return (0, 0, high) }
        var hue: CGFloat
        if high == r { hue = (g - b) / range } else if high == g { hue = 2 + (b - r) / range } else { hue = 4 + (r - g) / range }
        hue /= 6
        if hue < 0 { hue += 1 }
        return (hue, range / high, high)
    }
}

// The classic named colours of macOS controls and text, at their light-appearance values.
extension NSColor {
    private static func gray(_ white: CGFloat, _ alpha: CGFloat = 1) -> NSColor { NSColor(white: white, alpha: alpha) }
    private static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ alpha: CGFloat = 1) -> NSColor {
        NSColor(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha)
    }

    public static var controlColor: NSColor { gray(1) }
    public static var controlTextColor: NSColor { gray(0, 0.85) }
    public static var disabledControlTextColor: NSColor { gray(0, 0.25) }
    public static var controlShadowColor: NSColor { gray(0.5) }
    public static var controlDarkShadowColor: NSColor { gray(0) }
    public static var controlHighlightColor: NSColor { gray(1) }
    public static var controlLightHighlightColor: NSColor { gray(1) }
    public static var shadowColor: NSColor { gray(0) }
    public static var highlightColor: NSColor { gray(1) }
    public static var selectedControlColor: NSColor { rgb(179, 215, 255) }
    public static var selectedControlTextColor: NSColor { gray(0, 0.85) }
    public static var alternateSelectedControlTextColor: NSColor { gray(1) }
    public static var selectedTextBackgroundColor: NSColor { rgb(179, 215, 255) }
    public static var selectedTextColor: NSColor { gray(0) }
    public static var unemphasizedSelectedContentBackgroundColor: NSColor { rgb(220, 220, 220) }
    public static var unemphasizedSelectedTextBackgroundColor: NSColor { rgb(220, 220, 220) }
    public static var selectedMenuItemTextColor: NSColor { gray(1) }
    public static var keyboardFocusIndicatorColor: NSColor { rgb(0, 103, 244, 0.5) }
    public static var headerTextColor: NSColor { gray(0, 0.85) }
    public static var linkColor: NSColor { rgb(0, 104, 218) }
    public static var placeholderTextColor: NSColor { gray(0, 0.25) }
    public static var quaternaryLabelColor: NSColor { gray(0, 0.1) }
    public static var scrollBarColor: NSColor { rgb(170, 170, 170) }
    public static var knobColor: NSColor { gray(0, 0.5) }
    public static var selectedKnobColor: NSColor { gray(0, 0.7) }
    public static var windowFrameColor: NSColor { gray(0.67) }
    public static var windowFrameTextColor: NSColor { gray(0, 0.85) }
    public static var findHighlightColor: NSColor { rgb(255, 255, 0) }
}
