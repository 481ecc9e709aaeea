import Foundation

/// A layout that flows items into lines (rows when scrolling vertically, columns when
/// scrolling horizontally), section after section, with optional headers and footers.
///
/// Lines are justified as iOS justifies them: a line of several items spreads them across
/// the width (the interitem spacing is a minimum), a line of one item centres it; items are
/// centred across their line.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The direction the content scrolls.
    public typealias ScrollDirection = UICollectionView.ScrollDirection
    /// What section insets are measured from.
    public enum SectionInsetReference: Int, Sendable { case fromContentInset, fromSafeArea, fromLayoutMargins }

    /// Asks each cell for its size (self-sizing) when used as `estimatedItemSize`.
    public static let automaticSize = CGSize(width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    open var estimatedItemSize = CGSize.zero { didSet { invalidateLayout() } }
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var sectionInset = UIEdgeInsets.zero { didSet { invalidateLayout() } }
    open var headerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
    open var footerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }
    open var sectionInsetReference: SectionInsetReference = .fromContentInset { didSet { invalidateLayout() } }
    /// Whether headers stay at the top while their section shows.
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// Whether footers stay at the bottom while their section shows.
    open var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

    /// Sizes cells reported (self-sizing), by item.
    private var measuredSizes: [IndexPath: CGSize] = [:]
    /// Every element in order, and the lines (runs along the scrolling axis) they form.
    private var elements: [UICollectionViewLayoutAttributes] = []
    private var lines: [(start: CGFloat, end: CGFloat, range: Range<Int>)] = []
    private var itemIndex: [IndexPath: Int] = [:]
    private var headerIndex: [Int: Int] = [:]
    private var footerIndex: [Int: Int] = [:]
    /// Each section's extent along the scrolling axis (for pinned headers).
    private var sectionExtents: [(start: CGFloat, end: CGFloat)] = []
    private var contentSize = CGSize.zero
    private var preparedBounds = CGSize.zero

    public override init() {
        super.init()
    }

    /// A flow layout from a storyboard: its sizes, spacings, insets and direction.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        (coder as? IBCoder)?.decodeFlowLayout(self)
    }

    private var flowDelegate: (any UICollectionViewDelegateFlowLayout)? {
        collectionView?.delegate as? any UICollectionViewDelegateFlowLayout
    }

    open override var collectionViewContentSize: CGSize {
        preparedIfNeeded()
        return contentSize
    }

    open override func prepare() {
        super.prepare()
        elements = []
        lines = []
        itemIndex = [:]
        headerIndex = [:]
        footerIndex = [:]
        sectionExtents = []
        guard let collectionView else { contentSize = .zero; return }
        let vertical = scrollDirection == .vertical
        let inset = collectionView.adjustedContentInset
        let bounds = collectionView.bounds
        preparedBounds = bounds.size
        // The across-axis room: the width for vertical scrolling.
        let across = vertical ? bounds.width - inset.left - inset.right : bounds.height - inset.top - inset.bottom
        let delegate = flowDelegate
        var along: CGFloat = 0
        func rect(flow: CGFloat, stack: CGFloat, flowLength: CGFloat, stackLength: CGFloat) -> CGRect {
            vertical ? CGRect(x: flow, y: stack, width: flowLength, height: stackLength) : CGRect(x: stack, y: flow, width: stackLength, height: flowLength)
        }
        let sections = collectionView.numberOfSections
        for section in 0..<sections {
            let sectionStart = along
            let header = delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize
            let headerLength = vertical ? header.height : header.width
            if headerLength > 0 {
                let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                                                  with: IndexPath(item: 0, section: section))
                attributes.frame = rect(flow: 0, stack: along, flowLength: across, stackLength: headerLength)
                attributes.zIndex = 10
                headerIndex[section] = elements.count
                lines.append((along, along + headerLength, elements.count..<elements.count + 1))
                elements.append(attributes)
                along += headerLength
            }
            let sectionInset = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? self.sectionInset
            let lineSpacing = delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let itemSpacing = delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing
            let flowBefore = vertical ? sectionInset.left : sectionInset.top
            let flowAfter = vertical ? sectionInset.right : sectionInset.bottom
            along += vertical ? sectionInset.top : sectionInset.left
            let room = Swift.max(0, across - flowBefore - flowAfter)
            var line: [(IndexPath, CGSize)] = []
            var used: CGFloat = 0
            var firstLine = true
            func finishLine() {
                guard !line.isEmpty else { return }
                if !firstLine { along += lineSpacing }
                firstLine = false
                let thickness = line.map { vertical ? $0.1.height : $0.1.width }.max() ?? 0
                let lengths = line.map { vertical ? $0.1.width : $0.1.height }
                let total = lengths.reduce(0, +)
                var flow: CGFloat
                var gap: CGFloat
                if line.count == 1 {
                    flow = flowBefore + (room - total) / 2
                    gap = 0
                } else {
                    flow = flowBefore
                    gap = (room - total) / CGFloat(line.count - 1)
                }
                let start = elements.count
                for (k, (path, size)) in line.enumerated() {
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
                    let thick = vertical ? size.height : size.width
                    attributes.frame = rect(flow: flow, stack: along + (thickness - thick) / 2, flowLength: lengths[k], stackLength: thick)
                    itemIndex[path] = elements.count
                    elements.append(attributes)
                    flow += lengths[k] + gap
                }
                lines.append((along, along + thickness, start..<elements.count))
                along += thickness
                line = []
                used = 0
            }
            let count = collectionView.numberOfItems(inSection: section)
            for item in 0..<count {
                let path = IndexPath(item: item, section: section)
                var size = delegate?.collectionView(collectionView, layout: self, sizeForItemAt: path) ?? itemSize
                if delegate == nil || size == itemSize, estimatedItemSize != .zero {
                    size = measuredSizes[path] ?? estimate(across: room)
                }
                if !(size.width.isFinite && size.height.isFinite) || size.width < 0 || size.height < 0 { size = .zero }
                let length = vertical ? size.width : size.height
                let needed = line.isEmpty ? length : used + itemSpacing + length
                if !line.isEmpty && needed > room + 0.000_1 { finishLine() }
                used = line.isEmpty ? length : used + itemSpacing + length
                line.append((path, size))
            }
            finishLine()
            along += vertical ? sectionInset.bottom : sectionInset.right
            let footer = delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize
            let footerLength = vertical ? footer.height : footer.width
            if footerLength > 0 {
                let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
                                                                  with: IndexPath(item: 0, section: section))
                attributes.frame = rect(flow: 0, stack: along, flowLength: across, stackLength: footerLength)
                attributes.zIndex = 10
                footerIndex[section] = elements.count
                lines.append((along, along + footerLength, elements.count..<elements.count + 1))
                elements.append(attributes)
                along += footerLength
            }
            sectionExtents.append((sectionStart, along))
        }
        contentSize = vertical ? CGSize(width: across, height: along) : CGSize(width: along, height: across)
    }

    /// The estimated size, with `automaticSize`'s width the line's room.
    private func estimate(across room: CGFloat) -> CGSize {
        if estimatedItemSize == UICollectionViewFlowLayout.automaticSize {
            return scrollDirection == .vertical ? CGSize(width: room, height: 50) : CGSize(width: 50, height: room)
        }
        return estimatedItemSize
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        preparedIfNeeded()
        guard !lines.isEmpty, !rect.isNull else { return [] }
        let vertical = scrollDirection == .vertical
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        // The first line ending after `lo` (line ends only grow).
        var a = 0, b = lines.count
        while a < b {
            let mid = (a + b) / 2
            if lines[mid].end <= lo { a = mid + 1 } else { b = mid }
        }
        var found: [UICollectionViewLayoutAttributes] = []
        var i = a
        while i < lines.count, lines[i].start < hi {
            for k in lines[i].range where UICollectionViewFlowLayout.overlaps(elements[k].frame, rect) { found.append(elements[k]) }
            i += 1
        }
        if sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds { pinSupplementaries(&found, in: rect) }
        return found
    }

    /// Whether two rectangles share area (Apple's `intersects`: rectangles that only touch
    /// do not; Foundation on Linux says they do).
    static func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// Pinned headers stay at the top of the visible area while their section shows.
    private func pinSupplementaries(_ found: inout [UICollectionViewLayoutAttributes], in rect: CGRect) {
        guard let collectionView else { return }
        let vertical = scrollDirection == .vertical
        let visibleStart = vertical ? collectionView.bounds.minY + collectionView.adjustedContentInset.top
            : collectionView.bounds.minX + collectionView.adjustedContentInset.left
        found.removeAll { $0.representedElementCategory == .supplementaryView && $0.representedElementKind == UICollectionView.elementKindSectionHeader && sectionHeadersPinToVisibleBounds }
        guard sectionHeadersPinToVisibleBounds else { return }
        for (section, extent) in sectionExtents.enumerated() {
            guard let index = headerIndex[section], extent.end > (vertical ? rect.minY : rect.minX), extent.start < (vertical ? rect.maxY : rect.maxX) else { continue }
            let pinned = elements[index].copy() as! UICollectionViewLayoutAttributes
            let length = vertical ? pinned.size.height : pinned.size.width
            let natural = vertical ? elements[index].frame.minY : elements[index].frame.minX
            let place = Swift.min(Swift.max(natural, visibleStart), extent.end - length)
            var frame = pinned.frame
            if vertical { frame.origin.y = place } else { frame.origin.x = place }
            pinned.frame = frame
            pinned.zIndex = 1024
            found.append(pinned)
        }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        preparedIfNeeded()
        return itemIndex[indexPath].map { elements[$0] }
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        preparedIfNeeded()
        let index = elementKind == UICollectionView.elementKindSectionHeader ? headerIndex[indexPath.section]
            : elementKind == UICollectionView.elementKindSectionFooter ? footerIndex[indexPath.section] : nil
        return index.map { elements[$0] }
    }

    /// A new size, or pinned headers and a scroll, need a new layout.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != preparedBounds || sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds
    }

    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        guard estimatedItemSize != .zero, preferredAttributes.representedElementCategory == .cell else { return false }
        let path = originalAttributes.indexPath
        let size = preferredAttributes.size
        // Lines fill across: a self-sized item never grows past the line's room.
        guard size != originalAttributes.size, measuredSizes[path] != size else {
            if measuredSizes[path] == nil { measuredSizes[path] = size }
            return false
        }
        measuredSizes[path] = size
        return true
    }

    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts { measuredSizes.removeAll() }
        super.invalidateLayout(with: context)
    }
}

/// The flow layout's questions to the collection view's delegate; each defaults to the
/// layout's own property.
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}
