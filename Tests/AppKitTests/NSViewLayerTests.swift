import AppKit
import LaminaTestSupport
import Testing

/// A layer class a view asks for through `makeBackingLayer()`, as the seeds' macOS step does.
final class BadgeLayer: CALayer {}

final class BadgeView: NSView {
    var madeLayers = 0
    override func makeBackingLayer() -> CALayer {
        madeLayers += 1
        let layer = BadgeLayer()
        layer.cornerRadius = 8
        return layer
    }
}

/// Draws a bar along the bottom of its (y-up) bounds.
final class BarView: NSView {
    var draws = 0
    override func draw(_ dirtyRect: NSRect) {
        draws += 1
        NSColor.systemBlue.setFill()
        NSBezierPath(rect: NSRect(x: 0, y: 0, width: bounds.width, height: 10)).fill()
    }
}

/// Styles its layer instead of drawing.
final class TintView: NSView {
    var updates = 0
    var draws = 0
    override var wantsUpdateLayer: Bool { true }
    override func updateLayer() {
        updates += 1
        layer?.backgroundColor = NSColor.systemGreen.cgColor
    }
    override func draw(_ dirtyRect: NSRect) { draws += 1 }
}

/// The seeds' macOS steps: a view made layer-backed with `wantsLayer`, a layer class from
/// `makeBackingLayer()`, `NSImage` contents, `updateLayer()` instead of `draw(_:)`, and a
/// layer-hosting view with its own layer tree — with AppKit owning a backed layer's geometry
/// and its implicit animations.
@MainActor
@Suite struct NSViewLayerTests {
    private func pixels(of image: CGImage) -> (Int, Int) -> [UInt8] {
        let bytes = ReferenceImage.pixels(of: image)
        let width = image.width
        return { x, y in Array(bytes[(y * width + x) * 4..<(y * width + x) * 4 + 4]) }
    }

    private func window(width: CGFloat = 200, height: CGFloat = 100) -> NSWindow {
        let window = NSWindow(contentRect: NSRect(x: 0, y: 0, width: width, height: height),
                              styleMask: [.titled, .closable], backing: .buffered, defer: false)
        window.backgroundColor = .white
        return window
    }

    @Test func wantsLayerMakesTheViewAndItsSubviewsLayerBacked() throws {
        let view = NSView(frame: NSRect(x: 10, y: 20, width: 100, height: 50))
        let child = NSView(frame: NSRect(x: 5, y: 5, width: 20, height: 20))
        view.addSubview(child)
        #expect(view.layer == nil && child.layer == nil)
        view.wantsLayer = true
        let layer = try #require(view.layer)
        #expect(type(of: layer) == CALayer.self)
        #expect(layer.delegate === view)
        // AppKit keeps the layer where the view is: anchor at the origin, frame = view frame.
        #expect(layer.anchorPoint == .zero && layer.frame == NSRect(x: 10, y: 20, width: 100, height: 50))
        #expect(layer.bounds == view.bounds)
        // Subviews become layer-backed too, their layers inside the view's.
        let childLayer = try #require(child.layer)
        #expect(!child.wantsLayer && childLayer.superlayer === layer && childLayer.delegate === child)
        view.frame = NSRect(x: 0, y: 0, width: 120, height: 60)
        #expect(layer.frame == NSRect(x: 0, y: 0, width: 120, height: 60))
        // A flipped view's layer flips its sublayers' geometry.
        let flipped = FlippedView(frame: NSRect(x: 0, y: 0, width: 10, height: 10))
        view.addSubview(flipped)
        #expect(flipped.layer?.isGeometryFlipped == true && layer.isGeometryFlipped == false)
        view.wantsLayer = false
        #expect(view.layer == nil && child.layer == nil)
    }

