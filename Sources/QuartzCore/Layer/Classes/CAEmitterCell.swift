/// One kind of particle an emitter layer emits: how often, for how long, how fast, in which
/// direction, how it spins, scales and fades, and what it looks like (`contents`, tinted by
/// `color`). Each `…Range` spreads its property uniformly by ± that much per particle.
open class CAEmitterCell: NSObject {
    /// A name for finding the cell.
    open var name: String?
    /// Whether the cell emits.
    open var isEnabled = true
    /// Particles per second.
    open var birthRate: Float = 0
    /// Seconds each particle lives.
    open var lifetime: Float = 0
    open var lifetimeRange: Float = 0
    /// The direction of emission in the x–y plane, in radians (0 is +x).
    open var emissionLongitude: CGFloat = 0
    /// The latitude of emission (out of the plane); stored, Lamina emits in 2-D.
    open var emissionLatitude: CGFloat = 0
    /// The spread of directions around the longitude, in radians.
    open var emissionRange: CGFloat = 0
    /// The starting speed in points per second.
    open var velocity: CGFloat = 0
    open var velocityRange: CGFloat = 0
    /// Acceleration in points per second squared.
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    /// The starting scale of the contents.
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    /// Change of scale per second.
    open var scaleSpeed: CGFloat = 0
    /// Rotation speed in radians per second.
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    /// The colour the contents are multiplied by; opaque white by default.
    open var color: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    /// The spread of each particle's alpha.
    open var alphaRange: Float = 0
    /// Change of alpha per second.
    open var alphaSpeed: Float = 0
    /// The particle's image (a CGImage).
    open var contents: Any?
    /// Pixels per point of the contents.
    open var contentsScale: CGFloat = 1

    /// A cell with default values: it emits nothing until given a birth rate and lifetime.
    public override init() {
        super.init()
    }

    /// The same settings in a new cell (for layer snapshots).
    convenience init(cell other: CAEmitterCell) {
        self.init()
        name = other.name
        isEnabled = other.isEnabled
        birthRate = other.birthRate
        lifetime = other.lifetime
        lifetimeRange = other.lifetimeRange
        emissionLongitude = other.emissionLongitude
        emissionLatitude = other.emissionLatitude
        emissionRange = other.emissionRange
        velocity = other.velocity
        velocityRange = other.velocityRange
        xAcceleration = other.xAcceleration
        yAcceleration = other.yAcceleration
        scale = other.scale
        scaleRange = other.scaleRange
        scaleSpeed = other.scaleSpeed
        spin = other.spin
        spinRange = other.spinRange
        color = other.color
        alphaRange = other.alphaRange
        alphaSpeed = other.alphaSpeed
        contents = other.contents
        contentsScale = other.contentsScale
    }
}
