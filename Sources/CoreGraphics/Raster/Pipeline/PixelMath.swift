/// Small pixel arithmetic shared by the painters.
enum PixelMath {
    /// Rounds a 0…255 float to a byte, clamping out-of-range values.
    @inline(__always)
    static func byte(_ v: Float) -> UInt8 {
        UInt8(Swift.max(0, Swift.min(255, v + 0.5)))
    }

    /// x / 255 rounded to nearest, exact for 0 ≤ x ≤ 255·255.
    @inline(__always)
    static func div255(_ x: UInt16) -> UInt16 {
        let y = x &+ 128
        return (y &+ (y &>> 8)) &>> 8
    }

    @inline(__always)
    static func load(_ p: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
        SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    }

    @inline(__always)
    static func store(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
        p[0] = byte(v[0])
        p[1] = byte(v[1])
        p[2] = byte(v[2])
        p[3] = byte(v[3])
    }
}
