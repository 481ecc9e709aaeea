/// The colour model of a colour space.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}

/// A colour space: how colour components are interpreted.
///
/// Lamina supports the device RGB, sRGB and gray families (device gray, generic gray with
/// gamma 2.2, linear gray). Pixels are not colour-managed: all RGB spaces are treated as sRGB.
///
/// - Note: Differs from Apple: colour-space names are `String`s rather than `CFString`s, since
///   Core Foundation strings are not part of Foundation's public API on Linux.
public final class CGColorSpace: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The colour model, e.g. `.rgb` or `.monochrome`.
    public let model: CGColorSpaceModel
    /// The name of the space, or nil for the device spaces.
    public let name: String?

    init(model: CGColorSpaceModel, name: String?) {
        self.model = model
        self.name = name
    }

    /// Creates a named colour space, or nil for a name Lamina does not know.
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.extendedSRGB, CGColorSpace.linearSRGB,
             CGColorSpace.extendedLinearSRGB, CGColorSpace.genericRGBLinear,
             CGColorSpace.displayP3:
            self.init(model: .rgb, name: name)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray,
             CGColorSpace.extendedGray, CGColorSpace.extendedLinearGray:
            self.init(model: .monochrome, name: name)
        default:
            return nil
        }
    }

    /// How many colour components (without alpha) a colour in this space has.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: return 1
        case .rgb: return 3
        case .cmyk: return 4
        case .lab, .XYZ: return 3
        default: return 0
        }
    }

    /// Whether colours in this space may have components outside 0…1.
    public var isWideGamutRGB: Bool { name == CGColorSpace.displayP3 || name == CGColorSpace.extendedSRGB }

    /// Whether this space can be the destination of a bitmap context.
    public var supportsOutput: Bool { model == .rgb || model == .monochrome }

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs === rhs || (lhs.model == rhs.model && lhs.name == rhs.name)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(model)
        hasher.combine(name)
    }

    public var description: String {
        let kind = model == .rgb ? "RGB" : (model == .monochrome ? "Gray" : "\(model)")
        return "<CGColorSpace \(name ?? "kCGColorSpaceDevice\(kind)")>"
    }

    package static let sharedDeviceRGB = CGColorSpace(model: .rgb, name: nil)
    package static let sharedDeviceGray = CGColorSpace(model: .monochrome, name: nil)
    package static let sharedSRGB = CGColorSpace(model: .rgb, name: CGColorSpace.sRGB)
    package static let sharedExtendedSRGB = CGColorSpace(model: .rgb, name: CGColorSpace.extendedSRGB)
    package static let sharedGenericGray = CGColorSpace(model: .monochrome, name: CGColorSpace.genericGrayGamma2_2)
    package static let sharedExtendedGray = CGColorSpace(model: .monochrome, name: CGColorSpace.extendedGray)
}

extension CGColorSpace {
    /// The standard sRGB colour space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// sRGB allowing components outside 0…1 (what UIKit colours use).
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// sRGB primaries with a linear transfer function.
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// Extended linear sRGB.
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    /// Generic linear RGB.
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// Display P3 (treated as sRGB by Lamina's unmanaged pipeline).
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// Gray with a 2.2 gamma.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// Gray with a linear transfer function.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// Gray allowing values outside 0…1 (what UIKit's white colours use).
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    /// Extended linear gray.
    public static let extendedLinearGray = "kCGColorSpaceExtendedLinearGray"
}

/// Returns the device RGB colour space.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.sharedDeviceRGB }

/// Returns the device gray colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.sharedDeviceGray }
