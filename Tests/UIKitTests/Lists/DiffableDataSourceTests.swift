import Foundation
import Testing
@testable import UIKit

/// Snapshots, the differences between them, and the diffable data sources that apply them.
@MainActor
@Suite struct DiffableDataSourceTests {
    enum Section: Hashable, Sendable { case main, more }

    @Test func snapshotsHoldSectionsAndItems() {
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.main, .more])
        snapshot.appendItems(["a", "b"], toSection: .main)
        snapshot.appendItems(["c"])
        snapshot.insertItems(["x"], beforeItem: "b")
        snapshot.appendItems(["a"], toSection: .more)
        #expect(snapshot.numberOfSections == 2 && snapshot.numberOfItems == 4)
        #expect(snapshot.itemIdentifiers(inSection: .main) == ["a", "x", "b"])
        #expect(snapshot.itemIdentifiers(inSection: .more) == ["c"])
        #expect(snapshot.sectionIdentifier(containingItem: "c") == .more)
        #expect(snapshot.indexOfItem("c") == 3 && snapshot.indexOfSection(.more) == 1)
        snapshot.moveItem("a", afterItem: "c")
        #expect(snapshot.itemIdentifiers == ["x", "b", "c", "a"])
        snapshot.deleteItems(["x"])
        snapshot.moveSection(.more, beforeSection: .main)
        #expect(snapshot.sectionIdentifiers == [.more, .main])
        #expect(snapshot.itemIdentifiers == ["c", "a", "b"])
        snapshot.reloadItems(["b", "missing"])
        #expect(snapshot.reloadedItemIdentifiers == ["b"])
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfItems == 0 && snapshot.numberOfSections == 0)
    }

    /// Random snapshots: every item in both ends up where the new snapshot puts it once the
    /// worked-out updates are mapped as a table or collection view maps them.
    @Test func differencesMapEveryItemToItsNewPlace() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<300 {
            func random() -> NSDiffableDataSourceSnapshot<Int, Int> {
                var s = NSDiffableDataSourceSnapshot<Int, Int>()
                var rng = RandomSource(next)
                var sections = Array(0..<6).filter { _ in next(3) > 0 }
                sections.shuffle(using: &rng)
                s.appendSections(sections)
                var items = Array(0..<30).filter { _ in next(4) > 0 }
                items.shuffle(using: &rng)
                for item in items where !sections.isEmpty { s.appendItems([item], toSection: sections[next(sections.count)]) }
                return s
            }
            let old = random(), new = random()
            let (updates, _) = new.updates(from: old)
            let oldCounts = old.sectionIdentifiers.map { old.numberOfItems(inSection: $0) }
            let newCounts = new.sectionIdentifiers.map { new.numberOfItems(inSection: $0) }
            guard case .success(let mapping) = updates.mapping(oldCounts: oldCounts, newCounts: newCounts, noun: "items") else {
                Issue.record("the updates did not add up")
                return
            }
            for item in old.itemIdentifiers {
                // Items whose section went are inserted again, as UIKit does.
                guard let to = new.location(of: item), let from = old.location(of: item),
                      new.indexOfSection(old.sectionIdentifiers[from.section]) != nil else { continue }
                #expect(mapping.items[IndexPath(item: from.item, section: from.section)] == IndexPath(item: to.item, section: to.section))
            }
            #expect(mapping.inserted.count == new.numberOfItems - mapping.items.count)
        }
    }

    @Test func aCollectionFollowsItsSnapshots() {
        withWindow { window, clock in
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 200, height: 40)
            layout.minimumLineSpacing = 0
            let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 200), collectionViewLayout: layout)
            window.addSubview(collection)
            let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, name in
                var content = cell.defaultContentConfiguration()
                content.text = name
                cell.contentConfiguration = content
            }
            let dataSource = UICollectionViewDiffableDataSource<Section, String>(collectionView: collection) { view, path, name in
                view.dequeueConfiguredReusableCell(using: registration, for: path, item: name)
            }
            var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
            snapshot.appendSections([.main])
            snapshot.appendItems(["Apple", "Banana", "Cherry"])
            dataSource.apply(snapshot, animatingDifferences: false)
            collection.layoutIfNeeded()
            func text(_ item: Int) -> String? {
                (collection.cellForItem(at: IndexPath(item: item, section: 0))?.contentConfiguration as? UIListContentConfiguration)?.text
            }
            #expect(text(1) == "Banana")
            let banana = collection.cellForItem(at: IndexPath(item: 1, section: 0))
            // Reorder and insert: Banana's cell moves to the top and keeps its content.
            snapshot.moveItem("Banana", beforeItem: "Apple")
            snapshot.insertItems(["Date"], afterItem: "Cherry")
            dataSource.apply(snapshot)
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0)) === banana)
            #expect((0..<4).map(text) == ["Banana", "Apple", "Cherry", "Date"])
            #expect(dataSource.itemIdentifier(for: IndexPath(item: 3, section: 0)) == "Date")
            #expect(dataSource.indexPath(for: "Cherry") == IndexPath(item: 2, section: 0))
            // Reconfiguring updates a cell in place.
            snapshot.deleteItems(["Apple"])
            dataSource.apply(snapshot, animatingDifferences: false)
            #expect(collection.numberOfItems(inSection: 0) == 3)
            #expect((0..<3).map(text) == ["Banana", "Cherry", "Date"])
        }
    }

    @Test func aTableFollowsItsSnapshotsWithSectionTitles() {
        final class Source: UITableViewDiffableDataSource<Section, Int> {
            override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
                sectionIdentifier(for: section) == .main ? "Main" : "More"
            }
        }
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        let source = Source(tableView: table) { table, path, number in
            let cell = table.dequeueReusableCell(withIdentifier: "cell", for: path)
            cell.textLabel?.text = "\(number)"
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
        snapshot.appendSections([.main, .more])
        snapshot.appendItems([1, 2, 3], toSection: .main)
        snapshot.appendItems([4], toSection: .more)
        source.apply(snapshot, animatingDifferences: false)
        table.layoutIfNeeded()
        #expect(table.numberOfSections == 2 && table.numberOfRows(inSection: 0) == 3)
        #expect(table.headerView(forSection: 1)?.textLabel?.text == "More")
        snapshot.moveItem(4, beforeItem: 1)
        source.apply(snapshot, animatingDifferences: false)
        #expect(table.numberOfRows(inSection: 0) == 4 && table.numberOfRows(inSection: 1) == 0)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "4")
    }
}

/// A RandomNumberGenerator over a test's own sequence.
struct RandomSource: RandomNumberGenerator {
    let draw: (Int) -> Int
    init(_ draw: @escaping (Int) -> Int) { self.draw = draw }
    mutating func next() -> UInt64 { UInt64(draw(1 << 30)) << 34 | UInt64(draw(1 << 30)) << 4 | UInt64(draw(16)) }
}
