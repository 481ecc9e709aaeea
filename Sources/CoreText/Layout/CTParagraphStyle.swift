import CoreGraphics
import Foundation

/// How lines of a paragraph are aligned.
public enum CTTextAlignment: UInt8, Sendable {
    case left = 0, right = 1, center = 2, justified = 3, natural = 4
}

/// How a line that does not fit is broken or shortened.
public enum CTLineBreakMode: UInt8, Sendable {
    case byWordWrapping = 0, byCharWrapping = 1, byClipping = 2, byTruncatingHead = 3, byTruncatingTail = 4,
         byTruncatingMiddle = 5
}

/// The direction a paragraph runs in.
public enum CTWritingDirection: Int8, Sendable {
    case natural = -1, leftToRight = 0, rightToLeft = 1
}

/// Which setting a `CTParagraphStyleSetting` gives.
public enum CTParagraphStyleSpecifier: UInt32, Sendable {
    case alignment = 0, firstLineHeadIndent = 1, headIndent = 2, tailIndent = 3, tabStops = 4, defaultTabInterval = 5,
         lineBreakMode = 6, lineHeightMultiple = 7, maximumLineHeight = 8, minimumLineHeight = 9, lineSpacing = 10,
         paragraphSpacing = 11, paragraphSpacingBefore = 12, baseWritingDirection = 13, maximumLineSpacing = 14,
         minimumLineSpacing = 15, lineSpacingAdjustment = 16, lineBoundsOptions = 17
}

/// One setting for `CTParagraphStyleCreate`: which, and a pointer to its value.
public struct CTParagraphStyleSetting {
    public var spec: CTParagraphStyleSpecifier
    public var valueSize: Int
    public var value: UnsafeRawPointer

    public init(spec: CTParagraphStyleSpecifier, valueSize: Int, value: UnsafeRawPointer) {
        self.spec = spec
        self.valueSize = valueSize
        self.value = value
    }
}

/// A paragraph's alignment, wrapping, indents and spacing.
public final class CTParagraphStyle: @unchecked Sendable {
    package let settings: ParagraphSettings

    package init(settings: ParagraphSettings) {
        self.settings = settings
    }
}

/// A paragraph style from settings; settings whose value size does not match their type are
/// ignored.
public func CTParagraphStyleCreate(_ settings: UnsafePointer<CTParagraphStyleSetting>?, _ settingCount: Int) -> CTParagraphStyle {
    var p = ParagraphSettings()
    for i in 0..<Swift.max(0, settingCount) {
        guard let setting = settings?[i] else { break }
        func float() -> CGFloat? {
            setting.valueSize == MemoryLayout<CGFloat>.size ? setting.value.load(as: CGFloat.self) : nil
        }
        switch setting.spec {
        case .alignment where setting.valueSize == 1: p.alignment = Int(setting.value.load(as: UInt8.self))
        case .lineBreakMode where setting.valueSize == 1: p.lineBreakMode = Int(setting.value.load(as: UInt8.self))
        case .baseWritingDirection where setting.valueSize == 1: p.baseWritingDirection = Int(setting.value.load(as: Int8.self))
        case .firstLineHeadIndent: p.firstLineHeadIndent = float() ?? p.firstLineHeadIndent
        case .headIndent: p.headIndent = float() ?? p.headIndent
        case .tailIndent: p.tailIndent = float() ?? p.tailIndent
        case .lineHeightMultiple: p.lineHeightMultiple = float() ?? p.lineHeightMultiple
        case .maximumLineHeight: p.maximumLineHeight = float() ?? p.maximumLineHeight
        case .minimumLineHeight: p.minimumLineHeight = float() ?? p.minimumLineHeight
        case .lineSpacing, .minimumLineSpacing, .lineSpacingAdjustment: p.lineSpacing = float() ?? p.lineSpacing
        case .paragraphSpacing: p.paragraphSpacing = float() ?? p.paragraphSpacing
        case .paragraphSpacingBefore: p.paragraphSpacingBefore = float() ?? p.paragraphSpacingBefore
        case .defaultTabInterval: p.defaultTabInterval = Swift.max(0, float() ?? p.defaultTabInterval)
        case .tabStops where setting.valueSize == MemoryLayout<CFArray>.size:
            let tabs = setting.value.load(as: CFArray.self).compactMap { $0 as? CTTextTab }
            p.tabStops = tabs.map(\.stop).sorted { $0.location < $1.location }
        default: break
        }
    }
    return CTParagraphStyle(settings: p)
}

/// Core Foundation's dictionary type.
///
/// - Note: Differs from Apple: Foundation on Linux has no Core Foundation types; a Swift
///   dictionary stands in, so `[key: value] as CFDictionary` compiles unchanged.
public typealias CFDictionary = [AnyHashable: Any]

/// The option of a `CTTextTab` naming the characters that end its column (a `CharacterSet`):
/// the text after the tab lines up on the first of them, as for decimal tabs.
public let kCTTabColumnTerminatorsAttributeName: CFString = "NSTabColumnTerminatorsAttributeName"

/// A tab stop: where the text after a tab character lines up.
public final class CTTextTab: @unchecked Sendable {
    package let stop: TabStop
    package let options: CFDictionary?

    package init(stop: TabStop, options: CFDictionary?) {
        self.stop = stop
        self.options = options
    }
}

/// A tab stop at `location` points from the line's leading edge. Left, natural and
/// justified stops start the text after the tab there; right stops end it there, centred ones
/// centre it; with `kCTTabColumnTerminatorsAttributeName` the text up to the first terminator
/// is what lines up (a decimal tab).
public func CTTextTabCreate(_ alignment: CTTextAlignment, _ location: Double, _ options: CFDictionary?) -> CTTextTab {
    let terminators = options?[kCTTabColumnTerminatorsAttributeName] as? CharacterSet
    let finite = location.isFinite ? Swift.max(0, location) : 0
    return CTTextTab(stop: TabStop(location: CGFloat(finite), alignment: Int(alignment.rawValue), terminators: terminators),
                     options: options)
}

/// How the text after the tab lines up at its location.
public func CTTextTabGetAlignment(_ tab: CTTextTab) -> CTTextAlignment {
    CTTextAlignment(rawValue: UInt8(tab.stop.alignment)) ?? .left
}

/// The tab's location, in points from the line's leading edge.
public func CTTextTabGetLocation(_ tab: CTTextTab) -> Double {
    Double(tab.stop.location)
}

/// The options the tab was made with.
public func CTTextTabGetOptions(_ tab: CTTextTab) -> CFDictionary? {
    tab.options
}
