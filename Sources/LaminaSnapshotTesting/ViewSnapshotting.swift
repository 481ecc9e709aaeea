import Foundation
import QuartzCore
import UIKit

extension Snapshotting where Value == UIView, Format == UIImage {
    /// The view as drawn, at its own size.
    public static var image: Snapshotting { .image() }

    /// The view as drawn.
    /// - Parameters:
    ///   - drawHierarchyInKeyWindow: Draw the window as it is seen (presentation values of
    ///     running animations) instead of the view's layers' model values.
    ///   - precision: The fraction of pixels that must match.
    ///   - perceptualPrecision: How near a pixel's colour must be to match (1 − ΔE₉₄/100).
    ///   - size: The size to show the view at; nil for its frame's.
    ///   - traits: Traits to give the view (appearance, text size, scale).
    public static func image(drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
                             size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        SimplySnapshotting<UIImage>.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale)
            .pullback { view in
                onMain {
                    SnapshotHost.image(of: view, config: ViewImageConfig(safeArea: .zero, size: size, traits: .init()),
                                       traits: traits, drawHierarchyInKeyWindow: drawHierarchyInKeyWindow)
                }
            }
    }
}

extension Snapshotting where Value == UIViewController, Format == UIImage {
    /// The controller's view as drawn, at its view's size.
    public static var image: Snapshotting { .image() }

    /// The controller shown on a device: in a window of `config`'s size with its safe area and
    /// traits, laid out, its appearance callbacks run.
    public static func image(on config: ViewImageConfig, drawHierarchyInKeyWindow: Bool = false, precision: Float = 1,
                             perceptualPrecision: Float = 1, size: CGSize? = nil,
                             traits: UITraitCollection = .init()) -> Snapshotting {
        let shown = size.map { ViewImageConfig(safeArea: config.safeArea, size: $0, traits: config.traits) } ?? config
        let scale = traits.displayScale > 0 ? traits.displayScale : config.traits.displayScale
        return SimplySnapshotting<UIImage>.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { controller in
                onMain {
                    SnapshotHost.image(of: controller, config: shown, traits: traits, drawHierarchyInKeyWindow: drawHierarchyInKeyWindow)
                }
            }
    }

    /// The controller shown in a window of `size` (else its view's size), without a device's
    /// safe area.
    public static func image(drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
                             size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        SimplySnapshotting<UIImage>.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale)
            .pullback { controller in
                onMain {
                    SnapshotHost.image(of: controller, config: ViewImageConfig(safeArea: .zero, size: size, traits: traits),
                                       traits: .init(), drawHierarchyInKeyWindow: drawHierarchyInKeyWindow)
                }
            }
    }
}

extension Snapshotting where Value == CALayer, Format == UIImage {
    /// The layer and its sublayers as drawn, at its bounds' size.
    public static var image: Snapshotting { .image() }

    /// The layer and its sublayers as drawn, at `traits.displayScale` (else the screen's).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1,
                             traits: UITraitCollection = .init()) -> Snapshotting {
        SimplySnapshotting<UIImage>.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale)
            .pullback { given in
                let box = Unchecked(given)
                return onMain {
                    let layer = box.value
                    PinnedFonts.pin()
                    if let refusal = SnapshotHost.refusal(for: layer.bounds.size) { return refusal }
                    let format = UIGraphicsImageRendererFormat()
                    format.scale = traits.displayScale > 0 ? traits.displayScale : UIScreen.main.scale
                    format.opaque = false
                    CATransaction.flush()
                    return UIGraphicsImageRenderer(size: layer.bounds.size, format: format).image { context in
                        context.cgContext.translateBy(x: -layer.bounds.minX, y: -layer.bounds.minY)
                        layer.render(in: context.cgContext)
                    }
                }
            }
    }
}
