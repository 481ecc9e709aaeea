/// The directions a scroll layer may scroll in.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Both directions (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

/// A layer that shows part of its sublayers: scrolling moves its bounds origin, so the
/// sublayers slide under it (usually with `masksToBounds`).
open class CAScrollLayer: CALayer {
    /// The directions `scroll(to:)` and `scroll(_:)` may move in.
    open var scrollMode = CAScrollLayerScrollMode.both

    public required init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAScrollLayer { scrollMode = other.scrollMode }
    }

    public required init?(coder: NSCoder) { nil }

    /// Makes `p` (in this layer's coordinates) the origin of the visible area, in the
    /// directions the scroll mode allows.
    open func scroll(to p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else { return }
        var origin = bounds.origin
        if scrollMode == .horizontally || scrollMode == .both { origin.x = p.x }
        if scrollMode == .vertically || scrollMode == .both { origin.y = p.y }
        bounds.origin = origin
        // Tiled layers below draw the tiles that came into view at their next display.
        var pending = storedSublayers
        while let layer = pending.popLast() {
            (layer as? CATiledLayer)?.needsMoreTiles()
            pending += layer.storedSublayers
        }
    }

    /// Scrolls as little as possible to make `r` visible (its top-left edge first when it does
    /// not fit).
    open func scroll(_ r: CGRect) {
        guard r.isFiniteRect else { return }
        let visible = bounds
        var origin = visible.origin
        if r.maxX > visible.maxX { origin.x = r.maxX - visible.width }
        if r.minX < origin.x { origin.x = r.minX }
        if r.maxY > visible.maxY { origin.y = r.maxY - visible.height }
        if r.minY < origin.y { origin.y = r.minY }
        scroll(to: origin)
    }
}

extension CALayer {
    /// Scrolls the closest scroll layer above this one so that `p` (in this layer's
    /// coordinates) is at its visible origin.
    public func scroll(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(p, from: self))
    }

    /// Scrolls the closest scroll layer above this one to show `r` (in this layer's
    /// coordinates).
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(scroller.convert(r, from: self))
    }

    /// The part of this layer's bounds that the closest scroll layer above shows (the whole
    /// bounds when there is none).
    public var visibleRect: CGRect {
        guard let scroller = enclosingScrollLayer else { return bounds }
        return convert(scroller.bounds, from: scroller).intersection(bounds)
    }

    private var enclosingScrollLayer: CAScrollLayer? {
        var layer = superlayer
        while let current = layer {
            if let scroller = current as? CAScrollLayer { return scroller }
            layer = current.superlayer
        }
        return nil
    }
}
