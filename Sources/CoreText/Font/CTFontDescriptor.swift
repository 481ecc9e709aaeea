import CoreGraphics
import Foundation

/// A description of a font by its attributes (name, family, size), resolved to an installed
/// face when a font is made from it.
public final class CTFontDescriptor: @unchecked Sendable {
    /// The attributes, keyed by the `kCTFont…Attribute` names.
    package let attributes: [String: Any]

    package init(attributes: [String: Any]) {
        self.attributes = attributes
    }
}

/// The PostScript name attribute.
public let kCTFontNameAttribute: CFString = "NSFontNameAttribute"
/// The family name attribute.
public let kCTFontFamilyNameAttribute: CFString = "NSFontFamilyAttribute"
/// The point size attribute (a number).
public let kCTFontSizeAttribute: CFString = "NSFontSizeAttribute"

/// A descriptor of the face with this name at `size`.
public func CTFontDescriptorCreateWithNameAndSize(_ name: CFString, _ size: CGFloat) -> CTFontDescriptor {
    CTFontDescriptor(attributes: [kCTFontNameAttribute: name, kCTFontSizeAttribute: size])
}

/// A descriptor from attributes keyed by the `kCTFont…Attribute` names.
///
/// - Note: Differs from Apple: takes a Swift dictionary where Apple's takes a `CFDictionary`.
public func CTFontDescriptorCreateWithAttributes(_ attributes: [String: Any]) -> CTFontDescriptor {
    CTFontDescriptor(attributes: attributes)
}

/// One attribute of a descriptor, nil when it has none.
public func CTFontDescriptorCopyAttribute(_ descriptor: CTFontDescriptor, _ attribute: CFString) -> Any? {
    descriptor.attributes[attribute]
}

/// The font a descriptor describes at `size` (0 takes the descriptor's size, else 12).
public func CTFontCreateWithFontDescriptor(_ descriptor: CTFontDescriptor, _ size: CGFloat,
                                           _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    let named = (descriptor.attributes[kCTFontNameAttribute] as? String)
        ?? (descriptor.attributes[kCTFontFamilyNameAttribute] as? String) ?? ""
    let given = (descriptor.attributes[kCTFontSizeAttribute] as? CGFloat)
        ?? (descriptor.attributes[kCTFontSizeAttribute] as? NSNumber).map { CGFloat($0.doubleValue) } ?? 0
    return CTFontCreateWithName(named, size != 0 ? size : given, matrix)
}

/// The descriptor of a font.
public func CTFontCopyFontDescriptor(_ font: CTFont) -> CTFontDescriptor {
    CTFontDescriptor(attributes: [kCTFontNameAttribute: font.face.postScriptName,
                                  kCTFontFamilyNameAttribute: font.face.familyName, kCTFontSizeAttribute: font.size])
}
