import CoreGraphics
import Foundation

/// Compares rendered images with reference PNGs committed beside the tests.
///
/// References live in `Tests/<Target>/ReferenceImages/<suite>/<name>.png`. A pixel matches
/// when every channel differs by at most `tolerance` (0…255). `RECORD_REFERENCES=1` rewrites
/// the references instead of comparing. On a mismatch the actual image and an amplified
/// difference image are written under `.build/reference-failures/<suite>/`.
public enum ReferenceImage {
    /// The result of one comparison: nil when it matched (or was recorded), else a message.
    public static func mismatch(
        _ image: CGImage, suite: String, name: String, tolerance: Int = 2, testFile: String = #filePath
    ) -> String? {
        // The test target's folder: the ancestor of the calling file directly under Tests/.
        var testsDirectory = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        while testsDirectory.deletingLastPathComponent().lastPathComponent != "Tests",
              testsDirectory.pathComponents.count > 2 {
            testsDirectory = testsDirectory.deletingLastPathComponent()
        }
        let referenceURL = testsDirectory
            .appendingPathComponent("ReferenceImages").appendingPathComponent(suite)
            .appendingPathComponent(name + ".png")
        guard let actualData = image.pngData() else { return "could not encode the actual image" }
        if ProcessInfo.processInfo.environment["RECORD_REFERENCES"] == "1" {
            try? FileManager.default.createDirectory(
                at: referenceURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            do { try actualData.write(to: referenceURL) } catch { return "could not record \(referenceURL.path): \(error)" }
            return nil
        }
        guard let referenceData = FileManager.default.contents(atPath: referenceURL.path),
              let reference = CGImage.decodePNG(referenceData)
        else {
            let actual = writeFailure(actualData, suite: suite, file: name + "-actual.png", near: testsDirectory)
            return "missing reference \(referenceURL.path); actual written to \(actual)"
        }
        guard reference.width == image.width, reference.height == image.height else {
            let actual = writeFailure(actualData, suite: suite, file: name + "-actual.png", near: testsDirectory)
            return "size \(image.width)×\(image.height) differs from reference \(reference.width)×\(reference.height); actual: \(actual)"
        }
        // Decode the actual image through PNG as well, so both sides went through the codec.
        guard let actual = CGImage.decodePNG(actualData) else { return "could not decode the actual image" }
        let a = pixels(of: actual), r = pixels(of: reference)
        var differing = 0
        var worst = 0
        var diff = [UInt8](repeating: 0, count: a.count)
        for i in stride(from: 0, to: a.count, by: 4) {
            var pixelWorst = 0
            for c in 0..<4 { pixelWorst = max(pixelWorst, abs(Int(a[i + c]) - Int(r[i + c]))) }
            worst = max(worst, pixelWorst)
            if pixelWorst > tolerance { differing += 1 }
            let amplified = UInt8(min(255, pixelWorst * 8))
            diff[i] = amplified; diff[i + 1] = 0; diff[i + 2] = 0; diff[i + 3] = 255
        }
        guard differing > 0 else { return nil }
        let actualPath = writeFailure(actualData, suite: suite, file: name + "-actual.png", near: testsDirectory)
        var diffPath = "?"
        let diffData: Data? = diff.withUnsafeMutableBytes { raw in
            CGContext(
                data: raw.baseAddress, width: actual.width, height: actual.height, bitsPerComponent: 8,
                bytesPerRow: actual.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage()?.pngData()
        }
        if let diffData {
            diffPath = writeFailure(diffData, suite: suite, file: name + "-diff.png", near: testsDirectory)
        }
        return "\(differing) pixels differ by more than \(tolerance) (worst \(worst)); actual: \(actualPath), diff: \(diffPath)"
    }

    /// A transparent RGBA bitmap of `size` points at `scale` pixels per point whose user space
    /// is y-down with the origin at the top left, as UIKit and layer drawing see it.
    public static func layerCanvas(_ size: CGSize, scale: CGFloat = 2) -> CGContext {
        let ctx = CGContext(
            data: nil, width: Int(size.width * scale), height: Int(size.height * scale), bitsPerComponent: 8,
            bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: size.height * scale)
        ctx.scaleBy(x: scale, y: -scale)
        return ctx
    }

    /// The premultiplied RGBA bytes of an image, read back through a bitmap context.
    public static func pixels(of image: CGImage) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: image.width * image.height * 4)
        bytes.withUnsafeMutableBytes { raw in
            let context = CGContext(
                data: raw.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            context.setBlendMode(.copy)
            context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        }
        return bytes
    }

    private static func writeFailure(_ data: Data, suite: String, file: String, near tests: URL) -> String {
        // Tests/<Target>/ → package root → .build/reference-failures/<suite>/
        let root = tests.deletingLastPathComponent().deletingLastPathComponent()
        let directory = root.appendingPathComponent(".build/reference-failures").appendingPathComponent(suite)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(file)
        try? data.write(to: url)
        return url.path
    }
}