    @Test func makeBackingLayerChoosesTheLayerClass() throws {
        let view = BadgeView(frame: NSRect(x: 0, y: 0, width: 40, height: 40))
        #expect(view.madeLayers == 0)
        view.wantsLayer = true
        #expect(view.madeLayers == 1)
        let layer = try #require(view.layer as? BadgeLayer)
        #expect(layer.cornerRadius == 8 && layer.delegate === view)
        view.frame.origin = NSPoint(x: 5, y: 5)
        #expect(view.madeLayers == 1 && view.layer === layer && layer.position == NSPoint(x: 5, y: 5))
        // A subview of a backed view gets its layer from its own makeBackingLayer().
        let parent = NSView(frame: NSRect(x: 0, y: 0, width: 100, height: 100))
        parent.wantsLayer = true
        let badge = BadgeView(frame: NSRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(badge)
        #expect(badge.madeLayers == 1 && badge.layer is BadgeLayer && badge.layer?.superlayer === parent.layer)
    }

    @Test func aBackedViewsLayerIsFilledFromDrawInItsOwnYUpSpace() throws {
        let window = window()
        let bar = BarView(frame: NSRect(x: 20, y: 20, width: 100, height: 40))
        bar.wantsLayer = true
        window.contentView?.addSubview(bar)
        window.makeKeyAndOrderFront(nil)
        let image = try #require(window.renderedImage())
        let pixel = pixels(of: image)
        let scale = image.width / 200
        #expect(bar.draws == 1 && bar.layer?.contents != nil)
        // The bar is the bottom 10 points of a view 20 points up: window y 20…30, which is
        // 70…80 down from the window's top.
        #expect(pixel(30 * scale, 75 * scale) == [0, 122, 255, 255])
        #expect(pixel(30 * scale, 65 * scale) == [255, 255, 255, 255])
        window.orderOut(nil)
    }

    @Test func aFlippedViewDrawsFromTheTopAndCacheDisplayCapturesWhatShows() throws {
        final class TopBar: NSView {
            override var isFlipped: Bool { true }
            override func draw(_ dirtyRect: NSRect) {
                NSColor.systemRed.setFill()
                NSRect(x: 0, y: 0, width: bounds.width, height: 10).fill()
            }
        }
        let window = window()
        let bar = TopBar(frame: NSRect(x: 20, y: 20, width: 100, height: 40))
        bar.wantsLayer = true
        let plain = BarView(frame: NSRect(x: 140, y: 20, width: 40, height: 40))
        window.contentView?.addSubview(bar)
        window.contentView?.addSubview(plain)
        window.makeKeyAndOrderFront(nil)
        let shot = try #require(window.renderedImage())
        let pixel = pixels(of: shot)
        let scale = shot.width / 200
        // The flipped view's first 10 points are its top: window y 50…60, 40…50 from the top.
        #expect(pixel(30 * scale, 45 * scale) == [255, 59, 48, 255])
        #expect(pixel(30 * scale, 75 * scale) == [255, 255, 255, 255])
        // The content view cached: the red bar near the top, the blue one at the bottom.
        let content = try #require(window.contentView)
        let rep = try #require(content.bitmapImageRepForCachingDisplay(in: content.bounds))
        #expect(rep.pixelsWide == 200 * scale && rep.pixelsHigh == 100 * scale)
        content.cacheDisplay(in: content.bounds, to: rep)
        let cached = pixels(of: try #require(rep.cgImage))
        #expect(cached(30 * scale, 45 * scale) == [255, 59, 48, 255])
        #expect(cached(150 * scale, 75 * scale) == [0, 122, 255, 255])
        // A part of it: the flipped view's own top half.
        let part = try #require(bar.bitmapImageRepForCachingDisplay(in: NSRect(x: 0, y: 0, width: 100, height: 20)))
        bar.cacheDisplay(in: NSRect(x: 0, y: 0, width: 100, height: 20), to: part)
        let top = pixels(of: try #require(part.cgImage))
        #expect(top(10 * scale, 5 * scale) == [255, 59, 48, 255])
        #expect(top(10 * scale, 15 * scale) == [0, 0, 0, 0])
        window.orderOut(nil)
    }

    @Test func updateLayerStylesTheLayerInsteadOfDrawing() throws {
        let window = window()
        let tint = TintView(frame: NSRect(x: 0, y: 0, width: 50, height: 50))
        tint.wantsLayer = true
        window.contentView?.addSubview(tint)
        window.makeKeyAndOrderFront(nil)
        _ = window.renderedImage()
        #expect(tint.updates == 1 && tint.draws == 0)
        #expect(tint.layer?.backgroundColor == NSColor.systemGreen.cgColor && tint.layer?.contents == nil)
        tint.needsDisplay = true
        _ = window.renderedImage()
        #expect(tint.updates == 2 && tint.draws == 0)
        // Without a layer, the view draws.
        let plain = TintView(frame: NSRect(x: 0, y: 0, width: 50, height: 50))
        window.contentView?.addSubview(plain)
        _ = window.renderedImage()
        #expect(plain.updates == 0 && plain.draws == 1)
        window.orderOut(nil)
    }

    @Test func anNSImageIsTakenAsLayerContents() throws {
        // A 2 × 2 point image drawn by a handler: red over green (y-up: green at the bottom).
        let image = NSImage(size: NSSize(width: 2, height: 2), flipped: false) { rect in
            NSColor.green.setFill()
            NSRect(x: 0, y: 0, width: 2, height: 1).fill()
            NSColor.red.setFill()
            NSRect(x: 0, y: 1, width: 2, height: 1).fill()
            return true
        }
        #expect(image.size == NSSize(width: 2, height: 2) && image.isValid)
        let bitmap = try #require(image.cgImage(forProposedRect: nil, context: nil, hints: nil))
        #expect(bitmap.width == 2 && bitmap.height == 2)
        let window = window(width: 100, height: 100)
        let view = NSView(frame: NSRect(x: 0, y: 0, width: 100, height: 100))
        view.wantsLayer = true
        view.layer?.contents = image
        view.layer?.magnificationFilter = .nearest
        window.contentView?.addSubview(view)
        window.makeKeyAndOrderFront(nil)
        let shot = try #require(window.renderedImage())
        let pixel = pixels(of: shot)
        let scale = shot.width / 100
        // Upright: red at the top, green at the bottom.
        #expect(pixel(50 * scale, 10 * scale) == [255, 0, 0, 255])
        #expect(pixel(50 * scale, 90 * scale) == [0, 255, 0, 255])
        window.orderOut(nil)
    }

    @Test func aLayerHostingViewKeepsItsOwnLayerTree() throws {
        let window = window(width: 100, height: 100)
        let host = NSView(frame: NSRect(x: 0, y: 0, width: 100, height: 100))
        let root = CALayer()
        root.backgroundColor = NSColor.white.cgColor
        let dot = CALayer()
        dot.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        dot.backgroundColor = NSColor.systemRed.cgColor
        root.addSublayer(dot)
        // Layer-hosting: the layer is set before wantsLayer.
        host.layer = root
        host.wantsLayer = true
        #expect(host.layer === root && root.delegate == nil && root.sublayers?.first === dot)
        window.contentView?.addSubview(host)
        window.makeKeyAndOrderFront(nil)
        let shot = try #require(window.renderedImage())
        let pixel = pixels(of: shot)
        let scale = shot.width / 100
        // The sublayer is 10 points up from the bottom (layers run y-up under AppKit).
        #expect(pixel(20 * scale, 80 * scale) == [255, 59, 48, 255])
        #expect(pixel(20 * scale, 20 * scale) == [255, 255, 255, 255])
        window.orderOut(nil)
    }

    @Test func backedLayersAnimateOnlyInsideAnimationGroupsOrThroughTheAnimator() throws {
        let clock = CAMediaClock(manualTime: 50)
        try clock.withCurrent {
            let view = NSView(frame: NSRect(x: 0, y: 0, width: 100, height: 100))
            view.wantsLayer = true
            let layer = try #require(view.layer)
            CATransaction.flush()
            // A plain change: no animation (the view answers the action search with NSNull).
            view.alphaValue = 0.5
            #expect(layer.animationKeys() == nil)
            // Inside a group that allows implicit animation: animated with the group's duration.
            var finished = false
            NSAnimationContext.runAnimationGroup({ context in
                context.duration = 1
                context.allowsImplicitAnimation = true
                view.alphaValue = 1
            }, completionHandler: { finished = true })
            let fade = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(fade.duration == 1)
            CATransaction.flush()
            clock.advance(by: 1.1)
            #expect(finished)
            // Through the animator: the frame animates (0.25 s by default); later changes do not.
            view.animator().frame = NSRect(x: 50, y: 0, width: 100, height: 100)
            let move = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
            #expect(move.duration == 0.25)
            CATransaction.flush()
            clock.advance(by: 0.125)
            let x = try #require(layer.presentation()?.position.x)
            #expect(x > 0 && x < 50)
            clock.advance(by: 0.2)
            view.frame.origin = NSPoint(x: 0, y: 0)
            #expect(layer.animation(forKey: "position") == nil)
            // A standalone layer animates implicitly, as everywhere.
            let loose = CALayer()
            CATransaction.flush()
            loose.opacity = 0.5
            #expect(loose.animation(forKey: "opacity") != nil)
        }
    }
}
