import QuartzCore
import Testing

/// A subclass with an ordinary stored property: its presentation layers get it through the
/// overridden `init(layer:)`.
private final class TintedLayer: CALayer {
    var tint: CGFloat = 0

    required init() {
        super.init()
    }

    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? TintedLayer { tint = other.tint }
    }

    required init?(coder: NSCoder) { nil }
}

@Suite struct PresentationCopyTests {
    @Test func subclassesCopyTheirStateIntoPresentationLayers() {
        withManualClock { _ in
            let layer = TintedLayer()
            layer.tint = 0.7
            CATransaction.flush()
            let presentation = layer.presentation()
            #expect(presentation?.tint == 0.7)
            #expect(type(of: presentation!) == TintedLayer.self)
        }
    }
}
