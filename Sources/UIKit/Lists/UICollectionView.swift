import Foundation

/// Where a collection's items come from. The two item methods are required.
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// Default 1.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// The view for a header, footer or other supplementary element the layout places.
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
    /// Default false.
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        UICollectionReusableView(frame: .zero)
    }
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// What a collection view tells its delegate and asks it. Every method has UIKit's default.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// Default true.
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Default true.
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// Default true.
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                        forElementOfKind elementKind: String, at indexPath: IndexPath)
    /// Default: the proposal.
    func collectionView(_ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                               forElementKind elementKind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                               forElementOfKind elementKind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }
}

/// A scrolling collection of items in sections, placed by a layout. Only the elements on
/// screen have views: cells and supplementary views come from the data source (through the
/// reuse queues) as they scroll in and go back to the queues as they leave.
///
/// - Note: Differs from Apple: inconsistent batch updates log iOS's message and reload
///   instead of raising an exception.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// Where an item ends up when scrolled to.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The kind of section headers of the built-in layouts.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of section footers of the built-in layouts.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// A cell registration: the class to make and how to configure one for an item.
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = (Cell, IndexPath, Item) -> Void
        let handler: Handler
        let identifier: String

        public init(handler: @escaping Handler) {
            self.handler = handler
            identifier = "CellRegistration-\(UUID().uuidString)"
        }
    }

    /// A supplementary view registration.
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = (Supplementary, String, IndexPath) -> Void
        let handler: Handler
        let elementKind: String
        let identifier: String

        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
            identifier = "SupplementaryRegistration-\(UUID().uuidString)"
        }
    }

    /// The layout placing the items.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }

    /// Where the items come from.
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { reloadData() }
    }

    /// The scroll view's delegate, which the collection asks as its `UICollectionViewDelegate`.
    open override var delegate: (any UIScrollViewDelegate)? {
        didSet { collectionViewLayout.invalidateLayout() }
    }

    private var collectionDelegate: (any UICollectionViewDelegate)? { delegate as? any UICollectionViewDelegate }

    /// Whether taps select items (true by default).
    open var allowsSelection = true
    /// Whether taps toggle items in a multiple selection.
    open var allowsMultipleSelection = false
    /// Whether items can be selected while editing.
    open var allowsSelectionDuringEditing = false
    /// Whether the collection is in editing mode.
    open var isEditing = false
    /// Whether items are prefetched (stored; Lamina asks for what shows).
    open var isPrefetchingEnabled = true
    /// Whether selection follows keyboard focus (stored).
    open var selectionFollowsFocus = false
    /// Whether the collection remembers its last focused item (stored).
    open var remembersLastFocusedIndexPath = false
    /// A view behind the items.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        backgroundColor = .systemBackground
    }

    /// A collection view from a storyboard or nib: its layout (a flow layout with its sizes,
    /// or a custom layout class), its prototype cells and supplementary views, made when
    /// dequeued by their reuse identifiers.
    public required init?(coder: NSCoder) {
        let ib = coder as? IBCoder
        collectionViewLayout = ib?.collectionLayout() ?? UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
        if ib?.has("backgroundColor") != true { backgroundColor = .systemBackground }
        ib?.decodeCollectionView(self)
    }

    // MARK: Registration and reuse

    private var cellClasses: [String: UICollectionViewCell.Type] = [:]
    private var supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
    /// Nibs and storyboard prototypes by key (`cell/` + identifier, or `view/` + kind + `/` +
    /// identifier).
    private var madeFrom: [String: MadeFrom] = [:]
    private var reusableViews: [String: [UICollectionReusableView]] = [:]

    /// Makes cells of `cellClass` for `identifier`.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass as? UICollectionViewCell.Type
        madeFrom["cell/" + identifier] = nil
    }

    /// Makes cells for `identifier` from `nib`, whose one top-level object is the cell.
    open func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        madeFrom["cell/" + identifier] = nib.map { .nib($0) }
        cellClasses[identifier] = nil
    }

    /// Makes supplementary views of `viewClass` for `elementKind` and `identifier`.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        supplementaryClasses[elementKind + "/" + identifier] = viewClass as? UICollectionReusableView.Type
        madeFrom["view/" + elementKind + "/" + identifier] = nil
    }

    /// Makes supplementary views for `kind` and `identifier` from `nib`.
    open func register(_ nib: UINib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        madeFrom["view/" + kind + "/" + identifier] = nib.map { .nib($0) }
        supplementaryClasses[kind + "/" + identifier] = nil
    }

    /// A storyboard's prototype cell (`kind` nil) or supplementary view.
    func registerPrototype(_ prototype: IBPrototype, kind: String?, identifier: String) {
        madeFrom[(kind.map { "view/" + $0 + "/" } ?? "cell/") + identifier] = .prototype(prototype)
        if kind == nil { cellClasses[identifier] = nil }
    }

    private func reuse(_ key: String) -> UICollectionReusableView? {
        guard var queue = reusableViews[key], let view = queue.popLast() else { return nil }
        reusableViews[key] = queue
        view.prepareForReuse()
        return view
    }

    /// A cell for the item at `indexPath`, from the queue or the registered class.
    ///
    /// - Note: Differs from Apple: with nothing registered iOS raises an exception; Lamina logs
    ///   it and returns a plain cell.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = reuse("cell/" + identifier) as? UICollectionViewCell { return cell }
        if let cellClass = cellClasses[identifier] { return cellClass.init(_registeredReuseIdentifier: identifier) }
        if let source = madeFrom["cell/" + identifier], let cell = source.make(kind: "cell") as? UICollectionViewCell {
            cell.reuseIdentifier = identifier
            return cell
        }
        print("UICollectionView: could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        return UICollectionViewCell(_registeredReuseIdentifier: identifier)
    }

    /// A supplementary view of `elementKind` from the queue or the registered class.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        let key = elementKind + "/" + identifier
        if let view = reuse("view/" + key) { return view }
        if let viewClass = supplementaryClasses[key] { return viewClass.init(_registeredReuseIdentifier: identifier) }
        if let source = madeFrom["view/" + key] {
            let view = source.make(kind: elementKind)
            view.reuseIdentifier = identifier
            return view
        }
        print("UICollectionView: could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier")
        return UICollectionReusableView(_registeredReuseIdentifier: identifier)
    }

    /// A cell made by `registration` and configured for `item`.
    open func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(using registration: CellRegistration<Cell, Item>,
                                                                             for indexPath: IndexPath, item: Item?) -> Cell {
        if cellClasses[registration.identifier] == nil { cellClasses[registration.identifier] = Cell.self }
        let cell = dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath) as? Cell
            ?? Cell(_registeredReuseIdentifier: registration.identifier)
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    /// A supplementary view made by `registration` and configured.
    open func dequeueConfiguredReusableSupplementary<Supplementary: UICollectionReusableView>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath) -> Supplementary {
        let key = registration.elementKind + "/" + registration.identifier
        if supplementaryClasses[key] == nil { supplementaryClasses[key] = Supplementary.self }
        let view = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: registration.identifier, for: indexPath) as? Supplementary
            ?? Supplementary(_registeredReuseIdentifier: registration.identifier)
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }

    // MARK: The model

    private var itemCounts: [Int] = []
    private var needsReload = true

    /// The number of sections.
    open var numberOfSections: Int {
        countsIfNeeded()
        return itemCounts.count
    }

    /// The number of items in `section`.
    open func numberOfItems(inSection section: Int) -> Int {
        countsIfNeeded()
        return section >= 0 && section < itemCounts.count ? itemCounts[section] : 0
    }

    private func countsIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        let sections = dataSource.map { Swift.max(0, $0.numberOfSections(in: self)) } ?? 0
        itemCounts = (0..<sections).map { Swift.max(0, dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0) }
    }

    /// Forgets everything shown and asks again at the next layout; clears the selection.
    open func reloadData() {
        needsReload = true
        selected.removeAll()
        for (key, view) in shown { retire(view, key) }
        shown.removeAll()
        let context = UICollectionViewLayoutInvalidationContext()
        context.invalidateEverything = true
        context.invalidateDataSourceCounts = true
        collectionViewLayout.invalidateLayout(with: context)
        setNeedsLayout()
    }

    /// The layout was invalidated: lay out again.
    func layoutInvalidated() {
        setNeedsLayout()
    }

    /// Replaces the layout.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }

    /// Replaces the layout, animating the items to their new places when `animated`.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        let old = collectionViewLayout
        for view in shown.values { view.willTransition(from: old, to: layout) }
        collectionViewLayout = layout
        // The offset the new layout wants (its and the delegate's say), kept inside its
        // content: a collection scrolled far down would otherwise show past the end of a
        // shorter layout.
        countsIfNeeded()
        layout.preparedIfNeeded()
        let size = layout.collectionViewContentSize
        if contentSize != size { contentSize = size }
        let proposed = layout.targetContentOffset(forProposedContentOffset: contentOffset)
        let target = restingOffset(nearest: collectionDelegate?.collectionView(self, targetContentOffsetForProposedContentOffset: proposed) ?? proposed)
        if animated && window != nil {
            UIView.animate(withDuration: 0.3, animations: {
                if self.contentOffset != target { self.contentOffset = target }
                self.layoutIfNeeded()
            }, completion: completion)
        } else {
            if contentOffset != target { contentOffset = target }
            layoutIfNeeded()
            completion?(true)
        }
        for view in shown.values { view.didTransition(from: old, to: layout) }
    }

    // MARK: Geometry

    /// The attributes of the item at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        countsIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The attributes of a supplementary element.
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        countsIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The item under `point` (content coordinates), if any.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        countsIfNeeded()
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let probe = CGRect(x: point.x, y: point.y, width: 0.5, height: 0.5)
        let hits = collectionViewLayout.layoutAttributesForElements(in: probe) ?? []
        let compositional = collectionViewLayout as? UICollectionViewCompositionalLayout
        return hits.filter { a in
            guard a.representedElementCategory == .cell, !a.isHidden else { return false }
            // A sideways row shows its items where it is scrolled to.
            if let row = compositional?.orthogonalSection(of: a), let scroller = orthogonalScrollers[row] {
                return a.frame.offsetBy(dx: -scroller.contentOffset.x, dy: -scroller.contentOffset.y).contains(point)
            }
            return a.frame.contains(point)
        }.max { $0.zIndex < $1.zIndex }?.indexPath
    }

    // MARK: Visible views

    /// Shown views by key: "cell" items, or a supplementary view's kind.
    private struct Key: Hashable {
        let kind: String?
        let path: IndexPath
    }
    private var shown: [Key: UICollectionReusableView] = [:]

    /// The cell showing `indexPath`, if visible.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layoutIfNeeded()
        return shown[Key(kind: nil, path: indexPath)] as? UICollectionViewCell
    }

    /// The cells on screen.
    open var visibleCells: [UICollectionViewCell] {
        layoutIfNeeded()
        return shown.filter { $0.key.kind == nil }.sorted { $0.key.path < $1.key.path }.compactMap { $0.value as? UICollectionViewCell }
    }

    /// The items on screen, in order.
    open var indexPathsForVisibleItems: [IndexPath] {
        layoutIfNeeded()
        return shown.keys.filter { $0.kind == nil }.map(\.path).sorted()
    }

    /// The item `cell` shows, if visible.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        shown.first { $0.key.kind == nil && $0.value === cell }?.key.path
    }

    /// The supplementary view of `elementKind` at `indexPath`, if visible.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        layoutIfNeeded()
        return shown[Key(kind: elementKind, path: indexPath)]
    }

    /// The visible supplementary views of `elementKind`.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        layoutIfNeeded()
        return shown.filter { $0.key.kind == elementKind }.sorted { $0.key.path < $1.key.path }.map(\.value)
    }

    /// The index paths of the visible supplementary views of `elementKind`.
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        layoutIfNeeded()
        return shown.keys.filter { $0.kind == elementKind }.map(\.path).sorted()
    }

    private var preparedSize = CGSize.zero
    private var lastBounds = CGRect.null
    /// Items inserted by the update being laid out (they fade in).
    private var appearing: Set<IndexPath> = []

    open override func layoutSubviews() {
        super.layoutSubviews()
        countsIfNeeded()
        backgroundView?.frame = bounds
        let layout = collectionViewLayout
        if bounds != lastBounds {
            if !lastBounds.isNull, layout.isPrepared, layout.shouldInvalidateLayout(forBoundsChange: bounds) {
                layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: bounds))
            }
            lastBounds = bounds
        }
        // Self-sizing may ask for the layout again; a few rounds settle it.
        for _ in 0..<4 {
            layout.preparedIfNeeded()
            let size = layout.collectionViewContentSize
            if contentSize != size { contentSize = size }
            if !placeVisibleElements() { break }
        }
    }

    /// Shows the elements meeting the visible bounds; true when a cell's preferred size
    /// invalidated the layout (lay out again).
    private func placeVisibleElements() -> Bool {
        let layout = collectionViewLayout
        let attributes = layout.layoutAttributesForElements(in: bounds) ?? []
        var wanted: [Key: UICollectionViewLayoutAttributes] = [:]
        for a in attributes where a.representedElementCategory != .decorationView {
            wanted[Key(kind: a.representedElementCategory == .cell ? nil : a.representedElementKind, path: a.indexPath)] = a
        }
        // What left goes back to the queues first.
        for (key, view) in shown where wanted[key] == nil {
            shown[key] = nil
            if key.kind == nil, let cell = view as? UICollectionViewCell {
                collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.path)
            } else if let kind = key.kind {
                collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: key.path)
            }
            retire(view, key)
        }
        var invalidated = false
        let compositional = layout as? UICollectionViewCompositionalLayout
        updateOrthogonalScrollers(compositional)
        for (key, a) in wanted.sorted(by: { $0.key.path < $1.key.path }) {
            let host = compositional?.orthogonalSection(of: a).flatMap { orthogonalScrollers[$0] }
            if let view = shown[key] {
                if let host, view.superview !== host { host.addSubview(view) } else if host == nil, view.superview !== self { addSubview(view) }
                apply(a, to: view, in: host)
                continue
            }
            guard let view = make(key) else { continue }
            shown[key] = view
            // An appearing item starts where the layout says (by default: in place, clear).
            let appears = key.kind == nil && appearing.contains(key.path)
            let initial = appears ? layout.initialLayoutAttributesForAppearingItem(at: key.path) : nil
            UIView.performWithoutAnimation {
                let parent: UIView = host ?? self
                if view.superview !== parent { parent.addSubview(view) }
                apply(initial ?? a, to: view, in: host)
                if appears { view.alpha = initial?.alpha ?? 0 }
                if let cell = view as? UICollectionViewCell { cell.isSelected = selected.contains(key.path) }
                // Only the new view's own subtree: adding it marked this view for layout, and
                // climbing to it here would place the rest without the update's animation.
                view.layer.layoutSubtreeIfNeeded()
            }
            if appears {
                if initial != nil { apply(a, to: view, in: host) }
                view.alpha = a.alpha
            }
            let preferred = view.preferredLayoutAttributesFitting(a)
            if layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: a) {
                invalidated = true
            }
            if key.kind == nil, let cell = view as? UICollectionViewCell {
                collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: key.path)
            } else if let kind = key.kind {
                collectionDelegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: key.path)
            }
        }
        if invalidated {
            layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0)),
                                                                      withOriginalAttributes: UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))))
        }
        // Supplementary views (headers) above the cells.
        for (key, view) in shown where key.kind != nil { bringSubviewToFront(view) }
        return invalidated
    }

    // MARK: Sideways rows

    /// The scroll views of compositional sections that scroll across the layout, by section.
    private var orthogonalScrollers: [Int: OrthogonalScroller] = [:]

    private func updateOrthogonalScrollers(_ layout: UICollectionViewCompositionalLayout?) {
        let rows = layout?.orthogonalRows ?? [:]
        for (section, scroller) in orthogonalScrollers where rows[section] == nil {
            scroller.removeFromSuperview()
            orthogonalScrollers[section] = nil
        }
        for (section, row) in rows {
            let scroller = orthogonalScrollers[section] ?? {
                let made = OrthogonalScroller(frame: row.frame)
                made.section = section
                made.owner = self
                orthogonalScrollers[section] = made
                return made
            }()
            let horizontal = (layout?.configuration.scrollDirection ?? .vertical) == .vertical
            UIView.performWithoutAnimation {
                if scroller.frame != row.frame { scroller.frame = row.frame }
                scroller.contentSize = horizontal ? CGSize(width: row.contentLength, height: row.frame.height)
                    : CGSize(width: row.frame.width, height: row.contentLength)
            }
            scroller.row = row
            scroller.isPagingEnabled = row.behavior == .paging
            if scroller.superview !== self { addSubview(scroller) }
        }
    }

    /// A sideways row scrolled: its layout offset follows and the collection shows what came in.
    func orthogonalScrollerDidScroll(_ scroller: OrthogonalScroller) {
        guard let layout = collectionViewLayout as? UICollectionViewCompositionalLayout else { return }
        let vertical = layout.configuration.scrollDirection == .vertical
        layout.orthogonalOffsets[scroller.section] = vertical ? scroller.contentOffset.x : scroller.contentOffset.y
        setNeedsLayout()
    }

    private func make(_ key: Key) -> UICollectionReusableView? {
        guard let dataSource else { return nil }
        if let kind = key.kind {
            return dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: key.path)
        }
        return dataSource.collectionView(self, cellForItemAt: key.path)
    }

    private func apply(_ a: UICollectionViewLayoutAttributes, to view: UICollectionReusableView, in host: UIScrollView? = nil) {
        let size = a.size
        if view.bounds.size != size { view.bounds.size = size }
        // In a sideways row the row's scroll view holds the view, at the row's coordinates.
        let center = host.map { CGPoint(x: a.center.x - $0.frame.minX, y: a.center.y - $0.frame.minY) } ?? a.center
        if view.center != center { view.center = center }
        if view.transform3D != a.transform3D { view.transform3D = a.transform3D }
        if appearing.isEmpty || !(view is UICollectionViewCell) { view.alpha = a.alpha }
        view.isHidden = a.isHidden
        view.layer.zPosition = CGFloat(a.zIndex)
        view.apply(a)
    }

    private func retire(_ view: UICollectionReusableView, _ key: Key) {
        view.removeFromSuperview()
        if let cell = view as? UICollectionViewCell { cell.isHighlighted = false }
        guard let id = view.reuseIdentifier else { return }
        let queue = key.kind == nil ? "cell/" + id : "view/" + (key.kind ?? "") + "/" + id
        reusableViews[queue, default: []].append(view)
    }

    // MARK: Scrolling to items

    /// Scrolls so that the item is at `scrollPosition` (empty: the least scroll that shows it).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        layoutIfNeeded()
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        let inset = adjustedContentInset
        var offset = contentOffset
        let width = bounds.width - inset.left - inset.right, height = bounds.height - inset.top - inset.bottom
        if scrollPosition.contains(.top) { offset.y = frame.minY - inset.top } else if scrollPosition.contains(.centeredVertically) {
            offset.y = frame.midY - inset.top - height / 2
        } else if scrollPosition.contains(.bottom) { offset.y = frame.maxY - inset.top - height }
        if scrollPosition.contains(.left) { offset.x = frame.minX - inset.left } else if scrollPosition.contains(.centeredHorizontally) {
            offset.x = frame.midX - inset.left - width / 2
        } else if scrollPosition.contains(.right) { offset.x = frame.maxX - inset.left - width }
        if scrollPosition.isEmpty {
            scrollRectToVisible(frame, animated: animated)
            return
        }
        let rx = range(axis: 0), ry = range(axis: 1)
        offset.x = Swift.min(Swift.max(offset.x, rx.lowerBound), rx.upperBound)
        offset.y = Swift.min(Swift.max(offset.y, ry.lowerBound), ry.upperBound)
        setContentOffset(offset, animated: animated)
    }

    // MARK: Selection

    private var selected: Set<IndexPath> = []
    private var highlighted: IndexPath?

    /// The selected items, nil when none.
    open var indexPathsForSelectedItems: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects an item without telling the delegate; nil deselects all.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selected { cellForVisibleItem(path)?.isSelected = false }
            selected.removeAll()
            return
        }
        if !allowsMultipleSelection {
            for path in selected where path != indexPath { cellForVisibleItem(path)?.isSelected = false }
            selected.removeAll()
        }
        selected.insert(indexPath)
        cellForVisibleItem(indexPath)?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item without telling the delegate.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard selected.remove(indexPath) != nil else { return }
        cellForVisibleItem(indexPath)?.isSelected = false
    }

    private func cellForVisibleItem(_ path: IndexPath) -> UICollectionViewCell? {
        shown[Key(kind: nil, path: path)] as? UICollectionViewCell
    }

    private func userSelect(_ path: IndexPath) {
        guard allowsSelection || (isEditing && allowsSelectionDuringEditing) else { return }
        if allowsMultipleSelection, selected.contains(path) {
            guard collectionDelegate?.collectionView(self, shouldDeselectItemAt: path) ?? true else { return }
            deselectItem(at: path, animated: false)
            collectionDelegate?.collectionView(self, didDeselectItemAt: path)
            return
        }
        guard collectionDelegate?.collectionView(self, shouldSelectItemAt: path) ?? true else { return }
        if !allowsMultipleSelection {
            for old in selected.sorted() where old != path {
                deselectItem(at: old, animated: false)
                collectionDelegate?.collectionView(self, didDeselectItemAt: old)
            }
        }
        selected.insert(path)
        cellForVisibleItem(path)?.isSelected = true
        if let cell = cellForVisibleItem(path), let segue = cell.selectionSegue { segue.trigger(sender: cell) }
        collectionDelegate?.collectionView(self, didSelectItemAt: path)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard allowsSelection, touches.count == 1, let touch = touches.first, let path = indexPathForItem(at: touch.location(in: self)),
              collectionDelegate?.collectionView(self, shouldHighlightItemAt: path) ?? true else { return }
        highlighted = path
        cellForVisibleItem(path)?.isHighlighted = true
        collectionDelegate?.collectionView(self, didHighlightItemAt: path)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = highlighted else { return }
        unhighlight()
        if let touch = touches.first, indexPathForItem(at: touch.location(in: self)) == path { userSelect(path) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        unhighlight()
    }

    private func unhighlight() {
        guard let path = highlighted else { return }
        highlighted = nil
        cellForVisibleItem(path)?.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: path)
    }

    // MARK: Updates

    private var pending: ListUpdates?
    private var updateDepth = 0

    /// Whether updates have been made but not laid out.
    open var hasUncommittedUpdates: Bool { pending != nil }

    /// Applies the inserts, deletes, moves and reloads `updates` makes, animating, then calls
    /// `completion`.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updateDepth += 1
        if pending == nil { pending = ListUpdates() }
        pending?.animated = true
        updates?()
        updateDepth -= 1
        guard updateDepth == 0, let recorded = pending else { return }
        pending = nil
        apply(recorded, completion: completion)
    }

    private func record(_ change: (inout ListUpdates) -> Void) {
        if pending == nil {
            var single = ListUpdates()
            single.animated = true
            change(&single)
            apply(single, completion: nil)
        } else {
            change(&pending!)
        }
    }

    open func insertSections(_ sections: IndexSet) { record { $0.insertedSections.formUnion(sections) } }
    open func deleteSections(_ sections: IndexSet) { record { $0.deletedSections.formUnion(sections) } }
    open func reloadSections(_ sections: IndexSet) { record { $0.reloadedSections.formUnion(sections) } }
    open func moveSection(_ section: Int, toSection newSection: Int) { record { $0.movedSections.append((section, newSection)) } }
    open func insertItems(at indexPaths: [IndexPath]) { record { $0.insertedItems += indexPaths } }
    open func deleteItems(at indexPaths: [IndexPath]) { record { $0.deletedItems += indexPaths } }
    open func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloadedItems += indexPaths } }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { record { $0.movedItems.append((indexPath, newIndexPath)) } }

    /// Asks the data source for these items' cells again in place.
    open func reconfigureItems(at indexPaths: [IndexPath]) {
        for path in indexPaths {
            let key = Key(kind: nil, path: path)
            guard let old = shown[key], let dataSource else { continue }
            shown[key] = nil
            retire(old, key)
            let cell = dataSource.collectionView(self, cellForItemAt: path)
            shown[key] = cell
            UIView.performWithoutAnimation {
                addSubview(cell)
                cell.frame = old.frame
                cell.isSelected = selected.contains(path)
            }
        }
    }

    /// Applies updates worked out elsewhere (a diffable data source's).
    func performUpdates(_ updates: ListUpdates, completion: ((Bool) -> Void)?) {
        apply(updates, completion: completion)
    }

    private func apply(_ u: ListUpdates, completion: ((Bool) -> Void)?) {
        let oldCounts = itemCounts
        guard !needsReload, let dataSource else {
            reloadData()
            completion?(true)
            return
        }
        let sections = Swift.max(0, dataSource.numberOfSections(in: self))
        let newCounts = (0..<sections).map { Swift.max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
        let mapping: ListUpdates.Mapping
        switch u.mapping(oldCounts: oldCounts, newCounts: newCounts, noun: "items") {
        case .success(let found): mapping = found
        case .failure(let error):
            ConsoleLog.report(error.message)
            reloadData()
            completion?(false)
            return
        }
        itemCounts = newCounts
        let layout = collectionViewLayout
        var updateItems: [UICollectionViewUpdateItem] = []
        for path in u.deletedItems { updateItems.append(UICollectionViewUpdateItem(action: .delete, before: path, after: nil)) }
        for path in u.insertedItems { updateItems.append(UICollectionViewUpdateItem(action: .insert, before: nil, after: path)) }
        for (from, to) in u.movedItems { updateItems.append(UICollectionViewUpdateItem(action: .move, before: from, after: to)) }
        for path in u.reloadedItems { updateItems.append(UICollectionViewUpdateItem(action: .reload, before: path, after: path)) }
        let context = UICollectionViewLayoutInvalidationContext()
        context.invalidateDataSourceCounts = true
        layout.invalidateLayout(with: context)
        layout.preparedIfNeeded()
        layout.prepare(forCollectionViewUpdates: updateItems)
        let reloaded = Set(u.reloadedItems)
        var moved: [Key: UICollectionReusableView] = [:]
        var leaving: [(UICollectionReusableView, Key)] = []
        for (key, view) in shown {
            if key.kind == nil, let new = mapping.items[key.path], !reloaded.contains(key.path) {
                moved[Key(kind: nil, path: new)] = view
            } else {
                leaving.append((view, key))
            }
        }
        shown = moved
        selected = Set(selected.compactMap { mapping.items[$0] })
        appearing = mapping.inserted
        let finish: (Bool) -> Void = { [weak self] done in
            for (view, key) in leaving {
                view.alpha = 1
                if let self { self.retire(view, key) } else { view.removeFromSuperview() }
            }
            layout.finalizeCollectionViewUpdates()
            completion?(done)
        }
        if u.animated && window != nil {
            UIView.animate(withDuration: 0.3, animations: {
                for (view, key) in leaving {
                    if key.kind == nil, let final = layout.finalLayoutAttributesForDisappearingItem(at: key.path) { self.apply(final, to: view) }
                    view.alpha = 0
                }
                self.setNeedsLayout()
                self.layoutIfNeeded()
            }, completion: finish)
        } else {
            setNeedsLayout()
            layoutIfNeeded()
            finish(true)
        }
        appearing = []
    }
}

