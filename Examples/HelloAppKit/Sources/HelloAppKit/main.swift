import AppKit

// The seeds' macOS steps, as a small AppKit app: views opt in to Core Animation with
// `wantsLayer`, choose their layer class with `makeBackingLayer()`, take an NSImage as layer
// contents, style their layer in `updateLayer()`, and one view hosts a layer tree of its own.

/// Draws a dial with NSBezierPath in its y-up bounds.
final class DialView: NSView {
    override func draw(_ dirtyRect: NSRect) {
        NSColor.white.setFill()
        NSBezierPath(ovalIn: bounds.insetBy(dx: 4, dy: 4)).fill()
        NSColor.darkGray.setStroke()
        let rim = NSBezierPath(ovalIn: bounds.insetBy(dx: 4, dy: 4))
        rim.lineWidth = 3
        rim.stroke()
        for hour in 0..<12 {
            let angle = CGFloat(hour) * .pi / 6
            let center = NSPoint(x: bounds.midX, y: bounds.midY)
            let tick = NSBezierPath()
            tick.move(to: NSPoint(x: center.x + cos(angle) * 56, y: center.y + sin(angle) * 56))
            tick.line(to: NSPoint(x: center.x + cos(angle) * 64, y: center.y + sin(angle) * 64))
            tick.lineWidth = 2
            tick.stroke()
        }
    }
}

/// A hand: its layer is a shape layer, chosen by makeBackingLayer().
final class HandView: NSView {
    override func makeBackingLayer() -> CALayer {
        let shape = CAShapeLayer()
        shape.fillColor = NSColor.systemRed.cgColor
        return shape
    }
}

/// Styles its layer instead of drawing.
final class StatusView: NSView {
    var isOnline = true { didSet { needsDisplay = true } }
    override var wantsUpdateLayer: Bool { true }
    override func updateLayer() {
        layer?.backgroundColor = (isOnline ? NSColor.systemGreen : NSColor.systemGray).cgColor
        layer?.cornerRadius = bounds.height / 2
    }
}

final class AppDelegate: NSObject, NSApplicationDelegate {
    var window: NSWindow!

    func applicationDidFinishLaunching(_ notification: Notification) {
        window = NSWindow(contentRect: NSRect(x: 0, y: 0, width: 360, height: 200),
                          styleMask: [.titled, .closable, .resizable], backing: .buffered, defer: false)
        window.title = "Hello AppKit"
        window.backgroundColor = .windowBackgroundColor
        let content = window.contentView!

        let dial = DialView(frame: NSRect(x: 20, y: 20, width: 160, height: 160))
        dial.wantsLayer = true
        content.addSubview(dial)

        // The hand points up: in y-up coordinates its tip is at the top of its bounds.
        let hand = HandView(frame: NSRect(x: 96, y: 100, width: 8, height: 60))
        hand.wantsLayer = true
        (hand.layer as? CAShapeLayer)?.path = CGPath(roundedRect: hand.bounds, cornerWidth: 4, cornerHeight: 4, transform: nil)
        content.addSubview(hand)

        let badge = NSImage(size: NSSize(width: 64, height: 64), flipped: false) { rect in
            NSColor.systemBlue.setFill()
            NSBezierPath(roundedRect: rect, xRadius: 14, yRadius: 14).fill()
            NSColor.white.setFill()
            NSBezierPath(ovalIn: NSRect(x: 20, y: 20, width: 24, height: 24)).fill()
            return true
        }
        let icon = NSView(frame: NSRect(x: 210, y: 116, width: 64, height: 64))
        icon.wantsLayer = true
        icon.layer?.contents = badge
        icon.layer?.shadowOpacity = 0.4
        icon.layer?.shadowOffset = CGSize(width: 0, height: -3)
        content.addSubview(icon)

        let status = StatusView(frame: NSRect(x: 290, y: 140, width: 20, height: 20))
        status.wantsLayer = true
        content.addSubview(status)

        // Layer-hosting: set the layer first, then wantsLayer.
        let meter = NSView(frame: NSRect(x: 210, y: 20, width: 130, height: 76))
        let meterLayer = CALayer()
        meterLayer.backgroundColor = NSColor.white.cgColor
        meterLayer.cornerRadius = 8
        for (i, level) in [0.3, 0.55, 0.8, 0.45].enumerated() {
            let bar = CALayer()
            bar.frame = CGRect(x: 12 + CGFloat(i) * 28, y: 8, width: 20, height: 60 * level)
            bar.backgroundColor = NSColor.systemOrange.cgColor
            meterLayer.addSublayer(bar)
        }
        meter.layer = meterLayer
        meter.wantsLayer = true
        content.addSubview(meter)

        window.makeKeyAndOrderFront(nil)
    }

    func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool { true }
}

let app = NSApplication.shared
let delegate = AppDelegate()
app.delegate = delegate
app.run()

// `run()` returns only with LAMINA_EXIT_AFTER_LAUNCH=1 (headless tools and CI): write the
// window as a PNG.
let content = delegate.window.contentView!
if let bitmap = content.bitmapImageRepForCachingDisplay(in: content.bounds) {
    content.cacheDisplay(in: content.bounds, to: bitmap)
    if let png = bitmap.representation(using: .png, properties: [:]) {
        let output = CommandLine.arguments.dropFirst().first ?? "hello-appkit.png"
        try png.write(to: URL(fileURLWithPath: output))
        print("wrote \(output) (\(bitmap.pixelsWide)×\(bitmap.pixelsHigh) px)")
    }
}
