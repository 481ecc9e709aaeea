import Foundation
import Testing
import UIKit

/// UICollectionViewCompositionalLayout: frames worked out from fractional, absolute and
/// estimated sizes, spacing and insets; nested and custom groups; boundary items; lists;
/// sections that scroll sideways.
@MainActor
@Suite struct CompositionalLayoutTests {
    private func collection(_ layout: UICollectionViewLayout, _ items: Items, width: CGFloat = 320, height: CGFloat = 480) -> UICollectionView {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        view.dataSource = items
        view.delegate = items
        return view
    }

    private func frame(_ view: UICollectionView, _ item: Int, section: Int = 0) -> CGRect? {
        view.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test func aGridOfThirds() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
                                                       subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let items = Items([7])
        let view = collection(UICollectionViewCompositionalLayout(section: section), items)
        view.layoutIfNeeded()
        // 300 points of room: thirds of 100, each cell inset 2 in its slot.
        #expect(frame(view, 0) == CGRect(x: 12, y: 12, width: 96, height: 96))
        #expect(frame(view, 2) == CGRect(x: 212, y: 12, width: 96, height: 96))
        #expect(frame(view, 3) == CGRect(x: 12, y: 122, width: 96, height: 96))
        // Three groups (the last holds one item): 10 + 3 × 100 + 2 × 10 + 10.
        #expect(view.contentSize == CGSize(width: 320, height: 340))
        #expect(view.indexPathsForVisibleItems.count == 7)
        #expect(view.cellForItem(at: IndexPath(item: 4, section: 0))?.frame == CGRect(x: 112, y: 122, width: 96, height: 96))
    }

    @Test func countedGroupsShareTheirWidthAndNestedGroupsStack() {
        let pair = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
            subitem: NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))),
            count: 2)
        pair.interItemSpacing = .fixed(10)
        let big = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        let column = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)),
            subitem: NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))),
            count: 2)
        let mosaic = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)),
                                                        subitems: [big, column])
        let layout = UICollectionViewCompositionalLayout { section, _ in
            NSCollectionLayoutSection(group: section == 0 ? pair : mosaic)
        }
        let items = Items([2, 3])
        let view = collection(layout, items)
        view.layoutIfNeeded()
        // Two items share 320 less 10: 155 each.
        #expect(frame(view, 0) == CGRect(x: 0, y: 0, width: 155, height: 50))
        #expect(frame(view, 1) == CGRect(x: 165, y: 0, width: 155, height: 50))
        // A big item beside a column of two, each half the column's height.
        #expect(frame(view, 0, section: 1) == CGRect(x: 0, y: 50, width: 160, height: 200))
        #expect(frame(view, 1, section: 1) == CGRect(x: 160, y: 50, width: 160, height: 100))
        #expect(frame(view, 2, section: 1) == CGRect(x: 160, y: 150, width: 160, height: 100))
        #expect(view.contentSize.height == 250)
    }

    @Test func headersFollowTheSectionInsetsAndPin() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
                                                     subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        let items = Items([10, 10])
        let view = collection(UICollectionViewCompositionalLayout(section: section), items, height: 300)
        view.layoutIfNeeded()
        let headerPath = IndexPath(item: 0, section: 0)
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: headerPath)?.frame
            == CGRect(x: 20, y: 0, width: 280, height: 40))
        #expect(frame(view, 0) == CGRect(x: 20, y: 40, width: 280, height: 60))
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))?.frame.minY == 640)
        // Scrolled into the first section, its header stays at the top.
        view.contentOffset = CGPoint(x: 0, y: 200)
        view.layoutIfNeeded()
        #expect(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: headerPath)?.frame.minY == 200)
    }

    @Test func listsSizeTheirRowsFromTheirContent() {
        final class Source: NSObject, UICollectionViewDataSource {
            let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, number in
                var content = cell.defaultContentConfiguration()
                content.text = "Row \(number)"
                cell.contentConfiguration = content
            }
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 30 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: indexPath.item)
            }
        }
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped))
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        let source = Source()
        view.dataSource = source
        view.layoutIfNeeded()
        // Inset groups: 16 from each side, 18 above; one-line rows measure 44.
        #expect(frame(view, 0) == CGRect(x: 16, y: 18, width: 358, height: 44))
        #expect(frame(view, 2) == CGRect(x: 16, y: 106, width: 358, height: 44))
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 16, y: 62, width: 358, height: 44))
    }

    @Test func aSectionScrollsSidewaysOnItsOwn() {
        withWindow { window, _ in
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(80), heightDimension: .absolute(80)),
                                                           subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 10
            section.orthogonalScrollingBehavior = .continuous
            let items = Items([20])
            let view = collection(UICollectionViewCompositionalLayout(section: section), items, width: 200, height: 200)
            window.addSubview(view)
            view.layoutIfNeeded()
            // One row, 80 tall: the vertical content is the row; items run on to 20 × 90 − 10.
            #expect(view.contentSize == CGSize(width: 200, height: 80))
            #expect(frame(view, 5) == CGRect(x: 450, y: 0, width: 80, height: 80))
            // 200 points show items 0, 1 and 2 (the third from 180).
            #expect(view.indexPathsForVisibleItems == (0...2).map { IndexPath(item: $0, section: 0) })
            // Dragging the row left 100 points (90 once the pan begins) shows items 1 to 3.
            window.drag(from: CGPoint(x: 150, y: 40), to: CGPoint(x: 50, y: 40), duration: 2, steps: 10)
            view.layoutIfNeeded()
            #expect(view.indexPathsForVisibleItems == (1...3).map { IndexPath(item: $0, section: 0) })
            #expect(view.contentOffset == .zero)
            // A tap lands on the item where the row is scrolled to: item 2 is at 90…170 on screen.
            window.tap(at: CGPoint(x: 100, y: 40))
            #expect(items.log.contains("select 2"))
        }
    }

    @Test func customGroupsPlaceItemsWhereTheProviderSays() {
        let group = NSCollectionLayoutGroup.custom(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120))) { environment in
            let width = environment.container.contentSize.width
            return [NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: width / 2, height: 120)),
                    NSCollectionLayoutGroupCustomItem(frame: CGRect(x: width / 2, y: 60, width: width / 2, height: 60))]
        }
        let items = Items([3])
        let view = collection(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), items)
        view.layoutIfNeeded()
        #expect(frame(view, 1) == CGRect(x: 160, y: 60, width: 160, height: 60))
        #expect(frame(view, 2) == CGRect(x: 0, y: 120, width: 160, height: 120))
    }
}
