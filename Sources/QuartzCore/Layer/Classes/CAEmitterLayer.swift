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
    /// For a render-side copy: the layer time of the frame being drawn.
    var frameTime: CFTimeInterval?

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

    /// One live particle at the time drawn.
    struct Particle {
        let cell: Int
        let age: Double
        let position: CGPoint
        let angle: CGFloat
        let scale: CGFloat
        let alpha: CGFloat
    }

    /// The particles alive at layer time `t`, oldest first within each cell.
    func particles(at t: CFTimeInterval) -> [Particle] {
        let elapsed = t - emissionStart
        guard elapsed > 0, elapsed.isFinite, let cells = emitterCells else { return [] }
        var out: [Particle] = []
        for (index, cell) in cells.enumerated() where cell.isEnabled {
            let rate = Double(cell.birthRate) * Double(birthRate)
            let maxLife = Double(Swift.max(cell.lifetime + Swift.abs(cell.lifetimeRange), 0)) * Double(lifetime)
            guard rate > 0, rate.isFinite, maxLife > 0 else { continue }
            // Births within the longest lifetime before now: k from ⌈(elapsed − maxLife)·rate⌉.
            // Counts are clamped before converting: an infinite lifetime or a huge rate must
            // not overflow Int (at most the newest 10,000 are drawn).
            @inline(__always) func count(_ x: Double) -> Int { x.isNaN ? 0 : Int(Swift.min(Swift.max(x, -1e15), 1e15)) }
            let newest = count((elapsed * rate).rounded(.down))
            let oldest = Swift.max(0, count(((elapsed - maxLife) * rate).rounded(.up)))
            guard newest >= oldest else { continue }
            for k in Swift.max(oldest, newest - 10_000)...newest {
                var random = ParticleRandom(seed: seed, cell: index, particle: k)
                let age = elapsed - Double(k) / rate
                let life = Double(cell.lifetime + cell.lifetimeRange * random.signed()) * Double(lifetime)
                guard age >= 0, age < life else { continue }
                let direction = cell.emissionLongitude + cell.emissionRange * CGFloat(random.signed())
                let speed = (cell.velocity + cell.velocityRange * CGFloat(random.signed())) * CGFloat(velocity)
                let start = startPoint(&random)
                let a = CGFloat(age)
                let position = CGPoint(x: start.x + cos(direction) * speed * a + 0.5 * cell.xAcceleration * a * a,
                                       y: start.y + sin(direction) * speed * a + 0.5 * cell.yAcceleration * a * a)
                let angle = (cell.spin + cell.spinRange * CGFloat(random.signed())) * CGFloat(spin) * a
                let size = (cell.scale + cell.scaleRange * CGFloat(random.signed()) + cell.scaleSpeed * a) * CGFloat(scale)
                let baseAlpha = (cell.color?.alpha ?? 1) + CGFloat(cell.alphaRange * random.signed())
                let alpha = Swift.min(Swift.max(baseAlpha + CGFloat(cell.alphaSpeed) * a, 0), 1)
                guard size > 0, alpha > 0 else { continue }
                out.append(Particle(cell: index, age: age, position: position, angle: angle, scale: size, alpha: alpha))
            }
        }
        return out
    }

    /// A starting point on the emitter shape, as the mode asks.
    private func startPoint(_ random: inout ParticleRandom) -> CGPoint {
        let c = emitterPosition, w = emitterSize.width, h = emitterSize.height
        switch emitterShape {
        case .line:
            return CGPoint(x: c.x + w * CGFloat(random.signed()) / 2, y: c.y)
        case .rectangle, .cuboid:
            if emitterMode == .points { return c }
            if emitterMode == .outline {
                let side = Int(random.unit() * 4) % 4, f = CGFloat(random.signed()) / 2
                switch side {
                case 0: return CGPoint(x: c.x + w * f, y: c.y - h / 2)
                case 1: return CGPoint(x: c.x + w / 2, y: c.y + h * f)
                case 2: return CGPoint(x: c.x + w * f, y: c.y + h / 2)
                default: return CGPoint(x: c.x - w / 2, y: c.y + h * f)
                }
            }
            return CGPoint(x: c.x + w * CGFloat(random.signed()) / 2, y: c.y + h * CGFloat(random.signed()) / 2)
        case .circle, .sphere:
            if emitterMode == .points { return c }
            let angle = CGFloat(random.unit()) * 2 * .pi
            let radius = w / 2 * (emitterMode == .outline ? 1 : CGFloat(random.unit()).squareRoot())
            return CGPoint(x: c.x + cos(angle) * radius, y: c.y + sin(angle) * radius)
        default:
            return c
        }
    }

    override var drawsOwnContent: Bool { true }
    override var paintsBeyondFootprints: Bool { true }
    override var changesWithTime: Bool { !(emitterCells ?? []).isEmpty }

    override func drawOwnContent(in ctx: CGContext) {
        var list = particles(at: frameTime ?? currentLocalTime)
        guard !list.isEmpty, let cells = emitterCells else { return }
        if renderMode == .oldestLast || renderMode == .backToFront { list.sort { $0.age < $1.age } }
        if renderMode == .oldestFirst { list.sort { $0.age > $1.age } }
        if renderMode == .additive { ctx.setBlendMode(.plusLighter) }
        let images = cells.map { cell in (cell.contents as? CGImage).map { CAEmitterLayer.tinted($0, cell.color) } ?? nil }
        for particle in list {
            guard let image = images[particle.cell] else { continue }
            let cell = cells[particle.cell]
            let size = CGSize(width: CGFloat(image.width) / Swift.max(cell.contentsScale, 1e-3) * particle.scale,
                              height: CGFloat(image.height) / Swift.max(cell.contentsScale, 1e-3) * particle.scale)
            ctx.saveGState()
            ctx.setAlpha(particle.alpha)
            ctx.translateBy(x: particle.position.x, y: particle.position.y)
            ctx.rotate(by: particle.angle)
            ctx.drawUpright(image, in: CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height))
            ctx.restoreGState()
        }
    }

    /// The contents multiplied by the cell colour's components (alpha is applied per particle).
    private static func tinted(_ image: CGImage, _ color: CGColor?) -> CGImage {
        guard let c = color?.components, c.count >= 3, !(c[0] == 1 && c[1] == 1 && c[2] == 1) else { return image }
        let w = image.width, h = image.height
        guard let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue),
              let data = ctx.data else { return image }
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        let factors = [c[0], c[1], c[2]].map { Swift.min(Swift.max($0, 0), 1) }
        for i in 0..<(w * h) {
            for k in 0..<3 { bytes[i * 4 + k] = UInt8((CGFloat(bytes[i * 4 + k]) * factors[k]).rounded()) }
        }
        return ctx.makeImage() ?? image
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
