import Foundation

/// The settings of a whole compositional layout.
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayoutConfiguration: NSObject {
    /// The direction sections follow one another (vertical by default).
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// Space between sections.
    open var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []

    public override init() {
        super.init()
    }
}

extension UICollectionView {
    /// The direction a collection view's layout scrolls.
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }
}

public typealias UICollectionViewCompositionalLayoutSectionProvider = (Int, NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// A layout built from items, groups and sections: each section repeats its group for its
/// items; groups place their items in rows, columns or custom frames, sized as fractions of
/// their container, absolutely, or by estimates the cells refine (self-sizing). A section may
/// scroll sideways on its own (`orthogonalScrollingBehavior`).
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    private let fixedSection: NSCollectionLayoutSection?
    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider?
    /// The layout's settings (changing them invalidates the layout).
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    public init(section: NSCollectionLayoutSection) {
        fixedSection = section
        sectionProvider = nil
        configuration = UICollectionViewCompositionalLayoutConfiguration()
        super.init()
    }

    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        fixedSection = section
        sectionProvider = nil
        self.configuration = configuration
        super.init()
    }

    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        fixedSection = nil
        self.sectionProvider = sectionProvider
        configuration = UICollectionViewCompositionalLayoutConfiguration()
        super.init()
    }

    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        fixedSection = nil
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    public required init?(coder: NSCoder) { nil }

    /// A layout of lists in `configuration`'s appearance.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }

    // MARK: The worked-out layout

    private struct Placed {
        var attributes: UICollectionViewLayoutAttributes
        /// The section's sideways-scrolling row, when it has one.
        var orthogonal: Int?
    }

    private var elements: [Placed] = []
    /// Elements sorted by where they start along the scrolling axis, with running maxima of
    /// their ends, for range queries.
    private var order: [Int] = []
    private var runningEnd: [CGFloat] = []
    private var itemIndex: [IndexPath: Int] = [:]
    private var supplementaryIndex: [String: [IndexPath: Int]] = [:]
    private var pinned: [(index: Int, sectionStart: CGFloat, sectionEnd: CGFloat)] = []
    private var contentSize = CGSize.zero
    private var preparedSize = CGSize.zero
    /// Measured sizes of self-sizing items and supplementaries.
    private var measured: [String: [IndexPath: CGSize]] = [:]
    private static let cellKey = "\u{0}cell"

    /// A sideways-scrolling section: its row's frame, content width and behaviour, and the
    /// leading edges of its groups (for group paging).
    struct OrthogonalRow {
        var frame: CGRect
        var contentLength: CGFloat
        var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior
        var groupStarts: [CGFloat]
        var groupLengths: [CGFloat]
    }
    private(set) var orthogonalRows: [Int: OrthogonalRow] = [:]
    /// How far each sideways row is scrolled (set by the collection view).
    var orthogonalOffsets: [Int: CGFloat] = [:]
    /// Visible-item handlers by section.
    private var visibleHandlers: [Int: NSCollectionLayoutSection] = [:]

    open override var collectionViewContentSize: CGSize {
        preparedIfNeeded()
        return contentSize
    }

    private final class Environment: NSCollectionLayoutEnvironment, NSCollectionLayoutContainer {
        let contentSize: CGSize
        let contentInsets: NSDirectionalEdgeInsets
        let traitCollection: UITraitCollection
        var effectiveContentSize: CGSize { contentSize }
        var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
        var container: NSCollectionLayoutContainer { self }
        init(size: CGSize, insets: NSDirectionalEdgeInsets, traits: UITraitCollection) {
            contentSize = size
            contentInsets = insets
            traitCollection = traits
        }
    }

    private var vertical: Bool { configuration.scrollDirection == .vertical }

    open override func prepare() {
        super.prepare()
        elements = []
        itemIndex = [:]
        supplementaryIndex = [:]
        pinned = []
        orthogonalRows = [:]
        visibleHandlers = [:]
        guard let collectionView else { contentSize = .zero; return }
        let inset = collectionView.adjustedContentInset
        let bounds = collectionView.bounds
        preparedSize = bounds.size
        let container = CGSize(width: Swift.max(0, bounds.width - inset.left - inset.right), height: Swift.max(0, bounds.height - inset.top - inset.bottom))
        let environment = Environment(size: container, insets: NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0),
                                      traits: collectionView.traitCollection)
        var along: CGFloat = 0
        // Layout headers.
        along = placeBoundaries(configuration.boundarySupplementaryItems.filter { $0.alignment == .top || $0.alignment == .leading },
                                section: 0, along: along, across: 0, width: vertical ? container.width : container.height,
                                container: container, sectionStart: 0, layoutLevel: true)
        let sections = collectionView.numberOfSections
        for s in 0..<sections {
            guard let section = sectionProvider?(s, environment) ?? fixedSection else { continue }
            if s > 0 { along += configuration.interSectionSpacing }
            along = placeSection(section, index: s, along: along, container: container, collectionView: collectionView)
        }
        along = placeBoundaries(configuration.boundarySupplementaryItems.filter { $0.alignment == .bottom || $0.alignment == .trailing },
                                section: 0, along: along, across: 0, width: vertical ? container.width : container.height,
                                container: container, sectionStart: 0, layoutLevel: true)
        contentSize = vertical ? CGSize(width: container.width, height: along) : CGSize(width: along, height: container.height)
        // Range index: elements by start along the scrolling axis.
        order = elements.indices.sorted { start(elements[$0]) < start(elements[$1]) }
        runningEnd = []
        var running = -CGFloat.infinity
        for i in order {
            running = Swift.max(running, end(elements[i]))
            runningEnd.append(running)
        }
    }

    private func start(_ p: Placed) -> CGFloat { vertical ? p.attributes.frame.minY : p.attributes.frame.minX }
    private func end(_ p: Placed) -> CGFloat { vertical ? p.attributes.frame.maxY : p.attributes.frame.maxX }

    private func add(_ attributes: UICollectionViewLayoutAttributes, orthogonal: Int? = nil) -> Int {
        let index = elements.count
        elements.append(Placed(attributes: attributes, orthogonal: orthogonal))
        switch attributes.representedElementCategory {
        case .cell: itemIndex[attributes.indexPath] = index
        default: supplementaryIndex[attributes.representedElementKind ?? "", default: [:]][attributes.indexPath] = index
        }
        return index
    }

    /// A rectangle from positions along and across the scrolling axis.
    private func rect(along: CGFloat, across: CGFloat, alongLength: CGFloat, acrossLength: CGFloat) -> CGRect {
        vertical ? CGRect(x: across, y: along, width: acrossLength, height: alongLength) : CGRect(x: along, y: across, width: alongLength, height: acrossLength)
    }

    /// Places boundary items (headers at the start, footers at the end) and returns where the
    /// section continues.
    private func placeBoundaries(_ items: [NSCollectionLayoutBoundarySupplementaryItem], section: Int, along: CGFloat, across: CGFloat,
                                 width: CGFloat, container: CGSize, sectionStart: CGFloat, layoutLevel: Bool) -> CGFloat {
        var along = along
        for (k, item) in items.enumerated() {
            let path = layoutLevel ? IndexPath(item: k, section: 0) : IndexPath(item: k, section: section)
            let room = vertical ? CGSize(width: width, height: container.height) : CGSize(width: container.width, height: width)
            var size = item.layoutSize.resolve(in: room)
            if let m = measured[item.elementKind]?[path] {
                if vertical, item.layoutSize.heightDimension.isEstimated { size.height = m.height }
                if !vertical, item.layoutSize.widthDimension.isEstimated { size.width = m.width }
            }
            let a = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: item.elementKind, with: path)
            let alongLength = vertical ? size.height : size.width
            a.frame = rect(along: along + (vertical ? item.offset.y : item.offset.x), across: across + (vertical ? item.offset.x : item.offset.y),
                           alongLength: alongLength, acrossLength: vertical ? size.width : size.height)
            a.zIndex = item.zIndex
            let index = add(a)
            if item.pinToVisibleBounds { pinned.append((index, sectionStart, .infinity)) }
            if item.extendsBoundary { along += alongLength }
        }
        return along
    }

    private func placeSection(_ section: NSCollectionLayoutSection, index s: Int, along start: CGFloat, container: CGSize,
                              collectionView: UICollectionView) -> CGFloat {
        var along = start
        let insets = section.contentInsets
        let acrossBefore = vertical ? insets.leading : insets.top
        let acrossAfter = vertical ? insets.trailing : insets.bottom
        let acrossTotal = vertical ? container.width : container.height
        let sectionAcross = Swift.max(0, acrossTotal - acrossBefore - acrossAfter)
        let followsInsets = section.supplementariesFollowContentInsets
        let pinnedBefore = pinned.count
        along = placeBoundaries(section.boundarySupplementaryItems.filter { $0.alignment == .top || $0.alignment == .topLeading || $0.alignment == .topTrailing || $0.alignment == .leading },
                                section: s, along: along, across: followsInsets ? acrossBefore : 0, width: followsInsets ? sectionAcross : acrossTotal,
                                container: container, sectionStart: start, layoutLevel: false)
        let contentStart = along
        along += vertical ? insets.top : insets.leading
        let count = collectionView.numberOfItems(inSection: s)
        let groupContainer = vertical ? CGSize(width: sectionAcross, height: container.height) : CGSize(width: container.width, height: sectionAcross)
        if section.orthogonalScrollingBehavior != .none {
            // One row of groups across the scrolling axis, scrolled on its own.
            var across: CGFloat = acrossBefore
            var consumed = 0
            var rowLength: CGFloat = 0
            var starts: [CGFloat] = [], lengths: [CGFloat] = []
            let firstElement = elements.count
            while consumed < count {
                let size = groupSize(section.group, in: groupContainer, first: consumed, section: s)
                let placed = placeGroup(section.group, origin: vertical ? CGPoint(x: across, y: along) : CGPoint(x: along, y: across), size: size,
                                        first: consumed, count: count, section: s, orthogonal: s)
                guard placed > 0 else { break }
                consumed += placed
                starts.append(across)
                let acrossLength = vertical ? size.width : size.height
                lengths.append(acrossLength)
                across += acrossLength + section.interGroupSpacing
                rowLength = Swift.max(rowLength, vertical ? size.height : size.width)
            }
            let contentLength = across - (consumed > 0 ? section.interGroupSpacing : 0) + acrossAfter
            let rowFrame = rect(along: along, across: 0, alongLength: rowLength, acrossLength: acrossTotal)
            orthogonalRows[s] = OrthogonalRow(frame: rowFrame, contentLength: contentLength, behavior: section.orthogonalScrollingBehavior,
                                              groupStarts: starts, groupLengths: lengths)
            for i in firstElement..<elements.count { elements[i].orthogonal = s }
            along += rowLength
        } else {
            var consumed = 0
            var first = true
            while consumed < count {
                if !first { along += section.interGroupSpacing }
                first = false
                let size = groupSize(section.group, in: groupContainer, first: consumed, section: s)
                let placed = placeGroup(section.group, origin: vertical ? CGPoint(x: acrossBefore, y: along) : CGPoint(x: along, y: acrossBefore),
                                        size: size, first: consumed, count: count, section: s, orthogonal: nil)
                guard placed > 0 else { break }
                consumed += placed
                along += vertical ? size.height : size.width
            }
        }
        along += vertical ? insets.bottom : insets.trailing
        let contentEnd = along
        along = placeBoundaries(section.boundarySupplementaryItems.filter { $0.alignment == .bottom || $0.alignment == .bottomLeading || $0.alignment == .bottomTrailing || $0.alignment == .trailing },
                                section: s, along: along, across: followsInsets ? acrossBefore : 0, width: followsInsets ? sectionAcross : acrossTotal,
                                container: container, sectionStart: start, layoutLevel: false)
        for k in pinnedBefore..<pinned.count { pinned[k].sectionEnd = along }
        for (k, decoration) in section.decorationItems.enumerated() {
            let a = UICollectionViewLayoutAttributes(forDecorationViewOfKind: decoration.elementKind, with: IndexPath(item: k, section: s))
            let frame = rect(along: contentStart, across: 0, alongLength: contentEnd - contentStart, acrossLength: acrossTotal)
            let d = decoration.contentInsets
            a.frame = CGRect(x: frame.minX + d.leading, y: frame.minY + d.top, width: Swift.max(0, frame.width - d.leading - d.trailing),
                             height: Swift.max(0, frame.height - d.top - d.bottom))
            a.zIndex = decoration.zIndex
            _ = add(a)
        }
        if section.visibleItemsInvalidationHandler != nil { visibleHandlers[s] = section }
        return along
    }

    /// A group's size: resolved in its container, estimated lengths taken from what its items
    /// measured.
    private func groupSize(_ group: NSCollectionLayoutGroup, in container: CGSize, first: Int, section: Int) -> CGSize {
        var size = group.layoutSize.resolve(in: container)
        let estimatesHeight = group.layoutSize.heightDimension.isEstimated, estimatesWidth = group.layoutSize.widthDimension.isEstimated
        guard estimatesHeight || estimatesWidth else { return size }
        // Lay the group out once to see how large its items are.
        let probe = leafFrames(group, origin: .zero, size: size, first: first, count: Int.max, section: section)
        let extent = probe.frames.reduce(CGRect.null) { $0.union($1.slot) }
        if estimatesHeight, !extent.isNull { size.height = extent.maxY }
        if estimatesWidth, !extent.isNull { size.width = extent.maxX }
        return size
    }

    /// The items a group holds at `origin`, each with its slot (before content insets).
    private func leafFrames(_ group: NSCollectionLayoutGroup, origin: CGPoint, size: CGSize, first: Int, count: Int, section: Int)
        -> (frames: [(item: NSCollectionLayoutItem, slot: CGRect)], used: Int) {
        var frames: [(item: NSCollectionLayoutItem, slot: CGRect)] = []
        var used = 0
        let available = count == Int.max ? Int.max : count - first
        guard available > 0 else { return ([], 0) }
        if group.axis == .custom, let provider = group.itemProvider {
            let environment = Environment(size: size, insets: NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0),
                                          traits: collectionView?.traitCollection ?? UITraitCollection())
            for custom in provider(environment) where used < available {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(custom.frame.width), heightDimension: .absolute(custom.frame.height)))
                frames.append((item, custom.frame.offsetBy(dx: origin.x, dy: origin.y)))
                used += 1
            }
            return (frames, used)
        }
        let horizontal = group.axis == .horizontal
        let length = horizontal ? size.width : size.height
        let spacing = group.interItemSpacing?.spacing ?? 0
        var position: CGFloat = 0
        var slots: [(item: NSCollectionLayoutItem, size: CGSize, nested: [(item: NSCollectionLayoutItem, slot: CGRect)]?)] = []
        var k = 0
        while used < available {
            let item: NSCollectionLayoutItem
            if let fixed = group.count {
                guard k < fixed else { break }
                item = group.subitems[0]
            } else {
                item = group.subitems[k % Swift.max(1, group.subitems.count)]
            }
            var itemSize = item.layoutSize.resolve(in: size)
            if let fixed = group.count {
                let share = (length - spacing * CGFloat(fixed - 1)) / CGFloat(fixed)
                if horizontal { itemSize.width = Swift.max(0, share) } else { itemSize.height = Swift.max(0, share) }
            }
            var nested: [(item: NSCollectionLayoutItem, slot: CGRect)]?
            var takes = 1
            if let subgroup = item as? NSCollectionLayoutGroup {
                itemSize = groupSize(subgroup, in: size, first: first + used, section: section)
                let inner = leafFrames(subgroup, origin: .zero, size: itemSize, first: first + used, count: count, section: section)
                nested = inner.frames
                takes = inner.used
                guard takes > 0 else { break }
            } else if let m = measured[UICollectionViewCompositionalLayout.cellKey]?[IndexPath(item: first + used, section: section)] {
                if item.layoutSize.heightDimension.isEstimated { itemSize.height = m.height }
                if item.layoutSize.widthDimension.isEstimated { itemSize.width = m.width }
            }
            let itemLength = horizontal ? itemSize.width : itemSize.height
            if group.count == nil, !slots.isEmpty, position + itemLength > length + 0.000_1 { break }
            if group.count == nil, slots.isEmpty, itemLength <= 0, group.subitems.count == 1, k > 0 { break }
            slots.append((item, itemSize, nested))
            position += itemLength + spacing
            used += takes
            k += 1
            if group.count == nil, itemLength <= 0 { break }
        }
        // Flexible spacing shares what is left.
        var gap = spacing
        if let flexible = group.interItemSpacing, flexible.isFlexibleSpacing, slots.count > 1 {
            let total = slots.reduce(0) { $0 + (horizontal ? $1.size.width : $1.size.height) }
            gap = Swift.max(spacing, (length - total) / CGFloat(slots.count - 1))
        }
        var cursor: CGFloat = 0
        for slot in slots {
            let leading = slot.item.edgeSpacing?.leading?.spacing ?? 0, top = slot.item.edgeSpacing?.top?.spacing ?? 0
            let at = horizontal ? CGPoint(x: origin.x + cursor + leading, y: origin.y + top) : CGPoint(x: origin.x + leading, y: origin.y + cursor + top)
            if let nested = slot.nested {
                for leaf in nested { frames.append((leaf.item, leaf.slot.offsetBy(dx: at.x, dy: at.y))) }
            } else {
                frames.append((slot.item, CGRect(origin: at, size: slot.size)))
            }
            cursor += (horizontal ? slot.size.width + leading : slot.size.height + top) + gap
        }
        return (frames, used)
    }

    /// Places a group's items (and their anchored supplementaries); returns how many items it took.
    private func placeGroup(_ group: NSCollectionLayoutGroup, origin: CGPoint, size: CGSize, first: Int, count: Int, section: Int, orthogonal: Int?) -> Int {
        let (frames, used) = leafFrames(group, origin: origin, size: size, first: first, count: count, section: section)
        for (k, leaf) in frames.enumerated() {
            let path = IndexPath(item: first + k, section: section)
            let a = UICollectionViewLayoutAttributes(forCellWith: path)
            let c = leaf.item.contentInsets
            a.frame = CGRect(x: leaf.slot.minX + c.leading, y: leaf.slot.minY + c.top,
                             width: Swift.max(0, leaf.slot.width - c.leading - c.trailing), height: Swift.max(0, leaf.slot.height - c.top - c.bottom))
            _ = add(a, orthogonal: orthogonal)
            for supplementary in leaf.item.supplementaryItems {
                let s = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: supplementary.elementKind, with: path)
                let sz = supplementary.layoutSize.resolve(in: a.frame.size)
                let anchor = supplementary.containerAnchor ?? NSCollectionLayoutAnchor(edges: [.top, .trailing])
                let e = anchor.edges
                var x = e.contains(.trailing) ? a.frame.maxX - sz.width : e.contains(.leading) ? a.frame.minX : a.frame.midX - sz.width / 2
                var y = e.contains(.bottom) ? a.frame.maxY - sz.height : e.contains(.top) ? a.frame.minY : a.frame.midY - sz.height / 2
                x += anchor.isAbsoluteOffset ? anchor.offset.x : anchor.offset.x * sz.width
                y += anchor.isAbsoluteOffset ? anchor.offset.y : anchor.offset.y * sz.height
                s.frame = CGRect(x: x, y: y, width: sz.width, height: sz.height)
                s.zIndex = supplementary.zIndex
                _ = add(s, orthogonal: orthogonal)
            }
        }
        return used
    }

    // MARK: Queries

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        preparedIfNeeded()
        guard !order.isEmpty, !rect.isNull else { return [] }
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        // The first element whose running end passes `lo`.
        var a = 0, b = order.count
        while a < b {
            let mid = (a + b) / 2
            if runningEnd[mid] <= lo { a = mid + 1 } else { b = mid }
        }
        var found: [UICollectionViewLayoutAttributes] = []
        var i = a
        while i < order.count {
            let p = elements[order[i]]
            if start(p) >= hi { break }
            var frame = p.attributes.frame
            if let row = p.orthogonal {
                // In a sideways row: shown where the row is scrolled to.
                let offset = orthogonalOffsets[row] ?? 0
                frame = vertical ? frame.offsetBy(dx: -offset, dy: 0) : frame.offsetBy(dx: 0, dy: -offset)
            }
            if p.attributes.representedElementCategory != .cell || UICollectionViewFlowLayout.overlaps(frame, rect) {
                if !pinned.contains(where: { $0.index == order[i] }) { found.append(p.attributes) }
            }
            i += 1
        }
        // Pinned headers stay in view while their section shows.
        if let collectionView {
            let visibleStart = vertical ? collectionView.bounds.minY + collectionView.adjustedContentInset.top
                : collectionView.bounds.minX + collectionView.adjustedContentInset.left
            for pin in pinned where pin.sectionEnd > lo && pin.sectionStart < hi {
                let original = elements[pin.index].attributes
                let copy = original.copy() as! UICollectionViewLayoutAttributes
                let length = vertical ? copy.size.height : copy.size.width
                let natural = vertical ? original.frame.minY : original.frame.minX
                let place = Swift.min(Swift.max(natural, visibleStart), pin.sectionEnd - length)
                var frame = copy.frame
                if vertical { frame.origin.y = place } else { frame.origin.x = place }
                copy.frame = frame
                copy.zIndex = Swift.max(copy.zIndex, 1024)
                found.append(copy)
            }
        }
        return found
    }

    /// The section of a sideways row an element belongs to, if any.
    func orthogonalSection(of attributes: UICollectionViewLayoutAttributes) -> Int? {
        let index: Int?
        if attributes.representedElementCategory == .cell { index = itemIndex[attributes.indexPath] } else {
            index = supplementaryIndex[attributes.representedElementKind ?? ""]?[attributes.indexPath]
        }
        return index.flatMap { elements[$0].orthogonal }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        preparedIfNeeded()
        return itemIndex[indexPath].map { elements[$0].attributes }
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        preparedIfNeeded()
        return supplementaryIndex[elementKind]?[indexPath].map { elements[$0].attributes }
    }

    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        preparedIfNeeded()
        return supplementaryIndex[elementKind]?[indexPath].map { elements[$0].attributes }
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != preparedSize || !pinned.isEmpty
    }

    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        let key = originalAttributes.representedElementCategory == .cell ? UICollectionViewCompositionalLayout.cellKey : originalAttributes.representedElementKind ?? ""
        let path = originalAttributes.indexPath
        guard estimates(originalAttributes) else { return false }
        let size = preferredAttributes.size
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else { return false }
        if measured[key]?[path] == size { return false }
        measured[key, default: [:]][path] = size
        return abs(size.height - originalAttributes.size.height) > 0.01 || abs(size.width - originalAttributes.size.width) > 0.01
    }

    /// Whether an element's size is an estimate (only those are measured).
    private func estimates(_ attributes: UICollectionViewLayoutAttributes) -> Bool {
        guard let collectionView else { return false }
        let environment = Environment(size: collectionView.bounds.size, insets: NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0),
                                      traits: collectionView.traitCollection)
        guard let section = sectionProvider?(attributes.indexPath.section, environment) ?? fixedSection else { return false }
        if attributes.representedElementCategory == .cell {
            func anyEstimated(_ item: NSCollectionLayoutItem) -> Bool {
                if let group = item as? NSCollectionLayoutGroup { return group.subitems.contains(where: anyEstimated) }
                return item.layoutSize.heightDimension.isEstimated || item.layoutSize.widthDimension.isEstimated
            }
            return anyEstimated(section.group)
        }
        return section.boundarySupplementaryItems.contains { $0.elementKind == attributes.representedElementKind
            && ($0.layoutSize.heightDimension.isEstimated || $0.layoutSize.widthDimension.isEstimated) }
    }

    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts { measured.removeAll() }
        super.invalidateLayout(with: context)
    }

    /// Tells a section's visible-items handler what shows and how far its row is scrolled.
    func notifyVisibleItems(in rect: CGRect) {
        guard !visibleHandlers.isEmpty, let collectionView else { return }
        let environment = Environment(size: collectionView.bounds.size, insets: NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0),
                                      traits: collectionView.traitCollection)
        let visible = layoutAttributesForElements(in: rect) ?? []
        for (s, section) in visibleHandlers {
            let items = visible.filter { $0.indexPath.section == s }
            let offset = orthogonalOffsets[s] ?? 0
            section.visibleItemsInvalidationHandler?(items, vertical ? CGPoint(x: offset, y: 0) : CGPoint(x: 0, y: offset), environment)
        }
    }
}
