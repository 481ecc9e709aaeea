import Cocoa
import Testing

/// AppKit API macOS code uses beyond views and layers, with `import Cocoa` as such code writes
/// it: colour components and the named control colours, path elements, fonts and the screen.
@MainActor
@Suite struct AppKitAdditionsTests {
    @Test func colourComponents() throws {
        let color = NSColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        color.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r - 0.2) < 1e-9 && abs(g - 0.4) < 1e-9 && abs(b - 0.6) < 1e-9 && abs(a - 0.8) < 1e-9)
        #expect(NSColor(white: 0.25, alpha: 1).whiteComponent == 0.25)
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0
        NSColor(red: 0, green: 1, blue: 0, alpha: 1).getHue(&h, saturation: &s, brightness: &v, alpha: nil)
        #expect(abs(h - 1.0 / 3) < 1e-9 && s == 1 && v == 1)
        let gray = try #require(NSColor(white: 0.5, alpha: 1).usingColorSpace(.genericGray))
        #expect(gray.whiteComponent == 0.5)
        #expect(NSColor.red.usingColorSpace(.deviceGray) == nil)
        #expect(NSColor.red.usingColorSpace(.sRGB) == NSColor.red)
        #expect(NSColor.controlShadowColor.whiteComponent == 0.5)
        #expect(NSColor.controlTextColor.alphaComponent > 0)
    }

    @Test func pathElements() {
        let path = NSBezierPath()
        path.move(to: NSPoint(x: 0, y: 0))
        path.line(to: NSPoint(x: 10, y: 0))
        path.curve(to: NSPoint(x: 20, y: 10), controlPoint1: NSPoint(x: 12, y: 0), controlPoint2: NSPoint(x: 20, y: 8))
        path.close()
        #expect(path.elementCount == 4)
        var points = [NSPoint](repeating: .zero, count: 3)
        #expect(path.element(at: 0, associatedPoints: &points) == .moveTo && points[0] == .zero)
        #expect(path.element(at: 1) == .lineTo)
        #expect(path.element(at: 2, associatedPoints: &points) == .curveTo)
        #expect(points == [NSPoint(x: 12, y: 0), NSPoint(x: 20, y: 8), NSPoint(x: 20, y: 10)])
        #expect(path.element(at: 3) == .closePath)
    }

    @Test func fontsAndTheScreen() throws {
        let system = NSFont.systemFont(ofSize: 0)
        #expect(system.pointSize == NSFont.systemFontSize && NSFont.systemFontSize == 13)
        let bold = NSFont.boldSystemFont(ofSize: 20)
        #expect(bold.pointSize == 20 && bold.ascender > 0 && bold.descender < 0)
        #expect(NSFont(name: "No Such Font", size: 12) == nil)
        let mono = NSFont.monospacedSystemFont(ofSize: 12, weight: .regular)
        #expect(mono.isFixedPitch)
        // An NSFont sets the font of attributed text.
        let text = NSAttributedString(string: "Hi", attributes: [.font: NSFont.systemFont(ofSize: 40)])
        #expect(text.size().height > 40)
        let screen = try #require(NSScreen.main)
        #expect(NSScreen.screens.count == 1 && screen.frame.width > 0 && screen.visibleFrame == screen.frame)
        #expect(screen.backingScaleFactor >= 1)
    }
}
