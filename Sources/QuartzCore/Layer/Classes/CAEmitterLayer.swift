import Foundation

/// Where an emitter's particles start.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the emitter shape particles start from.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// How particles are drawn over each other.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Particles add their colours (plus-lighter).
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// A layer that emits particles of its `emitterCells` from `emitterPosition`.
///
/// The simulation has no state: particle k of a cell is born k / rate seconds after emission
/// began (when the cells were set), and everything about it — lifetime, direction, speed,
/// spin, scale, alpha, starting point — is drawn from a random generator seeded by `seed`,
/// the cell and k. So a frame depends only on the time it shows, and the same seed gives the
/// same particles.
///
/// - Note: Differs from Apple: the simulation is 2-D (latitude and z are stored only); colour
///   ranges and speeds other than alpha are not applied; the particle order of `backToFront`
///   is that of `oldestLast`.
open class CAEmitterLayer: CALayer {
    /// The kinds of particle emitted.
    open var emitterCells: [CAEmitterCell]? {
        didSet {
            emissionStart = currentLocalTime
            propertyDidChange("emitterCells", from: oldValue)
        }
    }
    /// Multiplies every cell's birth rate.
    open var birthRate: Float = 1 { didSet { propertyDidChange("birthRate", from: oldValue) } }
    /// Multiplies every cell's lifetime.
    open var lifetime: Float = 1 { didSet { propertyDidChange("lifetime", from: oldValue) } }
    /// The centre of the emitter shape, in the layer's coordinates.
    open var emitterPosition = CGPoint.zero { didSet { propertyDidChange("emitterPosition", from: oldValue) } }
    open var emitterZPosition: CGFloat = 0
    /// The size of the emitter shape.
    open var emitterSize = CGSize.zero { didSet { propertyDidChange("emitterSize", from: oldValue) } }
    open var emitterDepth: CGFloat = 0
    open var emitterShape = CAEmitterLayerEmitterShape.point { didSet { propertyDidChange("emitterShape", from: oldValue) } }
    open var emitterMode = CAEmitterLayerEmitterMode.volume { didSet { propertyDidChange("emitterMode", from: oldValue) } }
    open var renderMode = CAEmitterLayerRenderMode.unordered { didSet { propertyDidChange("renderMode", from: oldValue) } }
    open var preservesDepth = false
    /// Multiplies every cell's velocity.
    open var velocity: Float = 1 { didSet { propertyDidChange("velocity", from: oldValue) } }
    /// Multiplies every cell's scale.
    open var scale: Float = 1 { didSet { propertyDidChange("scale", from: oldValue) } }
    /// Multiplies every cell's spin.
    open var spin: Float = 1 { didSet { propertyDidChange("spin", from: oldValue) } }
    /// The seed of the particles' random values.
    open var seed: UInt32 = 0 { didSet { propertyDidChange("seed", from: oldValue) } }

    /// The layer time emission began.
    var emissionStart: CFTimeInterval = 0

    public required init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAEmitterLayer else { return }
        emitterCells = other.emitterCells?.map { CAEmitterCell(cell: $0) }
        birthRate = other.birthRate
        lifetime = other.lifetime
        emitterPosition = other.emitterPosition
        emitterZPosition = other.emitterZPosition
        emitterSize = other.emitterSize
        emitterDepth = other.emitterDepth
        emitterShape = other.emitterShape
        emitterMode = other.emitterMode
        renderMode = other.renderMode
        preservesDepth = other.preservesDepth
        velocity = other.velocity
        scale = other.scale
        spin = other.spin
        seed = other.seed
        emissionStart = other.emissionStart
    }

    public required init?(coder: NSCoder) { nil }

    override var renderContent: LayerContent {
        .emitter(EmitterContent(
            cells: (emitterCells ?? []).map(EmitterCellValue.init), birthRate: birthRate, lifetime: lifetime,
            emitterPosition: emitterPosition, emitterSize: emitterSize, emitterShape: emitterShape, emitterMode: emitterMode,
            renderMode: renderMode, velocity: velocity, scale: scale, spin: spin, seed: seed, emissionStart: emissionStart))
    }
}

/// Deterministic random values for one particle: splitmix64 over (seed, cell, particle).
struct ParticleRandom {
    private var state: UInt64

    init(seed: UInt32, cell: Int, particle: Int) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: cell) &* 0xBF58_476D_1CE4_E5B9
            ^ UInt64(truncatingIfNeeded: particle) &* 0x94D0_49BB_1331_11EB
    }

    /// The next value in 0…1.
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    /// The next value in −1…1.
    mutating func signed() -> Float { Float(unit() * 2 - 1) }
}
