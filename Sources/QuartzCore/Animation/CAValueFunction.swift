/// The name of a function that turns animated numbers into a transform.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// One angle in radians about the x axis.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// One angle in radians about the y axis.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// One angle in radians about the z axis.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// Three scale factors (x, y, z).
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// One scale factor along x.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// One scale factor along y.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// One scale factor along z.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// Three translations (x, y, z).
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// One translation along x.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// One translation along y.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// One translation along z.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Maps a property animation's interpolated numbers to a `CATransform3D`, so that a rotation
/// from 0 to 2π turns a whole revolution instead of interpolating two equal matrices.
open class CAValueFunction: NSObject, @unchecked Sendable {
    /// Which function this is.
    public let name: CAValueFunctionName

    private static let known: Set<CAValueFunctionName> = [
        .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
        .translate, .translateX, .translateY, .translateZ,
    ]

    /// The function called `name`; nil for names Core Animation does not define.
    public init?(name: CAValueFunctionName) {
        guard CAValueFunction.known.contains(name) else { return nil }
        self.name = name
        super.init()
    }

    /// The transform for `value` (one number, or three for `scale` and `translate`).
    func transform(for value: AnimatableValue) -> CATransform3D? {
        let numbers: [Double]
        switch value {
        case .number(let v): numbers = [v]
        case .vector(let v): numbers = v
        default: return nil
        }
        guard let first = numbers.first else { return nil }
        let v = CGFloat(first)
        func three(_ fill: Double) -> (CGFloat, CGFloat, CGFloat) {
            let n = numbers.count >= 3 ? numbers : [first, first, numbers.count == 1 ? fill : first]
            return (CGFloat(n[0]), CGFloat(n[1]), CGFloat(n[2]))
        }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v, 0, 0, 1)
        case .scaleX: return CATransform3DMakeScale(v, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v)
        case .translateX: return CATransform3DMakeTranslation(v, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, v)
        case .scale:
            let (x, y, z) = three(1)
            return CATransform3DMakeScale(x, y, z)
        case .translate:
            let (x, y, z) = three(0)
            return CATransform3DMakeTranslation(x, y, z)
        default: return nil
        }
    }
}
