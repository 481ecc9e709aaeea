import LaminaTestSupport
import Testing
import UIKit

/// Traits, appearance overrides and tint colour, as iOS propagates them.
@MainActor
@Suite struct TraitAndTintTests {
    final class TraitWatcher: UIView {
        var previous: [UIUserInterfaceStyle?] = []
        var tintChanges = 0
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            previous.append(previousTraitCollection?.userInterfaceStyle)
        }
        override func tintColorDidChange() {
            super.tintColorDidChange()
            tintChanges += 1
        }
    }

    @Test func viewsHaveTheScreensTraits() {
        let view = UIView()
        #expect(view.traitCollection.userInterfaceStyle == .light)
        #expect(view.traitCollection.userInterfaceIdiom == .phone)
        #expect(view.traitCollection.displayScale == UIScreen.main.scale)
        #expect(view.traitCollection.horizontalSizeClass == .compact)
        #expect(view.traitCollection.verticalSizeClass == .regular)
        #expect(UIViewController().traitCollection.userInterfaceStyle == .light)
    }

    @Test func overridingTheStyleTellsTheSubtree() {
        let root = UIView()
        let child = TraitWatcher()
        let grandchild = TraitWatcher()
        root.addSubview(child)
        child.addSubview(grandchild)
        root.overrideUserInterfaceStyle = .dark
        #expect(grandchild.traitCollection.userInterfaceStyle == .dark)
        #expect(child.previous == [.light])
        #expect(grandchild.previous == [.light])
        // A subview that pins its own style hears nothing when the parent's changes.
        grandchild.overrideUserInterfaceStyle = .dark
        root.overrideUserInterfaceStyle = .light
        #expect(child.previous == [.light, .dark])
        #expect(grandchild.previous == [.light])
        // Moving under a differently styled superview is a change too.
        let dark = UIView()
        dark.overrideUserInterfaceStyle = .dark
        let mover = TraitWatcher()
        dark.addSubview(mover)
        #expect(mover.previous == [.light])
    }

    @Test func dynamicBackgroundsFollowTheStyle() {
        let card = UIView()
        card.backgroundColor = UIColor { $0.userInterfaceStyle == .dark ? .black : .white }
        #expect(card.layer.backgroundColor == UIColor.white.cgColor)
        card.overrideUserInterfaceStyle = .dark
        #expect(card.layer.backgroundColor == UIColor.black.cgColor)
    }

    @Test func tintInheritsAndNotifies() {
        let root = UIView()
        let child = TraitWatcher()
        root.addSubview(child)
        #expect(child.tintColor == .systemBlue)
        root.tintColor = .systemRed
        #expect(child.tintColor == .systemRed)
        #expect(child.tintChanges == 1)
        child.tintColor = .green
        #expect(child.tintChanges == 2)
        root.tintColor = .orange
        // The child keeps its own tint: no change for it.
        #expect(child.tintChanges == 2)
        child.tintColor = nil
        #expect(child.tintColor == .orange)
        // Moving under another tint notifies.
        let other = UIView()
        other.tintColor = .purple
        other.addSubview(child)
        #expect(child.tintChanges == 4)
        #expect(child.tintColor == .purple)
    }

    @Test func templateImagesTakeTheTint() throws {
        let square = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
            UIColor.black.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        let imageView = UIImageView(image: square.withRenderingMode(.alwaysTemplate))
        imageView.tintColor = .systemGreen
        let contents = try #require(imageView.layer.contents as! CGImage?)
        let pixel = Array(ReferenceImage.pixels(of: contents)[0..<4])
        // systemGreen is (52, 199, 89).
        #expect(pixel == [52, 199, 89, 255])
        imageView.tintColor = .red
        let recoloured = try #require(imageView.layer.contents as! CGImage?)
        #expect(Array(ReferenceImage.pixels(of: recoloured)[0..<4]) == [255, 0, 0, 255])
        let original = UIImageView(image: square)
        original.tintColor = .red
        #expect(Array(ReferenceImage.pixels(of: original.layer.contents as! CGImage)[0..<4]) == [0, 0, 0, 255])
    }
}
