import CoreGraphics
import Foundation
import Testing

/// PDF pages read and drawn as vector art: a real exported file (Flate-compressed, with a
/// cross-reference table) and documents written here by hand to reach each feature — object
/// streams, forms, transparency, clipping, colour spaces — and hostile input.
@Suite struct CGPDFDocumentTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A PDF file from objects (numbered from 1), with a cross-reference table.
    static func pdf(_ objects: [String]) -> Data {
        var out = "%PDF-1.5\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.utf8.count)
            // An empty entry is an object stored in an object stream.
            if !object.isEmpty { out += "\(index + 1) 0 obj\n\(object)\nendobj\n" }
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(format: "%010d 00000 n \n", offset) }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }

    /// A one-page document whose page (`size` square) runs `content`, with `resources`.
    static func page(_ content: String, size: Int = 20, resources: String = "<< >>", extra: [String] = []) -> CGPDFDocument? {
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>",
                       "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(size) \(size)] /Resources \(resources) /Contents 4 0 R >>",
                       "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"] + extra
        return CGPDFDocument(CGDataProvider(data: pdf(objects))!)
    }

    /// The page drawn into an RGBA bitmap `size` pixels square; `pixel(x, y)` reads it in the
    /// page's coordinates (y up).
    struct Drawn {
        let bytes: [UInt8]
        let size: Int
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let row = size - 1 - y
            let i = (row * size + x) * 4
            return Array(bytes[i..<(i + 4)])
        }
    }

    static func draw(_ document: CGPDFDocument?, size: Int = 20) throws -> Drawn {
        let page = try #require(document?.page(at: 1))
        var bytes = [UInt8](repeating: 0, count: size * size * 4)
        bytes.withUnsafeMutableBytes { raw in
            let context = CGContext(data: raw.baseAddress, width: size, height: size, bitsPerComponent: 8, bytesPerRow: size * 4,
                                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            let box = page.getBoxRect(.mediaBox)
            context.scaleBy(x: CGFloat(size) / box.width, y: CGFloat(size) / box.height)
            context.drawPDFPage(page)
        }
        return Drawn(bytes: bytes, size: size)
    }

    @Test func anExportedPageIsDrawnAsVectorArt() throws {
        let document = try #require(CGPDFDocument(CGPDFDocumentTests.fixtures.appendingPathComponent("logo.pdf") as CFURL))
        #expect(document.numberOfPages == 1)
        #expect(document.page(at: 0) == nil && document.page(at: 2) == nil)
        let page = try #require(document.page(at: 1))
        #expect(page.pageNumber == 1)
        #expect(page.getBoxRect(.mediaBox) == CGRect(x: 0, y: 0, width: 80, height: 80))
        #expect(page.getBoxRect(.trimBox) == CGRect(x: 0, y: 0, width: 80, height: 80))
        var major: Int32 = 0, minor: Int32 = 0
        document.getVersion(majorVersion: &major, minorVersion: &minor)
        #expect(major == 1 && minor == 4)
        // Drawn at twice its size: the orange rounded square, the white lines, clear corners.
        let drawn = try CGPDFDocumentTests.draw(document, size: 160)
        #expect(drawn.pixel(20, 80) == [217, 115, 38, 255])
        #expect(drawn.pixel(80, 107) == [255, 255, 255, 255])
        #expect(drawn.pixel(2, 2) == [0, 0, 0, 0])
        #expect(drawn.pixel(10, 10)[3] < 255, "the rounded corner is cut")
    }

    @Test func fillsStrokesAndEvenOddRules() throws {
        // A red square with a hole (even-odd), a blue stroke, a gray fill.
        let drawn = try CGPDFDocumentTests.draw(CGPDFDocumentTests.page("""
            1 0 0 rg 2 2 16 16 re 6 6 8 8 re f*
            0 0 1 RG 2 w 0 19 m 20 19 l S
            0.5 g 9 9 2 2 re f
            """))
        #expect(drawn.pixel(3, 3) == [255, 0, 0, 255])
        #expect(drawn.pixel(7, 7) == [0, 0, 0, 0], "the hole")
        #expect(drawn.pixel(10, 19) == [0, 0, 255, 255])
        #expect(drawn.pixel(9, 9) == [128, 128, 128, 255] || drawn.pixel(9, 9) == [127, 127, 127, 255])
    }

    @Test func transformsClipsAndTheStateStack() throws {
        let drawn = try CGPDFDocumentTests.draw(CGPDFDocumentTests.page("""
            q 1 0 0 1 10 0 cm 0 1 0 rg 0 0 5 5 re f Q
            0 0 1 rg 0 0 5 5 re f
            q 0 0 10 20 re W n 1 0 0 rg 0 15 20 5 re f Q
            """))
        #expect(drawn.pixel(12, 2) == [0, 255, 0, 255], "translated by cm")
        #expect(drawn.pixel(2, 2) == [0, 0, 255, 255], "Q restored the transform")
        #expect(drawn.pixel(5, 17) == [255, 0, 0, 255])
        #expect(drawn.pixel(15, 17) == [0, 0, 0, 0], "clipped away")
    }

    @Test func colourSpacesAndTransparency() throws {
        let drawn = try CGPDFDocumentTests.draw(CGPDFDocumentTests.page("""
            0 1 1 0 k 0 0 10 10 re f
            /CS0 cs 1 1 0 sc 10 0 10 10 re f
            /Half gs 0 0 0 rg 0 10 10 10 re f
            """, resources: "<< /ColorSpace << /CS0 [/ICCBased 5 0 R] >> /ExtGState << /Half << /ca 0.5 >> >> >>",
            extra: ["<< /N 3 /Length 0 >>\nstream\n\nendstream"]))
        #expect(drawn.pixel(5, 5) == [255, 0, 0, 255], "cyan 0, magenta 1, yellow 1: red")
        #expect(drawn.pixel(15, 5) == [255, 255, 0, 255], "an ICC-based RGB space")
        #expect(drawn.pixel(5, 15)[3] == 128 || drawn.pixel(5, 15)[3] == 127, "half transparent fill")
    }

    @Test func formsAndObjectStreams() throws {
        // The page and the form live in an object stream; the form is drawn twice, moved.
        let form = "0 0 1 rg 0 0 4 4 re f"
        let formObject = "<< /Type /XObject /Subtype /Form /BBox [0 0 4 4] /Length \(form.utf8.count) >>\nstream\n\(form)\nendstream"
        let content = "/F1 Do q 1 0 0 1 10 10 cm /F1 Do Q"
        let pages = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
        let page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 20 20] /Resources << /XObject << /F1 5 0 R >> >> /Contents 4 0 R >>"
        let inner = pages + " " + page
        let header = "2 0 3 \(pages.utf8.count + 1) "
        let stored = header + inner
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>", "", "",
                       "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
                       formObject,
                       "<< /Type /ObjStm /N 2 /First \(header.utf8.count) /Length \(stored.utf8.count) >>\nstream\n\(stored)\nendstream"]
        let document = try #require(CGPDFDocument(CGDataProvider(data: CGPDFDocumentTests.pdf(objects))!))
        #expect(document.numberOfPages == 1)
        let drawn = try CGPDFDocumentTests.draw(document)
        #expect(drawn.pixel(2, 2) == [0, 0, 255, 255])
        #expect(drawn.pixel(12, 12) == [0, 0, 255, 255])
        #expect(drawn.pixel(7, 7) == [0, 0, 0, 0])
    }

    @Test func drawingTransformsFitTheBoxAndNeverEnlarge() throws {
        let document = try #require(CGPDFDocumentTests.page("", size: 100))
        let page = try #require(document.page(at: 1))
        // Scaled down to fit, centred.
        let down = page.getDrawingTransform(.mediaBox, rect: CGRect(x: 0, y: 0, width: 50, height: 80), rotate: 0, preserveAspectRatio: true)
        #expect(CGPoint(x: 0, y: 0).applying(down) == CGPoint(x: 0, y: 15))
        #expect(CGPoint(x: 100, y: 100).applying(down) == CGPoint(x: 50, y: 65))
        // Not enlarged: centred at its own size.
        let same = page.getDrawingTransform(.mediaBox, rect: CGRect(x: 0, y: 0, width: 300, height: 300), rotate: 0, preserveAspectRatio: true)
        #expect(CGPoint(x: 0, y: 0).applying(same) == CGPoint(x: 100, y: 100))
    }

    @Test func hostileFilesFailFast() {
        #expect(CGPDFDocument(CGDataProvider(data: Data("hello".utf8))!) == nil)
        #expect(CGPDFDocument(CGDataProvider(data: Data())!) == nil)
        #expect(CGPDFDocument(URL(fileURLWithPath: "/nonexistent.pdf") as CFURL) == nil)
        // Arrays nested without end, a page tree that loops, a stream that never ends.
        let nested = String(repeating: "[", count: 100_000)
        let looping = CGPDFDocumentTests.pdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [2 0 R 3 0 R] >>",
                                              "<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>", "<< /Length 5 >>\nstream\n\(nested)"])
        let document = CGPDFDocument(CGDataProvider(data: looping)!)
        #expect(document?.numberOfPages == 1)
        // Drawing what there is ends.
        if let page = document?.page(at: 1) {
            let context = CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            context.drawPDFPage(page)
        }
        // An operator stream of garbage draws nothing and ends.
        let garbage = (0..<20_000).map { _ in String(UnicodeScalar(UInt8.random(in: 33...126))) }.joined()
        _ = try? CGPDFDocumentTests.draw(CGPDFDocumentTests.page(garbage))
    }
}
