import CoreGraphics
import Foundation
import UIKit

extension Diffing where Value == UIImage {
    /// Images that must match exactly.
    nonisolated(unsafe) public static let image = Diffing.image()

    /// Images compared with a tolerance.
    /// - Parameters:
    ///   - precision: The fraction of pixels that must match (with `perceptualPrecision` 1:
    ///     the fraction of colour and alpha bytes).
    ///   - perceptualPrecision: How near a pixel's colour must be to count as matching: 1 −
    ///     ΔE₉₄/100 in CIE Lab (0.98–0.99 is about what an eye tells apart).
    ///   - scale: The scale a reference is read at; nil or 0 for the screen's.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Diffing {
        let readScale = scale.flatMap { $0 == 0 ? nil : $0 } ?? UIScreen.main.scale
        return Diffing(
            toData: { ImageFiles.png($0) },
            fromData: { data in
                guard let image = CGImage.decodePNG(data) else { return UnreadableImage(reason: "Reference image could not be loaded.") }
                return UIImage(cgImage: image, scale: readScale, orientation: .up)
            },
            diff: { reference, snapshot in
                guard let message = ImageComparison.compare(reference, snapshot, precision: precision,
                                                            perceptualPrecision: perceptualPrecision) else { return nil }
                var attachments: [XCTAttachment] = []
                func attach(_ image: UIImage?, _ name: String) {
                    guard let image, !(image is UnreadableImage) else { return }
                    let attachment = XCTAttachment(data: ImageFiles.png(image), uniformTypeIdentifier: "public.png")
                    attachment.name = name
                    attachments.append(attachment)
                }
                attach(reference, "reference")
                attach(snapshot, "failure")
                attach(ImageComparison.difference(reference, snapshot), "difference")
                return (message, attachments)
            })
    }
}

extension Snapshotting where Value == UIImage, Format == UIImage {
    /// Images compared pixel for pixel.
    public static var image: Snapshotting { .image() }

    /// Images compared with a tolerance (see `Diffing.image(precision:perceptualPrecision:scale:)`).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale))
    }
}

extension Snapshotting where Value == CGImage, Format == UIImage {
    /// Bitmaps compared pixel for pixel.
    ///
    /// - Note: Lamina addition (swift-snapshot-testing snapshots `CGImage`s only on macOS).
    public static var image: Snapshotting { .image() }

    /// Bitmaps compared with a tolerance, stored at scale 1.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting<UIImage, UIImage>.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: 1)
            .pullback { UIImage(cgImage: $0, scale: 1, orientation: .up) }
    }
}

/// A snapshot that could not be made, or a reference that could not be read: comparing it
/// fails with `reason`, and it is never recorded.
final class UnreadableImage: UIImage, SnapshotRefusal, @unchecked Sendable {
    let reason: String
    var refusalMessage: String { reason }

    init(reason: String) {
        self.reason = reason
        super.init(cgImage: CGImage(width: 1, height: 1, pixels: [0, 0, 0, 0], isOpaque: false), scale: 1, orientation: .up)
    }

    required init?(coder: NSCoder) { nil }

    required convenience init(imageLiteralResourceName name: String) {
        self.init(reason: "Image \(name) is not a snapshot.")
    }
}

/// PNG bytes as references store them: the image's pixels, fixed encoder settings, no time
/// or text chunks, so the same pixels always give the same file.
enum ImageFiles {
    static func png(_ image: UIImage) -> Data {
        image.cgImage?.pngData() ?? Data()
    }
}

