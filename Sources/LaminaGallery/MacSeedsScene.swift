import AppKit

/// The seeds' macOS steps as one AppKit window's content, written as macOS code writes it:
/// a view drawing in `draw(_:)` made layer-backed with `wantsLayer`, a gradient layer class
/// from `makeBackingLayer()`, layer styles with a macOS shadow (negative y is down), an
/// `NSImage` as layer contents, and a layer-hosting view with its own sublayers — all in
/// AppKit's y-up coordinates.
@MainActor
public enum MacSeedsScene {
    public static let size = NSSize(width: 320, height: 220)

    /// Draws a rounded card and a ring with NSBezierPath, y-up.
    final class CardView: NSView {
        override func draw(_ dirtyRect: NSRect) {
            NSColor.systemBlue.setFill()
            NSBezierPath(roundedRect: bounds.insetBy(dx: 4, dy: 4), xRadius: 12, yRadius: 12).fill()
            NSColor.white.setStroke()
            let ring = NSBezierPath(ovalIn: NSRect(x: 14, y: 14, width: 36, height: 36))
            ring.lineWidth = 4
            ring.stroke()
            // A bar along the bottom edge shows which way y runs.
            NSColor.systemYellow.setFill()
            NSRect(x: 60, y: 12, width: bounds.width - 72, height: 10).fill()
        }
    }

    /// A view whose layer is a gradient, chosen by `makeBackingLayer()`.
    final class GradientView: NSView {
        override func makeBackingLayer() -> CALayer {
            let gradient = CAGradientLayer()
            gradient.colors = [NSColor.systemPurple.cgColor, NSColor.systemOrange.cgColor]
            // In a y-up layer (0.5, 0) is the bottom edge.
            gradient.startPoint = CGPoint(x: 0.5, y: 0)
            gradient.endPoint = CGPoint(x: 0.5, y: 1)
            gradient.cornerRadius = 12
            gradient.masksToBounds = true
            return gradient
        }
    }

    /// A view whose subviews are placed from the top.
    final class FlippedStack: NSView {
        override var isFlipped: Bool { true }
    }

    /// The window's content view.
    public static func makeContentView() -> NSView {
        let content = NSView(frame: NSRect(origin: .zero, size: size))
        content.wantsLayer = true

        let card = CardView(frame: NSRect(x: 16, y: 120, width: 136, height: 84))
        card.wantsLayer = true
        content.addSubview(card)

        let gradient = GradientView(frame: NSRect(x: 168, y: 120, width: 136, height: 84))
        gradient.wantsLayer = true
        // Subviews placed from the top of a flipped view: a white strip near its top.
        let stack = FlippedStack(frame: gradient.bounds)
        let strip = NSView(frame: NSRect(x: 12, y: 12, width: 112, height: 12))
        strip.wantsLayer = true
        strip.layer?.backgroundColor = NSColor.white.withAlphaComponent(0.8).cgColor
        strip.layer?.cornerRadius = 6
        stack.addSubview(strip)
        gradient.addSubview(stack)
        content.addSubview(gradient)

        let styled = NSView(frame: NSRect(x: 16, y: 20, width: 88, height: 80))
        styled.wantsLayer = true
        if let layer = styled.layer {
            layer.backgroundColor = NSColor.systemTeal.cgColor
            layer.cornerRadius = 10
            layer.borderWidth = 3
            layer.borderColor = NSColor.white.cgColor
            layer.shadowOpacity = 0.45
            layer.shadowOffset = CGSize(width: 0, height: -5)
            layer.shadowRadius = 4
        }
        content.addSubview(styled)

        let picture = NSImage(size: NSSize(width: 80, height: 80), flipped: false) { rect in
            NSColor.systemRed.setFill()
            NSBezierPath(ovalIn: rect.insetBy(dx: 6, dy: 6)).fill()
            NSColor.white.setFill()
            NSRect(x: 20, y: 36, width: 40, height: 8).fill()
            NSRect(x: 36, y: 50, width: 8, height: 20).fill()
            return true
        }
        let imageView = NSView(frame: NSRect(x: 120, y: 20, width: 80, height: 80))
        imageView.wantsLayer = true
        imageView.layer?.contents = picture
        imageView.layer?.contentsScale = picture.recommendedLayerContentsScale(2)
        content.addSubview(imageView)

        // Layer-hosting: the app's layer (assigned before wantsLayer) and its sublayers.
        let hosting = NSView(frame: NSRect(x: 216, y: 20, width: 88, height: 80))
        let root = CALayer()
        root.backgroundColor = NSColor.white.cgColor
        root.cornerRadius = 8
        for (i, height) in [24, 44, 64].enumerated() {
            let bar = CALayer()
            bar.frame = CGRect(x: 12 + CGFloat(i) * 24, y: 8, width: 16, height: CGFloat(height))
            bar.backgroundColor = NSColor.systemGreen.cgColor
            bar.cornerRadius = 3
            root.addSublayer(bar)
        }
        hosting.layer = root
        hosting.wantsLayer = true
        content.addSubview(hosting)
        return content
    }

    /// The content in a layer whose sublayers run y-up (as a window's do): for drawing the
    /// scene outside a window.
    public static func makeLayer() -> CALayer {
        let upright = CALayer()
        upright.frame = CGRect(origin: .zero, size: size)
        upright.isGeometryFlipped = true
        upright.backgroundColor = NSColor.windowBackgroundColor.cgColor
        let view = makeContentView()
        if let content = view.layer { upright.addSublayer(content) }
        // The views draw their layers (a layer's delegate is held weakly): the layer keeps them.
        upright.setValue(view, forKey: "contentView")
        return upright
    }
}
