import CoreText
import Foundation
internal import UIKit

/// A font at a size, AppKit's way: the machine's fonts through Core Text, the system font a
/// stand-in sans (as for `UIFont`). It can be an attributed string's `.font`.
///
/// - Note: Differs from Apple: San Francisco is not available on Linux; system fonts are the
///   stand-in face's (Inter when installed, else DejaVu Sans), so metrics differ from macOS.
open class NSFont: NSObject, NSCopying, @unchecked Sendable {
    package let ctFont: CTFont

    init(ctFont: CTFont) {
        self.ctFont = ctFont
        super.init()
    }

    /// The installed font with this PostScript, full or family name; nil for unknown names.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard let font = UIFont(name: fontName, size: fontSize > 0 ? fontSize : NSFont.systemFontSize) else { return nil }
        self.init(ctFont: font.ctFont)
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSFont else { return false }
        return other.ctFont == ctFont
    }

    open override var hash: Int { ctFont.hashValue }

    // MARK: System fonts

    /// The size of standard control text (13 points on macOS).
    open class var systemFontSize: CGFloat { 13 }
    /// The size of small control text (11 points).
    open class var smallSystemFontSize: CGFloat { 11 }
    /// The size of label text (10 points).
    open class var labelFontSize: CGFloat { 10 }

    private static func system(_ size: CGFloat, _ weight: Weight, monospaced: Bool = false) -> NSFont {
        let points = size > 0 ? size : systemFontSize
        let ui = monospaced ? UIFont.monospacedSystemFont(ofSize: points, weight: UIFont.Weight(rawValue: weight.rawValue))
            : UIFont.systemFont(ofSize: points, weight: UIFont.Weight(rawValue: weight.rawValue))
        return NSFont(ctFont: ui.ctFont)
    }

    /// The system font at `fontSize` (0: the standard size).
    open class func systemFont(ofSize fontSize: CGFloat) -> NSFont { system(fontSize, .regular) }
    open class func systemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont { system(fontSize, weight) }
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> NSFont { system(fontSize, .bold) }
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont {
        system(fontSize, weight, monospaced: true)
    }
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont { system(fontSize, weight) }
    /// The font of labels (the system font, 10 points by default).
    open class func labelFont(ofSize fontSize: CGFloat) -> NSFont { system(fontSize > 0 ? fontSize : labelFontSize, .regular) }
    /// The font of messages (the system font).
    open class func messageFont(ofSize fontSize: CGFloat) -> NSFont { system(fontSize, .regular) }
    /// The font of menus (the system font).
    open class func menuFont(ofSize fontSize: CGFloat) -> NSFont { system(fontSize, .regular) }
    /// The font of title bars (the bold system font).
    open class func titleBarFont(ofSize fontSize: CGFloat) -> NSFont { system(fontSize, .bold) }
    /// The font of tool tips (11 points by default).
    open class func toolTipsFont(ofSize fontSize: CGFloat) -> NSFont { system(fontSize > 0 ? fontSize : 11, .regular) }
    /// The user's font for documents (the system font).
    open class func userFont(ofSize fontSize: CGFloat) -> NSFont? { system(fontSize > 0 ? fontSize : 12, .regular) }
    /// The user's fixed-pitch font (the monospaced system font).
    open class func userFixedPitchFont(ofSize fontSize: CGFloat) -> NSFont? {
        system(fontSize > 0 ? fontSize : 12, .regular, monospaced: true)
    }

    // MARK: Names and metrics

    open var familyName: String? { ctFont.face.familyName }
    open var fontName: String { ctFont.face.postScriptName }
    open var displayName: String? { ctFont.face.familyName }
    open var pointSize: CGFloat { ctFont.size }
    open var ascender: CGFloat { CTFontGetAscent(ctFont) }
    open var descender: CGFloat { -CTFontGetDescent(ctFont) }
    open var leading: CGFloat { CTFontGetLeading(ctFont) }
    open var capHeight: CGFloat { CTFontGetCapHeight(ctFont) }
    open var xHeight: CGFloat { CTFontGetXHeight(ctFont) }
    /// The union of the glyphs' bounding boxes, points.
    open var boundingRectForFont: NSRect { CTFontGetBoundingBox(ctFont) }
    /// Whether every glyph has the same advance.
    open var isFixedPitch: Bool { CTFontGetSymbolicTraits(ctFont).contains(.traitMonoSpace) }

    /// The same face at another size.
    open func withSize(_ fontSize: CGFloat) -> NSFont {
        NSFont(ctFont: CTFont(face: ctFont.face, size: fontSize > 0 ? fontSize : ctFont.size, matrix: ctFont.matrix))
    }

    open override var description: String { "\"\(fontName) \(pointSize)pt.\"" }

    /// A font weight, −1 (lightest) … 1 (heaviest), as macOS numbers them.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }
}

extension NSFont: TextFontBridging {
    package var bridgedCTFont: CTFont { ctFont }
}