/// Pixel comparison as swift-snapshot-testing defines it.
enum ImageComparison {
    /// Nil when `snapshot` matches `reference` within the tolerances, else why not.
    static func compare(_ reference: UIImage, _ snapshot: UIImage, precision: Float, perceptualPrecision: Float) -> String? {
        if let unreadable = reference as? UnreadableImage { return unreadable.reason }
        guard let old = reference.cgImage else { return "Reference image could not be loaded." }
        guard let new = snapshot.cgImage else { return "Newly-taken snapshot could not be loaded." }
        guard new.width != 0, new.height != 0 else { return "Newly-taken snapshot is empty." }
        guard old.width == new.width, old.height == new.height else {
            return "Newly-taken snapshot@\(snapshot.size) does not match reference@\(reference.size)."
        }
        let a = old.pixels, b = new.pixels
        let same = a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
        if same { return nil }
        if precision >= 1, perceptualPrecision >= 1 { return "Newly-taken snapshot does not match reference." }
        let pixelCount = old.width * old.height
        if perceptualPrecision < 1 {
            // Only pixels whose bytes differ can be perceptibly different: the others are ΔE 0.
            let threshold = Double(1 - perceptualPrecision) * 100
            var failing = 0
            var worst = 0.0
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    var i = 0
                    while i < a.count {
                        if a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] || a[i + 3] != b[i + 3] {
                            let delta = LabColor(a[i], a[i + 1], a[i + 2], a[i + 3]).deltaE94(LabColor(b[i], b[i + 1], b[i + 2], b[i + 3]))
                            if delta > threshold { failing += 1 }
                            worst = max(worst, delta)
                        }
                        i += 4
                    }
                }
            }
            let matching = 1 - Float(failing) / Float(pixelCount)
            guard matching < precision else { return nil }
            let lowest = 1 - min(Float(worst) / 100, 1)
            return """
            The percentage of pixels that match \(matching) is less than required \(precision)
            The lowest perceptual color precision \(lowest) is less than required \(perceptualPrecision)
            """
        }
        var differentBytes = 0
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for i in 0..<a.count where a[i] != b[i] { differentBytes += 1 }
            }
        }
        let actual = 1 - Float(differentBytes) / Float(a.count)
        guard actual < precision else { return nil }
        return "Actual image precision \(actual) is less than required \(precision)"
    }

    /// |snapshot − reference| per channel on opaque black, the size of the larger: identical
    /// pixels are black.
    static func difference(_ reference: UIImage, _ snapshot: UIImage) -> UIImage? {
        guard let old = reference.cgImage, let new = snapshot.cgImage else { return nil }
        let width = max(old.width, new.width), height = max(old.height, new.height)
        guard width > 0, height > 0 else { return nil }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let oldPixels = old.pixels, newPixels = new.pixels
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                for c in 0..<3 {
                    let p = y < old.height && x < old.width ? Int(oldPixels[(y * old.width + x) * 4 + c]) : 0
                    let q = y < new.height && x < new.width ? Int(newPixels[(y * new.width + x) * 4 + c]) : 0
                    out[o + c] = UInt8(abs(p - q))
                }
                out[o + 3] = 255
            }
        }
        return UIImage(cgImage: CGImage(width: width, height: height, pixels: out, isOpaque: true),
                       scale: max(reference.scale, snapshot.scale), orientation: .up)
    }
}

/// A colour in CIE L*a*b* (D65), from premultiplied sRGB bytes.
struct LabColor {
    let l: Double, a: Double, b: Double

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8) {
        func linear(_ value: UInt8) -> Double {
            // Premultiplied values are the colour over black, which is what the eye sees of a
            // translucent pixel on the black a reference is compared on.
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let r = linear(red), g = linear(green), bl = linear(blue)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * bl
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        l = 116 * fy - 16
        a = 500 * (fx - fy)
        b = 200 * (fy - fz)
        _ = alpha
    }

    /// ΔE 1994 (graphic arts weights: kL = kC = kH = 1, K1 = 0.045, K2 = 0.015), capped at 100.
    func deltaE94(_ other: LabColor) -> Double {
        let dl = l - other.l
        let c1 = (a * a + b * b).squareRoot(), c2 = (other.a * other.a + other.b * other.b).squareRoot()
        let dc = c1 - c2
        let da = a - other.a, db = b - other.b
        let dh2 = max(0, da * da + db * db - dc * dc)
        let sc = 1 + 0.045 * c1, sh = 1 + 0.015 * c1
        let value = (dl * dl + (dc / sc) * (dc / sc) + dh2 / (sh * sh)).squareRoot()
        return min(value, 100)
    }
}
