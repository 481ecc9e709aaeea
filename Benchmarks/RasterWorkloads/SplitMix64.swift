/// The benchmark specification's random generator (splitmix64), bit for bit: every engine
/// draws the same shapes from the same seeds.
public struct SplitMix64 {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// lo + (hi − lo)·u, evaluated in that order (no fused multiply-add).
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        let d = hi - lo
        let m = d * unit()
        return lo + m
    }

    /// An integer in lo…hi inclusive.
    public mutating func randint(_ lo: Int, _ hi: Int) -> Int {
        lo + Int(next() % UInt64(hi - lo + 1))
    }

    /// Straight RGBA with alpha 128…255.
    public mutating func color() -> [Double] {
        let r = randint(0, 255), g = randint(0, 255), b = randint(0, 255), a = randint(128, 255)
        return [Double(r), Double(g), Double(b), Double(a)]
    }

    public mutating func opaqueColor() -> [Double] {
        let r = randint(0, 255), g = randint(0, 255), b = randint(0, 255)
        return [Double(r), Double(g), Double(b), 255]
    }

    public mutating func point(inBox bx: Double, _ by: Double, _ size: Double) -> [Double] {
        let x = bx + uniform(0, size)
        let y = by + uniform(0, size)
        return [x, y]
    }
}
