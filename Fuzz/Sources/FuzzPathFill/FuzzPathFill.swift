import CoreGraphics
import FuzzDriver

/// libFuzzer entry: the bytes are read as a little program of path elements and drawing
/// settings (any Double values, NaN and infinities included) that is filled, stroked, dashed
/// and clipped into a small bitmap. Nothing may crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathFill(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var reader = Reader(bytes: bytes, count: count)
    guard let context = CGContext(
        data: nil, width: 64, height: 48, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    else { return 0 }
    context.concatenate(CGAffineTransform(a: reader.double(), b: reader.double(), c: reader.double(),
                                          d: reader.double(), tx: reader.double(), ty: reader.double()))
    context.setLineWidth(reader.double())
    context.setLineDash(phase: reader.double(), lengths: [reader.double(), reader.double()])
    let path = CGMutablePath()
    while let op = reader.byte() {
        let p = CGPoint(x: reader.double(), y: reader.double())
        switch op % 8 {
        case 0: path.move(to: p)
        case 1: path.addLine(to: p)
        case 2: path.addQuadCurve(to: p, control: CGPoint(x: reader.double(), y: reader.double()))
        case 3: path.addCurve(to: p, control1: CGPoint(x: reader.double(), y: reader.double()),
                              control2: CGPoint(x: reader.double(), y: reader.double()))
        case 4: path.addArc(center: p, radius: reader.double(), startAngle: reader.double(),
                            endAngle: reader.double(), clockwise: op & 8 != 0)
        case 5: path.addArc(tangent1End: p, tangent2End: CGPoint(x: reader.double(), y: reader.double()),
                            radius: reader.double())
        case 6: path.addRoundedRect(in: CGRect(origin: p, size: CGSize(width: reader.double(), height: reader.double())),
                                    cornerWidth: reader.double(), cornerHeight: reader.double())
        default: path.closeSubpath()
        }
    }
    context.addPath(path)
    context.fillPath(using: .evenOdd)
    context.addPath(path)
    context.strokePath()
    context.addPath(path)
    context.clip()
    context.fill(CGRect(x: 0, y: 0, width: 64, height: 48))
    _ = path.contains(CGPoint(x: 10, y: 10))
    _ = path.boundingBoxOfPath
    return 0
}

/// Reads values from the fuzzer's bytes, yielding zeros once they run out.
struct Reader {
    var bytes: UnsafePointer<UInt8>
    var count: Int

    mutating func byte() -> UInt8? {
        guard count > 0 else { return nil }
        defer { bytes += 1; count -= 1 }
        return bytes.pointee
    }

    mutating func double() -> CGFloat {
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(byte() ?? 0) << (8 * UInt64(i)) }
        return CGFloat(Double(bitPattern: bits))
    }
}


@_cdecl("FuzzPathFill_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { fuzzPathFill($0, $1) }
}
