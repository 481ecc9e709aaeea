import UIKit

/// One scene of the demo gallery: a view tree built with public UIKit API only, rendered
/// headlessly to a PNG.
@MainActor
public struct GalleryScene {
    /// The file name (without extension) the scene is written as.
    public let name: String
    /// What the page shows, drawn under it.
    public let caption: String
    /// Builds the scene's root view.
    public let build: @MainActor () -> UIView

    public init(name: String, caption: String, build: @escaping @MainActor () -> UIView) {
        self.name = name
        self.caption = caption
        self.build = build
    }

    /// The scene's view with its caption in a strip below it (a `UILabel`, footnote style,
    /// wrapped to the page's width).
    public func makeCaptionedView() -> UIView {
        let scene = build()
        let width = scene.bounds.width
        let label = UILabel(frame: .zero)
        label.text = caption
        label.font = .preferredFont(forTextStyle: .footnote)
        label.textColor = UIColor(white: 0.25, alpha: 1)
        label.numberOfLines = 0
        let text = label.sizeThatFits(CGSize(width: width - 16, height: 0))
        label.frame = CGRect(x: 8, y: scene.bounds.height + 6, width: width - 16, height: text.height)
        let page = UIView(frame: CGRect(x: 0, y: 0, width: width, height: scene.bounds.height + text.height + 12))
        page.backgroundColor = .white
        page.addSubview(scene)
        page.addSubview(label)
        return page
    }

    /// Renders the captioned page at `scale` pixels per point, through `layer.render(in:)`.
    public func render(scale: CGFloat = 2) -> UIImage {
        let root = makeCaptionedView()
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
            GalleryScene(name: "1-clock", caption: "A clock: each hand is a layer turning about its anchor point.") {
                ClockScene.makeView(hour: time.hour, minute: time.minute, second: time.second)
            },
            GalleryScene(name: "2-anchor-point", caption: "anchorPoint, position and frame: one layer, three anchor points.") {
                AnchorPointScene.makeView()
            },
            GalleryScene(name: "3-layer-styles", caption: "Layer styles and content gravities: borders, corners, shadows, opacity.") {
                LayerStyleScene.makeView()
            },
            GalleryScene(name: "4-draw-rect", caption: "A view that draws itself in draw(_:) with UIKit and Core Graphics.") {
                DrawRectScene.makeView()
            },
            GalleryScene(name: "5-animation-strip", caption: "Animations frozen at instants of a manual clock.") {
                AnimationStripScene.makeView()
            },
        ] + LayerClassesScene.pages.map { page in
            GalleryScene(name: page.name, caption: LayerClassesScene.captions[page.name] ?? page.name) {
                LayerClassesScene.makeView(page.panels)
            }
        } + [
            GalleryScene(name: "13-transform-layer", caption: "3-D: perspective, a CATransformLayer cube, cover flow, rasterization.") {
                ThreeDScene.makeView()
            },
            GalleryScene(name: "14-interaction", caption: "Scripted touches: a drag moves the card, a tap changes its colour.") {
                InteractionScene.makeView()
            },
            GalleryScene(name: "15-text", caption: "Text: fonts and weights, paragraph styles, truncation, right-to-left scripts, a rotated CATextLayer.") {
                TextScene.makeView()
            },
            GalleryScene(name: "16-auto-layout", caption: "Auto Layout: a card placed only by constraints and stack views — hugging, equal widths, wrapping, equal spacing, one baseline.") {
                AutoLayoutScene.makeView()
            },
            GalleryScene(name: "17-lists", caption: "Lists: an inset-grouped settings table, 10,000 self-sized rows under a stuck header, a compositional photo grid from a diffable data source.") {
                ListsScene.makeView()
            },
            GalleryScene(name: "18-controls", caption: "Controls: one settings app in light and dark — tabs, a navigation bar, switches, a slider, a segmented control, a stepper and a progress bar in an inset-grouped table; the Profile row pushes a form of text fields, a switch and a notes view (shown in dark).") {
                SettingsScene.makeView()
            },
            GalleryScene(name: "19-appkit", caption: "AppKit (macOS): layer-backed views with wantsLayer, a gradient layer from makeBackingLayer(), a macOS shadow, an NSImage as contents, a layer-hosting view — in y-up coordinates.") {
                let page = UIView(frame: CGRect(origin: .zero, size: MacSeedsScene.size))
                page.layer.addSublayer(MacSeedsScene.makeLayer())
                return page
            },
        ]
    }
}
