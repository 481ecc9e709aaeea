import Testing
import UIKit

/// A button without a configuration, as pre-iOS 15 code styles one: content, title and image
/// edge insets, background images per state, and the public image view.
@MainActor
@Suite struct UIButtonLegacyInsetsTests {
    private func square(_ side: CGFloat, _ color: UIColor = .red) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }
    }

    @Test func contentEdgeInsetsAddToTheIntrinsicSize() throws {
        let button = UIButton(type: .system)
        button.setTitle("Share", for: .normal)
        let title = try #require(button.titleLabel).intrinsicContentSize
        // Without insets: 6 points above and below the title.
        #expect(button.intrinsicContentSize == CGSize(width: title.width, height: title.height + 12))
        button.contentEdgeInsets = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        #expect(button.intrinsicContentSize == CGSize(width: title.width + 40, height: title.height + 20))
    }

    @Test func titleAndImageInsetsMoveThePartsButNotTheSize() throws {
        let button = UIButton(type: .custom)
        button.setImage(square(20), for: .normal)
        button.setTitle("Go", for: .normal)
        let size = button.intrinsicContentSize
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 44)
        button.layoutIfNeeded()
        let image = try #require(button.imageView).frame, title = try #require(button.titleLabel).frame
        button.imageEdgeInsets = UIEdgeInsets(top: 0, left: -10, bottom: 0, right: 10)
        button.titleEdgeInsets = UIEdgeInsets(top: 4, left: 10, bottom: 0, right: -10)
        button.layoutIfNeeded()
        #expect(button.imageView?.frame == image.offsetBy(dx: -10, dy: 0))
        #expect(button.titleLabel?.frame == title.offsetBy(dx: 10, dy: 2))
        #expect(button.intrinsicContentSize == size)
    }

    @Test func backgroundImagesFollowTheState() throws {
        let normal = square(8, .red), highlighted = square(8, .blue)
        let button = UIButton(type: .custom)
        button.setBackgroundImage(normal, for: .normal)
        button.setBackgroundImage(highlighted, for: .highlighted)
        #expect(button.backgroundImage(for: .normal) === normal)
        #expect(button.backgroundImage(for: .disabled) === normal)
        #expect(button.currentBackgroundImage === normal)
        // An empty button is as large as its background image.
        #expect(button.intrinsicContentSize == CGSize(width: 8, height: 8))
        button.frame = CGRect(x: 0, y: 0, width: 60, height: 30)
        button.isHighlighted = true
        #expect(button.currentBackgroundImage === highlighted)
        button.layoutIfNeeded()
        let shown = try #require(button.subviews.first as? UIImageView)
        #expect(shown.image === highlighted && shown.frame == button.bounds)
    }

    @Test func theImageViewIsPublic() {
        let button = UIButton(type: .system)
        let imageView: UIImageView? = button.imageView
        #expect(imageView != nil)
        button.setImage(square(12), for: .normal)
        #expect(button.imageView?.image?.size == CGSize(width: 12, height: 12))
    }
}
