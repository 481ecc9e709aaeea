import Foundation
import Testing
import UIKit

/// A flow layout whose inserted items drop in from 100 points above, half transparent, and
/// whose deleted items sink 100 points — the classic custom-layout animation.
final class DropInLayout: UICollectionViewFlowLayout {
    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes else { return nil }
        attributes.center.y -= 100
        attributes.alpha = 0.5
        return attributes
    }

    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes else { return nil }
        attributes.center.y += 100
        return attributes
    }
}

/// Items appear from `initialLayoutAttributesForAppearingItem(at:)` and animate to their place.
@MainActor
@Suite struct CollectionAppearanceTests {
    @Test func insertedItemsStartWhereTheLayoutSays() {
        withWindow { window, clock in
            let items = Items([4])
            let layout = DropInLayout()
            layout.itemSize = CGSize(width: 100, height: 100)
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
            view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            view.dataSource = items
            view.delegate = items
            window.addSubview(view)
            view.layoutIfNeeded()
            items.counts = [5]
            view.insertItems(at: [IndexPath(item: 4, section: 0)])
            CATransaction.flush()
            let inserted = try! #require(view.cellForItem(at: IndexPath(item: 4, section: 0)))
            // Its place is the layout's; it starts 100 points higher at half opacity, so
            // halfway through the 0.3-second ease it is 50 points up at three quarters.
            let final = try! #require(layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))).center
            #expect(inserted.center == final)
            clock.advance(by: 0.15)
            let shown = inserted.layer.presentation()!
            #expect(abs(shown.position.y - (final.y - 50)) < 1e-3 && shown.position.x == final.x)
            #expect(abs(Double(shown.opacity) - 0.75) < 1e-3)
            clock.advance(by: 0.3)
            #expect(inserted.alpha == 1)
            #expect(inserted.layer.presentation()!.position == final)
        }
    }
}
