import LaminaTestSupport
import Testing
import UIKit

/// System symbol images: Lamina's drawings of common symbols as template images sized by
/// their configuration; unknown names give nil.
@MainActor
@Suite struct SymbolImageTests {
    static let names = ["plus", "minus", "xmark", "checkmark", "chevron.left", "chevron.right", "chevron.up", "chevron.down",
                        "ellipsis", "circle", "circle.fill", "square", "square.fill", "star", "star.fill", "heart", "heart.fill",
                        "house", "house.fill", "person", "person.fill", "bell", "bell.fill", "trash", "trash.fill",
                        "magnifyingglass", "gearshape", "gearshape.fill", "square.and.arrow.up", "info.circle", "info.circle.fill"]

    @Test func commonSymbolsAreTemplatesSizedByTheirConfiguration() throws {
        for name in SymbolImageTests.names {
            let image = try #require(UIImage(systemName: name), "\(name)")
            #expect(image.renderingMode == .alwaysTemplate)
            #expect(image.size == CGSize(width: 20, height: 20), "\(name)")
        }
        #expect(UIImage(systemName: "no.such.symbol") == nil)
        #expect(UIImage(systemName: "plus.fill") == nil)
        let large = try #require(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(pointSize: 34)))
        #expect(large.size == CGSize(width: 39, height: 39))
        let resized = try #require(UIImage(systemName: "heart")).withConfiguration(UIImage.SymbolConfiguration(pointSize: 34))
        #expect(resized.size == large.size)
    }

    @Test func symbolsLookRight() throws {
        let columns = 8
        let root = UIView(frame: CGRect(x: 0, y: 0, width: CGFloat(columns) * 32 + 8, height: CGFloat((SymbolImageTests.names.count + columns - 1) / columns) * 32 + 8))
        root.backgroundColor = .white
        root.tintColor = .systemIndigo
        for (index, name) in SymbolImageTests.names.enumerated() {
            let view = UIImageView(image: UIImage(systemName: name))
            view.frame.origin = CGPoint(x: 10 + CGFloat(index % columns) * 32, y: 10 + CGFloat(index / columns) * 32)
            root.addSubview(view)
        }
        let message = ReferenceImage.mismatch(try controlSnapshot(root), suite: "SymbolImageTests", name: "symbols")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
