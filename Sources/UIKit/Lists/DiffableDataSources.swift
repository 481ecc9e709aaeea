import Foundation

/// A collection view's data source driven by snapshots: `apply(_:animatingDifferences:)`
/// works out what was inserted, deleted, moved and reloaded since the last snapshot and
/// updates the collection view with it. Keep a strong reference to it (the collection view
/// holds its data source weakly).
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UICollectionViewDataSource {
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// Makes headers, footers and other supplementary views.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// A copy of the current snapshot.
    public func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`, animating the differences from the current one when asked.
    public func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                      animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let old = current
        let (updates, reconfigure) = snapshot.updates(from: old)
        current = snapshot.clearingMarks()
        guard let collectionView else {
            completion?()
            return
        }
        var animated = updates
        animated.animated = animatingDifferences
        collectionView.performUpdates(animated) { _ in completion?() }
        if !reconfigure.isEmpty { collectionView.reconfigureItems(at: reconfigure) }
    }

    /// Shows `snapshot` by reloading everything (no animation).
    public func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                             completion: (() -> Void)? = nil) {
        current = snapshot.clearingMarks()
        collectionView?.reloadData()
        completion?()
    }

    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.location(of: itemIdentifier).map { IndexPath(item: $0.item, section: $0.section) }
    }

    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        index >= 0 && index < current.numberOfSections ? current.sectionIdentifiers[index] : nil
    }

    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UICollectionViewDataSource

    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        section < current.numberOfSections ? current.numberOfItems(inSection: current.sectionIdentifiers[section]) : 0
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = current.item(at: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
            print("UICollectionViewDiffableDataSource: the cell provider returned no cell for \(indexPath)")
            return UICollectionViewCell(frame: .zero)
        }
        return cell
    }

    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? UICollectionReusableView(frame: .zero)
    }

    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// A table view's data source driven by snapshots (see
/// `UICollectionViewDiffableDataSource`). Subclass it to give section titles or editing.
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UITableViewDataSource {
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// The animation used for inserts, deletes and reloads (`.automatic`).
    public var defaultRowAnimation: UITableView.RowAnimation = .automatic

    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    public func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`, animating the differences from the current one when asked.
    public func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                      animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let (updates, reconfigure) = snapshot.updates(from: current)
        current = snapshot.clearingMarks()
        guard let tableView else {
            completion?()
            return
        }
        var animated = updates
        animated.animated = animatingDifferences && defaultRowAnimation != .none
        tableView.performUpdates(animated) { _ in completion?() }
        if !reconfigure.isEmpty { tableView.reconfigureRows(at: reconfigure) }
    }

    public func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                             completion: (() -> Void)? = nil) {
        current = snapshot.clearingMarks()
        tableView?.reloadData()
        completion?()
    }

    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.location(of: itemIdentifier).map { IndexPath(row: $0.item, section: $0.section) }
    }

    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        index >= 0 && index < current.numberOfSections ? current.sectionIdentifiers[index] : nil
    }

    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UITableViewDataSource

    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section < current.numberOfSections ? current.numberOfItems(inSection: current.sectionIdentifiers[section]) : 0
    }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = current.item(at: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            print("UITableViewDiffableDataSource: the cell provider returned no cell for \(indexPath)")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        return cell
    }

    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}
