import Foundation
import Testing
@testable import UIKit

/// Asset catalogues read at run time, as Xcode writes them (the fixture `Fixtures/AssetApp` is
/// an app folder with an `Assets.xcassets` made by hand in Xcode's format): colour sets in every
/// component notation and colour space, appearances, system colour references, image sets by
/// scale, appearance and namespace, template intent, slicing, data sets, the accent colour, and
/// broken sets that give nil with a message instead of a crash.
@MainActor
@Suite(.serialized) struct AssetCatalogTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/AssetApp")
    let bundle = Bundle(url: AssetCatalogTests.app)!

    private func components(_ color: UIColor?, _ traits: UITraitCollection = UITraitCollection(userInterfaceStyle: .light)) -> [CGFloat] {
        (color?.resolvedColor(with: traits).cgColor.components ?? []).map { ($0 * 1000).rounded() / 1000 }
    }

    @Test func colourSetsReadEveryNotation() {
        // Floats.
        #expect(components(UIColor(named: "AccentColor", in: bundle, compatibleWith: nil)) == [0.8, 0.2, 0.4, 1])
        // 0–255 integers for the light version, hex bytes for the dark one: a dynamic colour.
        let brand = UIColor(named: "Brand", in: bundle, compatibleWith: nil)
        #expect(components(brand) == [0.8, 0.4, 0, 1])
        #expect(components(brand, UITraitCollection(userInterfaceStyle: .dark)) == [0.2, 0.4, 0.6, 1])
        // Asking for given traits gives that version.
        let dark = UIColor(named: "Brand", in: bundle, compatibleWith: UITraitCollection(userInterfaceStyle: .dark))
        #expect(components(dark) == [0.2, 0.4, 0.6, 1])
        // Display P3, grey, a system colour.
        #expect(UIColor(named: "Wide", in: bundle, compatibleWith: nil)?.cgColor.components
                == UIColor(displayP3Red: 1, green: 0.9, blue: 0.1, alpha: 0.5).cgColor.components)
        #expect(UIColor(named: "Mist", in: bundle, compatibleWith: nil)?.cgColor.components == UIColor(white: 0.5, alpha: 1).cgColor.components)
        #expect(components(UIColor(named: "Alarm", in: bundle, compatibleWith: nil)) == components(.systemRed))
        #expect(components(UIColor(named: "Alarm", in: bundle, compatibleWith: nil), UITraitCollection(userInterfaceStyle: .dark))
                == components(.systemRed, UITraitCollection(userInterfaceStyle: .dark)))
        #expect(UIColor(named: "NoSuchColor", in: bundle, compatibleWith: nil) == nil)
        #expect(components(UIColor(resource: ColorResource(name: "Brand", bundle: bundle))) == [0.8, 0.4, 0, 1])
    }

    @Test func brokenSetsGiveNilWithAMessage() {
        #expect(UIColor(named: "Broken", in: bundle, compatibleWith: nil) == nil)
        #expect(ConsoleLog.messages.contains { $0.contains("Broken.colorset/Contents.json is not a JSON object") })
        #expect(UIImage(named: "Missing", in: bundle, compatibleWith: nil) == nil)
        #expect(ConsoleLog.messages.contains { $0.contains("gone@3x.png is missing") })
        // App icons are not images.
        #expect(UIImage(named: "AppIcon", in: bundle, compatibleWith: nil) == nil)
    }

    @Test func imageSetsPickTheScreensScaleAndKeepTheirNamespace() throws {
        let star = try #require(UIImage(named: "Icons/Star", in: bundle, compatibleWith: UITraitCollection(displayScale: 3)))
        #expect(star.scale == 3)
        #expect(star.size == CGSize(width: 10, height: 10))
        #expect(star.renderingMode == .alwaysTemplate)
        let atTwo = try #require(UIImage(named: "Icons/Star", in: bundle, compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(atTwo.scale == 2 && atTwo.size == CGSize(width: 10, height: 10))
        // No 1× file: the next scale up.
        #expect(UIImage(named: "Icons/Star", in: bundle, compatibleWith: UITraitCollection(displayScale: 1))?.scale == 2)
        // The folder provides a namespace; a plain folder does not.
        #expect(UIImage(named: "Star", in: bundle, compatibleWith: nil) == nil)
        #expect(UIImage(named: "Badge", in: bundle, compatibleWith: nil) != nil)
        #expect(UIImage(resource: ImageResource(name: "Icons/Star", bundle: bundle)).size == CGSize(width: 10, height: 10))
        // Named images are decoded once.
        let again = UIImage(named: "Icons/Star", in: bundle, compatibleWith: UITraitCollection(displayScale: 3))
        #expect(again?.cgImage === star.cgImage)
    }

    /// The colour of an image's middle pixel.
    private func middle(_ image: CGImage?) -> [UInt8] {
        guard let image else { return [] }
        var pixel = [UInt8](repeating: 0, count: 4)
        let context = CGContext(data: &pixel, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(image, in: CGRect(x: -CGFloat(image.width) / 2 + 0.5, y: -CGFloat(image.height) / 2 + 0.5,
                                       width: CGFloat(image.width), height: CGFloat(image.height)))
        return pixel
    }

    @Test func appearancesFollowTheTraitsThroughTheImageAsset() throws {
        let light = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .light), UITraitCollection(displayScale: 3)])
        let dark = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 3)])
        let badge = try #require(UIImage(named: "Badge", in: bundle, compatibleWith: light))
        #expect(middle(badge.cgImage) == [0, 255, 0, 255])
        let asset = try #require(badge.imageAsset)
        #expect(middle(asset.image(with: dark).cgImage) == [0, 0, 255, 255])
        // At 2× there is no dark file: the appearance outranks the scale, so the dark 3× file
        // serves (at its own scale).
        let darkAtTwo = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 2)])
        #expect(middle(asset.image(with: darkAtTwo).cgImage) == [0, 0, 255, 255])
        #expect(asset.image(with: darkAtTwo).scale == 3)
        let lightAtTwo = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .light), UITraitCollection(displayScale: 2)])
        #expect(middle(asset.image(with: lightAtTwo).cgImage) == [255, 0, 0, 255])
        // An image view shows the version for its own traits, and follows them.
        let imageView = UIImageView(image: badge)
        imageView.overrideUserInterfaceStyle = .dark
        #expect(middle(imageView.layer.contents as! CGImage?) == [0, 0, 255, 255])
        imageView.overrideUserInterfaceStyle = .light
        #expect(middle(imageView.layer.contents as! CGImage?) == [0, 255, 0, 255])
    }

    @Test func registeredVersionsAreChosenByTraits() {
        let asset = UIImageAsset()
        let plain = UIImage(cgImage: UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { _ in }.cgImage!)
        let night = UIImage(cgImage: UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in }.cgImage!)
        asset.register(plain, with: UITraitCollection(userInterfaceStyle: .light))
        asset.register(night, with: UITraitCollection(userInterfaceStyle: .dark))
        #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .dark)) === night)
        #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .light)) === plain)
        #expect(night.imageAsset === asset)
        asset.unregisterImage(with: UITraitCollection(userInterfaceStyle: .dark))
        #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .dark)) === plain)
    }

    @Test func slicedImagesKeepTheirCaps() throws {
        let bubble = try #require(UIImage(named: "Bubble", in: bundle, compatibleWith: UITraitCollection(displayScale: 3)))
        // 9 pixels at 3× are 3 points.
        #expect(bubble.capInsets == UIEdgeInsets(top: 3, left: 3, bottom: 3, right: 3))
        #expect(bubble.resizingMode == .stretch)
        let imageView = UIImageView(image: bubble)
        #expect(imageView.layer.contentsCenter == CGRect(x: 0.3, y: 0.3, width: 0.4, height: 0.4))
        // Drawn 40 points wide, the caps stay 3 points: red at the edges, white inside.
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), format: format).image { _ in
            bubble.draw(in: CGRect(x: 0, y: 0, width: 40, height: 20))
        }
        let pixels = try #require(drawn.cgImage)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: 4)
            let context = CGContext(data: &out, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            context.draw(pixels, in: CGRect(x: -CGFloat(x), y: -CGFloat(pixels.height - 1 - y), width: CGFloat(pixels.width), height: CGFloat(pixels.height)))
            return out
        }
        #expect(pixel(1, 10) == [255, 0, 0, 255])
        #expect(pixel(38, 10) == [255, 0, 0, 255])
        #expect(pixel(20, 1) == [255, 0, 0, 255])
        #expect(pixel(20, 10) == [255, 255, 255, 255])
        #expect(pixel(5, 10) == [255, 255, 255, 255])
        // A resizable image made in code.
        let made = UIImage().resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 2, bottom: -3, right: .nan))
        #expect(made.capInsets == UIEdgeInsets(top: 1, left: 2, bottom: 0, right: 0))
        #expect(made.resizingMode == .tile)
    }

    @Test func vectorImagesAreDrawnAtTheSizeTheyAreShown() throws {
        let logo = try #require(UIImage(named: "Logo", in: bundle, compatibleWith: nil))
        // The PDF's page size in points, at the screen's scale.
        #expect(logo.size == CGSize(width: 80, height: 80))
        #expect(logo.scale == UIScreen.main.scale)
        #expect(logo.cgImage?.width == Int(80 * UIScreen.main.scale))
        // Shown larger, it is drawn again from its paths at that size (not a stretched bitmap).
        let view = UIImageView(image: logo)
        view.contentMode = .scaleAspectFit
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 160)
        view.layoutIfNeeded()
        let contents = try #require(view.layer.contents as! CGImage?)
        #expect(contents.width == Int(160 * UIScreen.main.scale) && contents.height == Int(160 * UIScreen.main.scale))
        // Its intrinsic size stays the image's.
        #expect(view.intrinsicContentSize == CGSize(width: 80, height: 80))
        // A centred image view shows the image at its own size.
        view.contentMode = .center
        view.image = logo
        view.layoutIfNeeded()
        #expect((view.layer.contents as! CGImage?)?.width == Int(80 * UIScreen.main.scale))
    }

    /// The RGBA of `image` at pixel (`x`, `y`) from its top left.
    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: image.width * image.height * 4)
        bytes.withUnsafeMutableBytes { raw in
            let context = CGContext(data: raw.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                                    bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            context?.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        }
        let i = (y * image.width + x) * 4
        return Array(bytes[i..<(i + 4)])
    }

    @Test func svgImagesDrawTheirShapes() throws {
        let leaf = try #require(UIImage(named: "Leaf", in: bundle, compatibleWith: nil))
        #expect(leaf.size == CGSize(width: 40, height: 20))
        let image = try #require(leaf.cgImage)
        let s = Int(leaf.scale)
        // Paths, groups with transforms, styles, the even-odd rule, circles; gradients unused.
        #expect(pixel(image, 3 * s, 10 * s) == [255, 0, 0, 255], "the red square")
        #expect(pixel(image, 10 * s, 10 * s) == [255, 255, 255, 255], "its even-odd hole")
        #expect(pixel(image, 25 * s, 3 * s) == [0, 170, 0, 255], "the translated green rectangle")
        #expect(pixel(image, 30 * s, 15 * s) == [0, 0, 255, 255], "the circle styled blue")
        #expect(pixel(image, 19 * s, 19 * s) == [255, 255, 255, 255])
    }

    @Test func symbolSetsAreTemplateSymbolsSizedLikeText() throws {
        let symbol = try #require(UIImage(named: "note.badge", in: bundle, compatibleWith: nil))
        #expect(symbol.isSymbolImage)
        #expect(symbol.renderingMode == .alwaysTemplate)
        // The template's cap height is the system font's at 17 points; the margins give the width.
        let capHeight = UIFont.systemFont(ofSize: 17).capHeight
        #expect(symbol.size.height == (capHeight).rounded(.up))
        #expect(symbol.size.width == (100 * capHeight / 70.46).rounded(.up))
        let larger = try #require(UIImage(named: "note.badge", in: bundle, with: UIImage.SymbolConfiguration(pointSize: 34)))
        #expect(larger.size.height == (UIFont.systemFont(ofSize: 34).capHeight).rounded(.up))
        #expect(symbol.withConfiguration(UIImage.SymbolConfiguration(pointSize: 34)).size == larger.size)
        // The glyph: filled, with its hole; the margins clear.
        let image = try #require(symbol.cgImage)
        let s = symbol.scale
        #expect(pixel(image, Int(symbol.size.width * s / 2), Int(symbol.size.height * s * 0.1))[3] == 255, "the top bar")
        #expect(pixel(image, Int(symbol.size.width * s / 2), Int(symbol.size.height * s / 2))[3] == 0, "the hole")
        #expect(pixel(image, 0, Int(symbol.size.height * s / 2))[3] == 0, "the left margin")
    }

    @Test func highContrastVersionsFollowTheContrastTrait() throws {
        let ink = try #require(UIColor(named: "Ink", in: bundle, compatibleWith: nil))
        func components(_ traits: [UITraitCollection]) -> [CGFloat]? {
            ink.resolvedColor(with: UITraitCollection(traitsFrom: traits)).cgColor.components
        }
        let dark = UITraitCollection(userInterfaceStyle: .dark), light = UITraitCollection(userInterfaceStyle: .light)
        let high = UITraitCollection(accessibilityContrast: .high), normal = UITraitCollection(accessibilityContrast: .normal)
        #expect(components([light, normal])?.prefix(3) == [0.4, 0.4, 0.4])
        #expect(components([dark, normal])?.prefix(3) == [0.8, 0.8, 0.8])
        #expect(components([light, high])?.prefix(3) == [0, 0, 0])
        #expect(components([dark, high])?.prefix(3) == [1, 1, 1])
        // Images: the high contrast file when the traits ask for it.
        let plain = try #require(UIImage(named: "Contrast", in: bundle, compatibleWith: normal))
        let strong = try #require(UIImage(named: "Contrast", in: bundle, compatibleWith: high))
        #expect(plain.cgImage?.width == 2 && strong.cgImage?.width == 4)
        #expect(UITraitCollection(traitsFrom: [dark, high]).accessibilityContrast == .high)
        #expect(high.hasDifferentColorAppearance(comparedTo: normal))
        #expect(UITraitCollection.current.accessibilityContrast == .normal, "the screen's contrast is normal unless LAMINA_CONTRAST=high")
    }

    @Test func dataSetsGiveTheirFile() throws {
        let asset = try #require(NSDataAsset(name: "Config", bundle: bundle))
        #expect(asset.name == "Config")
        #expect(asset.typeIdentifier == "public.json")
        let json = try #require(try JSONSerialization.jsonObject(with: asset.data) as? [String: Any])
        #expect(json["greeting"] as? String == "Hello")
        #expect(NSDataAsset(name: "Nothing", bundle: bundle) == nil)
    }

    @Test func theAppsCataloguesServeUnnamedBundlesAndTheAccentColourTints() {
        setenv("LAMINA_APP_BUNDLE", AssetCatalogTests.app.path, 1)
        AppBundle.relocate()
        defer {
            unsetenv("LAMINA_APP_BUNDLE")
            AppBundle.relocate()
        }
        #expect(components(UIColor(named: "Brand")) == [0.8, 0.4, 0, 1])
        #expect(UIImage(named: "Icons/Star") != nil)
        #expect(NSDataAsset(name: "Config") != nil)
        // The catalogue's AccentColor is the tint views inherit.
        let view = UIView()
        #expect(components(view.tintColor) == [0.8, 0.2, 0.4, 1])
    }

    @Test func aCatalogueThatLinksIntoItselfIsReadOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("LoopingAssets-\(UUID().uuidString)")
        let catalog = folder.appendingPathComponent("Assets.xcassets")
        try FileManager.default.createDirectory(at: catalog.appendingPathComponent("Inner"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(at: catalog.appendingPathComponent("Inner/Loop"), withDestinationURL: catalog)
        let loose = try #require(Bundle(url: folder))
        #expect(UIColor(named: "Anything", in: loose, compatibleWith: nil) == nil)
    }
}
