import Foundation
import Testing
import UIKit

/// `setCollectionViewLayout(_:animated:)` with the collection scrolled or not, animated or not:
/// the new layout's items show.
@MainActor
@Suite struct CollectionLayoutChangeTests {
    private func flow(_ side: CGFloat) -> UICollectionViewFlowLayout {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: side, height: side)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        return layout
    }

    /// The cells that show, as the window draws them: on screen at their presentation frames.
    private func cellsOnScreen(_ view: UICollectionView) -> [UICollectionViewCell] {
        view.visibleCells.filter { cell in
            let shown = cell.layer.presentation()?.frame ?? cell.frame
            let visible = CGRect(origin: view.layer.presentation()?.bounds.origin ?? view.bounds.origin, size: view.bounds.size)
            return cell.superview === view && !cell.isHidden && cell.alpha > 0 && shown.intersects(visible)
        }
    }

    @Test(arguments: [false, true], [false, true])
    func theNewLayoutShows(animated: Bool, scrolled: Bool) {
        withManualClock { clock in
            let items = Items([100])
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let view = UICollectionView(frame: window.bounds, collectionViewLayout: flow(100))
            view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            view.dataSource = items
            view.delegate = items
            window.addSubview(view)
            window.makeKeyAndVisible()
            view.layoutIfNeeded()
            if scrolled {
                view.contentOffset = CGPoint(x: 0, y: 3_000)
                view.layoutIfNeeded()
                #expect(view.indexPathsForVisibleItems.contains(IndexPath(item: 60, section: 0)))
            }
            CATransaction.flush()
            var finished: Bool?
            // 5 items a row of 50 points: 20 rows, about 1,200 points of content.
            view.setCollectionViewLayout(flow(50), animated: animated) { finished = $0 }
            CATransaction.flush()
            if animated { clock.advance(by: 0.15) }
            #expect(!cellsOnScreen(view).isEmpty)
            clock.advance(by: 1)
            CATransaction.flush()
            #expect(finished == true)
            let maxOffset = Swift.max(0, view.contentSize.height - view.bounds.height)
            #expect(view.contentSize.height < 1_300)
            #expect(view.contentOffset.y >= 0 && view.contentOffset.y <= maxOffset)
            let onScreen = cellsOnScreen(view)
            #expect(onScreen.count >= 25)
            for cell in onScreen {
                #expect(cell.frame.size == CGSize(width: 50, height: 50))
            }
            window.isHidden = true
        }
    }
}