/// The scroll view of a compositional section that scrolls across the layout: it reports its
/// offset to the collection view and snaps to groups for the group-paging behaviours.
@MainActor
final class OrthogonalScroller: UIScrollView, UIScrollViewDelegate {
    var section = 0
    weak var owner: UICollectionView?
    var row: UICollectionViewCompositionalLayout.OrthogonalRow?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
        showsHorizontalScrollIndicator = false
        alwaysBounceHorizontal = true
        delegate = self
    }

    required init?(coder: NSCoder) { nil }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        owner?.orthogonalScrollerDidScroll(self)
    }

    /// Group paging: the row comes to rest at a group's leading edge (or centred on one), the
    /// next one in the direction of a flick.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        guard let row, !row.groupStarts.isEmpty else { return }
        switch row.behavior {
        case .groupPaging, .groupPagingCentered, .continuousGroupLeadingBoundary:
            let centred = row.behavior == .groupPagingCentered
            func rest(_ k: Int) -> CGFloat {
                let start = row.groupStarts[k]
                return centred ? start + row.groupLengths[k] / 2 - bounds.width / 2 : start - (row.groupStarts.first ?? 0)
            }
            let current = contentOffset.x
            let proposed = row.behavior == .continuousGroupLeadingBoundary ? targetContentOffset.pointee.x : current
            var nearest = 0
            for k in row.groupStarts.indices where abs(rest(k) - proposed) < abs(rest(nearest) - proposed) { nearest = k }
            if row.behavior != .continuousGroupLeadingBoundary {
                if velocity.x > 0.25, rest(nearest) <= current { nearest = Swift.min(nearest + 1, row.groupStarts.count - 1) }
                if velocity.x < -0.25, rest(nearest) >= current { nearest = Swift.max(nearest - 1, 0) }
            }
            let limit = range(axis: 0)
            targetContentOffset.pointee.x = Swift.min(Swift.max(rest(nearest), limit.lowerBound), limit.upperBound)
        default:
            break
        }
    }
}
