import Foundation

/// An emitter layer's particle system as data: the emitter's settings and its cells.
struct EmitterContent: Sendable {
    var cells: [EmitterCellValue]
    var birthRate: Float
    var lifetime: Float
    var emitterPosition: CGPoint
    var emitterSize: CGSize
    var emitterShape: CAEmitterLayerEmitterShape
    var emitterMode: CAEmitterLayerEmitterMode
    var renderMode: CAEmitterLayerRenderMode
    var velocity: Float
    var scale: Float
    var spin: Float
    var seed: UInt32
    /// The layer time emission began.
    var emissionStart: CFTimeInterval

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
        guard elapsed > 0, elapsed.isFinite else { return [] }
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

    func draw(in ctx: CGContext, atLayerTime time: CFTimeInterval) {
        var list = particles(at: time)
        guard !list.isEmpty else { return }
        if renderMode == .oldestLast || renderMode == .backToFront { list.sort { $0.age < $1.age } }
        if renderMode == .oldestFirst { list.sort { $0.age > $1.age } }
        if renderMode == .additive { ctx.setBlendMode(.plusLighter) }
                for particle in list {
            let cell = cells[particle.cell]
            guard let image = cell.image else { continue }
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
    static func tinted(_ image: CGImage, _ color: CGColor?) -> CGImage {
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

/// One emitter cell as data, its contents already tinted by its colour.
struct EmitterCellValue: Sendable {
    var isEnabled: Bool
    var birthRate: Float
    var lifetime: Float
    var lifetimeRange: Float
    var emissionLongitude: CGFloat
    var emissionRange: CGFloat
    var velocity: CGFloat
    var velocityRange: CGFloat
    var xAcceleration: CGFloat
    var yAcceleration: CGFloat
    var scale: CGFloat
    var scaleRange: CGFloat
    var scaleSpeed: CGFloat
    var spin: CGFloat
    var spinRange: CGFloat
    var color: CGColor?
    var alphaRange: Float
    var alphaSpeed: Float
    /// The contents image multiplied by the colour's components.
    var image: CGImage?
    var contentsScale: CGFloat

    init(_ cell: CAEmitterCell) {
        isEnabled = cell.isEnabled
        birthRate = cell.birthRate
        lifetime = cell.lifetime
        lifetimeRange = cell.lifetimeRange
        emissionLongitude = cell.emissionLongitude
        emissionRange = cell.emissionRange
        velocity = cell.velocity
        velocityRange = cell.velocityRange
        xAcceleration = cell.xAcceleration
        yAcceleration = cell.yAcceleration
        scale = cell.scale
        scaleRange = cell.scaleRange
        scaleSpeed = cell.scaleSpeed
        spin = cell.spin
        spinRange = cell.spinRange
        color = cell.color
        alphaRange = cell.alphaRange
        alphaSpeed = cell.alphaSpeed
        image = (cell.contents as? CGImage).map { EmitterContent.tinted($0, cell.color) }
        contentsScale = cell.contentsScale
    }
}
