import UIKit

/// One scene of the demo gallery: a view tree built with public UIKit API only, rendered
/// headlessly to a PNG.
@MainActor
public struct GalleryScene {
    /// The file name (without extension) the scene is written as.
    public let name: String
    /// Builds the scene's root view.
    public let build: @MainActor () -> UIView

    /// Renders the scene's root view at `scale` pixels per point, through `layer.render(in:)`.
    public func render(scale: CGFloat = 2) -> UIImage {
        let root = build()
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let renderer = UIGraphicsImageRenderer(size: root.bounds.size, format: format)
        return renderer.image { context in
            root.layer.render(in: context.cgContext)
        }
    }

    /// Every scene, in gallery order; `time` sets the clock as hours, minutes, seconds.
    public static func all(time: (hour: Int, minute: Int, second: Int) = (10, 10, 30)) -> [GalleryScene] {
        [
            GalleryScene(name: "1-clock") { ClockScene.makeView(hour: time.hour, minute: time.minute, second: time.second) },
            GalleryScene(name: "2-anchor-point") { AnchorPointScene.makeView() },
            GalleryScene(name: "3-layer-styles") { LayerStyleScene.makeView() },
            GalleryScene(name: "4-draw-rect") { DrawRectScene.makeView() },
            GalleryScene(name: "5-animation-strip") { AnimationStripScene.makeView() },
        ] + LayerClassesScene.pages.map { page in GalleryScene(name: page.name) { LayerClassesScene.makeView(page.panels) } } + [
            GalleryScene(name: "13-transform-layer") { ThreeDScene.makeView() },
            GalleryScene(name: "14-interaction") { InteractionScene.makeView() },
        ]
    }
}
