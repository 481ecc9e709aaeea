import LaminaGallery
import LaminaTestSupport
import Testing
import UIKit

/// The demo gallery's scenes rendered through `render(in:)`, against reference PNGs
/// (tolerance: 2 of 255 per channel).
@MainActor
@Suite struct GalleryReferenceTests {
    @Test(arguments: ["1-clock", "2-anchor-point", "3-layer-styles", "4-draw-rect", "5-animation-strip", "6-shape-layer",
                      "7-gradient-layer", "8-replicator-layer", "9-scroll-layer", "10-tiled-layer", "11-emitter-layer",
                      "12-layer-visuals", "13-transform-layer", "14-interaction", "15-text", "16-auto-layout", "17-lists", "18-controls",
                      "19-appkit"])
    func sceneMatchesReference(name: String) throws {
        let scene = try #require(GalleryScene.all().first { $0.name == name })
        let image = try #require(scene.render().cgImage)
        let message = ReferenceImage.mismatch(image, suite: "GalleryReferenceTests", name: name)
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }

    /// Every scene of the gallery is checked above.
    @Test func everySceneHasAReference() {
        #expect(GalleryScene.all().count == 19)
    }

    @Test func clockAtAnotherTime() throws {
        let scene = try #require(GalleryScene.all(time: (3, 45, 0)).first)
        let image = try #require(scene.render(scale: 1).cgImage)
        let message = ReferenceImage.mismatch(image, suite: "GalleryReferenceTests", name: "clock-03-45-00")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
