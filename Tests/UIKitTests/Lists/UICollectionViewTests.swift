import Foundation
import Testing
import UIKit

/// A data source and delegate as an app writes one.
@MainActor
final class Items: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var sizes: [IndexPath: CGSize] = [:]
    var log: [String] = []
    var made = 0

    init(_ counts: [Int]) {
        self.counts = counts
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        made += 1
        return collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizes[indexPath] ?? (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
    }
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) { log.append("highlight \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) { log.append("unhighlight \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { log.append("select \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { log.append("deselect \(indexPath.item)") }
}

/// UICollectionView with the flow layout and custom layouts: frames worked out from the
/// sizes, spacings and insets, reuse, selection, updates, registrations.
@MainActor
@Suite struct UICollectionViewTests {
    private func grid(_ items: Items, _ configure: (UICollectionViewFlowLayout) -> Void = { _ in }) -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        configure(layout)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        view.dataSource = items
        view.delegate = items
        return view
    }

    @Test func theFlowLayoutJustifiesLinesAndCentresALoneItem() {
        let items = Items([7])
        let view = grid(items)
        view.layoutIfNeeded()
        let layout = view.collectionViewLayout as! UICollectionViewFlowLayout
        #expect(layout.minimumLineSpacing == 10 && layout.minimumInteritemSpacing == 10 && layout.scrollDirection == .vertical)
        // 300 points of room: two 100-point items fit with 10 between, not three; the two
        // spread to the edges of the room.
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 10, y: 10, width: 100, height: 100))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 210, y: 10, width: 100, height: 100))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 10, y: 120, width: 100, height: 100))
        // The seventh is alone on the fourth line: centred.
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.frame == CGRect(x: 110, y: 340, width: 100, height: 100))
        #expect(view.contentSize == CGSize(width: 320, height: 450))
        #expect(view.cellForItem(at: IndexPath(item: 3, section: 0))?.frame == CGRect(x: 210, y: 120, width: 100, height: 100))
        #expect(view.indexPathForItem(at: CGPoint(x: 250, y: 150)) == IndexPath(item: 3, section: 0))
        #expect(view.indexPathForItem(at: CGPoint(x: 150, y: 150)) == nil)
    }

    @Test func itemsOfDifferentHeightsAreCentredOnTheirLine() {
        let items = Items([3])
        items.sizes[IndexPath(item: 0, section: 0)] = CGSize(width: 80, height: 40)
        items.sizes[IndexPath(item: 1, section: 0)] = CGSize(width: 80, height: 100)
        items.sizes[IndexPath(item: 2, section: 0)] = CGSize(width: 80, height: 60)
        let view = grid(items)
        view.layoutIfNeeded()
        // Three 80-point items in 300: 30 between each; the line is 100 tall.
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 10, y: 40, width: 80, height: 40))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 120, y: 10, width: 80, height: 100))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 230, y: 30, width: 80, height: 60))
    }

    @Test func headersAndSectionsStack() {
        let items = Items([2, 3])
        let view = grid(items) { $0.headerReferenceSize = CGSize(width: 0, height: 40) }
        view.layoutIfNeeded()
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader,
                                                            at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 0, width: 320, height: 40))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 50)
        // Section 0 ends at 40 + 10 + 100 + 10 = 160; section 1's header follows.
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader,
                                                            at: IndexPath(item: 0, section: 1))?.frame.minY == 160)
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 210)
        #expect(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)) != nil)
        #expect(view.contentSize.height == CGFloat(160 + 40 + 10 + 210 + 10))
    }

    @Test func horizontalFlowFillsColumns() {
        let items = Items([5])
        let view = grid(items) { $0.scrollDirection = .horizontal }
        view.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        view.layoutIfNeeded()
        // 220 points of room down the column: two items, spread to its ends.
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 10, y: 10, width: 100, height: 100))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 10, y: 130, width: 100, height: 100))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 120, y: 10, width: 100, height: 100))
        #expect(view.contentSize == CGSize(width: 10 + 3 * 100 + 2 * 10 + 10, height: 240))
    }

    @Test func onlyVisibleItemsHaveCellsAndTheyAreReused() {
        let items = Items([10_000])
        let view = grid(items)
        view.layoutIfNeeded()
        // Lines every 110 points from 10: those meeting 0…480 are lines 0 through 4.
        #expect(view.indexPathsForVisibleItems.count == 10)
        #expect(items.made == 10)
        for step in 1...100 {
            view.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 500)
            view.layoutIfNeeded()
        }
        #expect(view.visibleCells.count <= 12)
        #expect(view.indexPathsForVisibleItems.first == IndexPath(item: 2 * ((50_000 - 10) / 110), section: 0))
        #expect(view.contentSize.height == CGFloat(10 + 5000 * 100 + 4999 * 10 + 10))
    }

    @Test func aTapSelectsAndAnotherMovesTheSelection() {
        withWindow { window, _ in
            let items = Items([6])
            let view = grid(items)
            view.frame = window.bounds
            window.addSubview(view)
            view.layoutIfNeeded()
            // In a 200-point window: 180 of room, one 100-point item per line, centred at 50.
            window.tap(at: CGPoint(x: 100, y: 60))
            #expect(items.log == ["highlight 0", "unhighlight 0", "select 0"])
            #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.isSelected == true)
            window.tap(at: CGPoint(x: 100, y: 170))
            #expect(items.log.suffix(4) == ["highlight 1", "unhighlight 1", "deselect 0", "select 1"])
            #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        }
    }

    @Test func batchUpdatesMoveSurvivingCells() {
        withWindow { window, clock in
            let items = Items([4])
            let view = grid(items)
            window.addSubview(view)
            view.layoutIfNeeded()
            let second = view.cellForItem(at: IndexPath(item: 1, section: 0))
            items.counts = [5]
            var done = false
            view.performBatchUpdates({ view.insertItems(at: [IndexPath(item: 0, section: 0)]) }, completion: { done = $0 })
            CATransaction.flush()
            #expect(view.cellForItem(at: IndexPath(item: 2, section: 0)) === second)
            clock.advance(by: 0.5)
            #expect(done)
            #expect(second?.frame == CGRect(x: 10, y: 120, width: 100, height: 100))
            items.counts = [3]
            view.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 4, section: 0)])
            #expect(view.numberOfItems(inSection: 0) == 3)
            #expect(view.cellForItem(at: IndexPath(item: 1, section: 0)) === second)
        }
    }

    @Test func registrationsConfigureCells() {
        final class Source: NSObject, UICollectionViewDataSource {
            let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, title in
                var content = cell.defaultContentConfiguration()
                content.text = title
                cell.contentConfiguration = content
            }
            let titles = ["Inbox", "Drafts", "Sent"]
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { titles.count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: titles[indexPath.item])
            }
        }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 320, height: 44)
        layout.minimumLineSpacing = 0
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        let source = Source()
        view.dataSource = source
        view.layoutIfNeeded()
        let cell = view.cellForItem(at: IndexPath(item: 1, section: 0)) as? UICollectionViewListCell
        #expect((cell?.contentConfiguration as? UIListContentConfiguration)?.text == "Drafts")
        #expect(cell?.frame == CGRect(x: 0, y: 44, width: 320, height: 44))
    }

    @Test func aCustomLayoutPlacesItemsWhereItSays() {
        final class Diagonal: UICollectionViewLayout {
            var attributes: [UICollectionViewLayoutAttributes] = []
            var step: CGFloat = 60
            override func prepare() {
                super.prepare()
                let count = collectionView?.numberOfItems(inSection: 0) ?? 0
                attributes = (0..<count).map { item in
                    let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                    a.frame = CGRect(x: CGFloat(item) * step, y: CGFloat(item) * step, width: 50, height: 50)
                    a.zIndex = item
                    return a
                }
            }
            override var collectionViewContentSize: CGSize {
                CGSize(width: CGFloat(attributes.count) * step, height: CGFloat(attributes.count) * step)
            }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                attributes.filter { $0.frame.intersects(rect) }
            }
            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                attributes[indexPath.item]
            }
        }
        let items = Items([20])
        let layout = Diagonal()
        // 290 points square (Foundation on Linux counts rectangles that only touch as
        // intersecting, Apple's does not: no item here just touches the edge).
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 290, height: 290), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = items
        view.layoutIfNeeded()
        #expect(view.contentSize == CGSize(width: 1200, height: 1200))
        #expect(view.indexPathsForVisibleItems.count == 5)
        #expect(view.cellForItem(at: IndexPath(item: 3, section: 0))?.frame == CGRect(x: 180, y: 180, width: 50, height: 50))
        #expect(view.cellForItem(at: IndexPath(item: 3, section: 0))?.layer.zPosition == 3)
        // Invalidating lays the items out again.
        layout.step = 100
        layout.invalidateLayout()
        view.layoutIfNeeded()
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 200, y: 200, width: 50, height: 50))
        #expect(view.indexPathsForVisibleItems.count == 3)
    }

    @Test func selfSizingCellsTakeTheirContentsSize() {
        final class Sized: UIView {
            var size = CGSize(width: 80, height: 30)
            override var intrinsicContentSize: CGSize { size }
        }
        final class Source: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
                let content = cell.contentView.subviews.first as? Sized ?? {
                    let view = Sized()
                    view.translatesAutoresizingMaskIntoConstraints = false
                    cell.contentView.addSubview(view)
                    NSLayoutConstraint.activate([
                        view.topAnchor.constraint(equalTo: cell.contentView.topAnchor),
                        view.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor),
                        view.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor),
                        view.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor),
                    ])
                    return view
                }()
                content.size = CGSize(width: 60 + CGFloat(indexPath.item) * 20, height: 30 + CGFloat(indexPath.item) * 10)
                content.invalidateIntrinsicContentSize()
                return cell
            }
        }
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = CGSize(width: 50, height: 50)
        layout.minimumInteritemSpacing = 10
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let source = Source()
        view.dataSource = source
        view.layoutIfNeeded()
        // Sizes 60×30, 80×40, 100×50, 120×60: the first three fit a line (260 + 20 ≤ 320).
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.size == CGSize(width: 60, height: 30))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.size == CGSize(width: 100, height: 50))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame == CGRect(x: 100, y: 60, width: 120, height: 60))
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.size == CGSize(width: 80, height: 40))
    }
}
