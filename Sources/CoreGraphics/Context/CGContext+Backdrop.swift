import Foundation

extension CGContext {
    /// Blurs what is already drawn under `path` (user space) with a Gaussian of `sigma` device
    /// pixels and paints the blur back inside the path and the current clip: the backdrop of
    /// a blur effect view. Pixels beyond the bitmap's edge repeat its edge.
    ///
    /// The region is read at a lower resolution for wide blurs (a step of a third of `sigma`),
    /// blurred with three box passes per axis (≈ a Gaussian), and drawn back scaled up.
    package func blurBackdrop(under path: CGPath, sigma: CGFloat) {
        guard sigma.isFinite, sigma > 0.5, width > 0, height > 0 else { return }
        let box = path.boundingBoxOfPath.applying(userToPixel)
        guard box.isFiniteRect, !box.isEmpty else { return }
        let margin = Int((3 * sigma).rounded(.up)) + 1
        let x0 = Swift.max(0, Int(box.minX.rounded(.down)) - margin)
        let y0 = Swift.max(0, Int(box.minY.rounded(.down)) - margin)
        let x1 = Swift.min(width, Int(box.maxX.rounded(.up)) + margin)
        let y1 = Swift.min(height, Int(box.maxY.rounded(.up)) + margin)
        guard x1 > x0, y1 > y0 else { return }
        clearIfNeeded()
        gray?.load(into: bitmap, DeviceRect(x0: x0, y0: y0, x1: x1, y1: y1))
        let step = Swift.max(1, Int(sigma / 3))
        let w = (x1 - x0 + step - 1) / step, h = (y1 - y0 + step - 1) / step
        var planes = [Float](repeating: 0, count: w * h * 4)
        let l = layout
        // Averages of step × step blocks (premultiplied).
        planes.withUnsafeMutableBufferPointer { out in
            for by in 0..<h {
                for bx in 0..<w {
                    var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0, n: Float = 0
                    for y in (y0 + by * step)..<Swift.min(y1, y0 + (by + 1) * step) {
                        let row = bitmap.row(y)
                        for x in (x0 + bx * step)..<Swift.min(x1, x0 + (bx + 1) * step) {
                            let p = row + x * 4
                            r += Float(p[l.red]); g += Float(p[l.green]); b += Float(p[l.blue])
                            a += l.hasAlpha ? Float(p[l.alpha]) : 255
                            n += 1
                        }
                    }
                    let o = (by * w + bx) * 4
                    out[o] = r / n; out[o + 1] = g / n; out[o + 2] = b / n; out[o + 3] = a / n
                }
            }
        }
        BackdropBlur.gaussian(&planes, width: w, height: h, sigma: Double(sigma) / Double(step))
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for i in stride(from: 0, to: planes.count, by: 4) {
            let alpha = Swift.min(Swift.max(planes[i + 3].rounded(), 0), 255)
            pixels[i + 3] = UInt8(alpha)
            for c in 0..<3 { pixels[i + c] = UInt8(Swift.min(Swift.max(planes[i + c].rounded(), 0), alpha)) }
        }
        let image = CGImage(width: w, height: h, pixels: pixels, isOpaque: false)
        saveGState()
        addPath(path)
        clip()
        // Device space (y up): the block grid's rectangle, drawn over what was there.
        concatenate(ctm.inverted())
        setBlendMode(.copy)
        interpolationQuality = .high
        draw(image, in: CGRect(x: x0, y: height - (y0 + h * step), width: w * step, height: h * step))
        restoreGState()
    }
}

/// Three box blurs per axis over interleaved RGBA floats, the edges repeated.
enum BackdropBlur {
    static func gaussian(_ values: inout [Float], width: Int, height: Int, sigma: Double) {
        guard width > 0, height > 0, sigma > 0 else { return }
        var size = Int((sqrt(4 * sigma * sigma + 1)).rounded())
        if size % 2 == 0 { size += 1 }
        let radius = size / 2
        guard radius > 0 else { return }
        var scratch = values
        for _ in 0..<3 {
            pass(values, into: &scratch, count: width, lines: height, along: 4, across: width * 4, radius: radius)
            pass(scratch, into: &values, count: height, lines: width, along: width * 4, across: 4, radius: radius)
        }
    }

    /// One box blur along lines of `count` pixels `along` floats apart, lines `across` apart.
    private static func pass(_ src: [Float], into dst: inout [Float], count: Int, lines: Int, along: Int, across: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                for line in 0..<lines {
                    let base = line * across
                    for c in 0..<4 {
                        @inline(__always) func at(_ i: Int) -> Float { s[base + Swift.min(Swift.max(i, 0), count - 1) * along + c] }
                        var sum: Float = 0
                        for i in -radius...radius { sum += at(i) }
                        for i in 0..<count {
                            d[base + i * along + c] = sum * scale
                            sum += at(i + radius + 1) - at(i - radius)
                        }
                    }
                }
            }
        }
    }
}
