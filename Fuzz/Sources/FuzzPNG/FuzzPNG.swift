import CoreGraphics
import FuzzDriver

/// libFuzzer entry: any bytes given to the PNG and JPEG decoders must give nil or a valid
/// image, never a crash; a decoded PNG must encode and decode again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let jpeg = CGImage.decodeJPEG(data) { precondition(jpeg.width > 0 && jpeg.height > 0) }
    guard let image = CGImage.decodePNG(data) else { return 0 }
    precondition(image.width > 0 && image.height > 0)
    if image.width * image.height <= 1 << 20, let encoded = image.pngData() {
        precondition(CGImage.decodePNG(encoded) != nil, "a Lamina-encoded PNG must decode")
    }
    return 0
}


@_cdecl("FuzzPNG_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { fuzzPNG($0, $1) }
}
