import Foundation

/// Where and how one element of a collection view shows: a cell, a supplementary view (a
/// header, a footer, a badge) or a decoration.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
    /// What kind of element the attributes place.
    public enum ElementCategory: UInt, Sendable {
        case cell, supplementaryView, decorationView
    }

    /// The element's frame in the collection view's content.
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }
    open var center = CGPoint.zero
    open var size = CGSize.zero
    /// The element's bounds (its size at the origin).
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }
    open var transform3D = CATransform3DIdentity
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    open var alpha: CGFloat = 1
    open var zIndex = 0
    open var isHidden = false
    open var indexPath: IndexPath
    public let representedElementCategory: ElementCategory
    public let representedElementKind: String?

    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
        super.init()
    }

    public required init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
        super.init()
    }

    public required init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
        super.init()
    }

    /// A copy of the attributes (of the same class).
    nonisolated open func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { makeCopy() }
    }

    private func makeCopy() -> UICollectionViewLayoutAttributes {
        let made: UICollectionViewLayoutAttributes
        switch representedElementCategory {
        case .cell: made = type(of: self).init(forCellWith: indexPath)
        case .supplementaryView: made = type(of: self).init(forSupplementaryViewOfKind: representedElementKind ?? "", with: indexPath)
        case .decorationView: made = type(of: self).init(forDecorationViewOfKind: representedElementKind ?? "", with: indexPath)
        }
        made.center = center
        made.size = size
        made.transform3D = transform3D
        made.alpha = alpha
        made.zIndex = zIndex
        made.isHidden = isHidden
        return made
    }

    nonisolated open override func isEqual(_ object: Any?) -> Bool {
        nonisolated(unsafe) let other = object
        return MainActor.assumeIsolated { equals(other) }
    }

    private func equals(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        return other.indexPath == indexPath && other.representedElementCategory == representedElementCategory
            && other.representedElementKind == representedElementKind && other.center == center && other.size == size
            && other.alpha == alpha && other.zIndex == zIndex && other.isHidden == isHidden
    }
}

/// What an invalidation asks a layout to work out again.
@preconcurrency @MainActor
open class UICollectionViewLayoutInvalidationContext: NSObject {
    /// Whether the data changed (everything is read again).
    open internal(set) var invalidateEverything = false
    /// Whether the counts changed.
    open internal(set) var invalidateDataSourceCounts = false
    /// Items whose layout changed.
    open private(set) var invalidatedItemIndexPaths: [IndexPath]?
    /// A change of content size to apply.
    open var contentSizeAdjustment = CGSize.zero
    /// A change of content offset to apply.
    open var contentOffsetAdjustment = CGPoint.zero

    public override init() {
        super.init()
    }

    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }
}

/// Decides where a collection view's elements go. Subclasses override `prepare()`,
/// `collectionViewContentSize`, `layoutAttributesForElements(in:)` and
/// `layoutAttributesForItem(at:)`; the collection view asks for what is on screen.
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    /// The collection view the layout places elements for.
    open internal(set) weak var collectionView: UICollectionView?
    /// Whether layout is flipped right to left in a right-to-left interface (true by default).
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { true }
    /// The attributes class the layout makes.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }
    /// The invalidation context class the layout uses.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// Whether the layout must be prepared again before it is asked anything.
    var isPrepared = false
    /// Decoration view classes by kind.
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]

    public override init() {
        super.init()
    }

    /// A layout from a storyboard (a custom layout class, or a flow layout with its sizes).
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Works out the layout (called before the collection view asks for attributes, after
    /// every invalidation).
    open func prepare() {}

    /// The size of all the content.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element meeting `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of one item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of one supplementary view.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of one decoration view.
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Whether a change of the visible bounds (a scroll or resize) needs a new layout (false:
    /// only a change of size does, for the built-in layouts).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context for a bounds change.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        UICollectionViewLayoutInvalidationContext()
    }

    /// Whether a cell's preferred attributes (self-sizing) change the layout.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool { false }

    /// The context for a cell's preferred attributes.
    open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                  withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutInvalidationContext {
        let context = UICollectionViewLayoutInvalidationContext()
        context.invalidateItems(at: [originalAttributes.indexPath])
        return context
    }

    /// Marks the layout as needing `prepare()` again.
    open func invalidateLayout() {
        invalidateLayout(with: UICollectionViewLayoutInvalidationContext())
    }

    /// Marks the layout as needing `prepare()` again, for `context`'s reasons.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        isPrepared = false
        collectionView?.layoutInvalidated()
    }

    /// Where scrolling should stop given where it would (the proposal, by default).
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Where the content offset goes after an update or layout change (the proposal).
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Called before updates are animated.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}
    /// Called after updates are set up.
    open func finalizeCollectionViewUpdates() {}
    /// Where an appearing item starts (nil: at its final place, faded in).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// Where a disappearing item ends (nil: at its place, faded out).
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// Called before the collection view changes bounds.
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}
    /// Called after it changed bounds.
    open func finalizeAnimatedBoundsChange() {}

    /// Registers the class of decoration views of `elementKind`.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        decorationClasses[elementKind] = viewClass as? UICollectionReusableView.Type
    }

    /// The attributes, prepared first if needed.
    func preparedIfNeeded() {
        guard !isPrepared else { return }
        isPrepared = true
        prepare()
    }
}

/// One change of a batch update, as a layout's `prepare(forCollectionViewUpdates:)` sees it.
@preconcurrency @MainActor
open class UICollectionViewUpdateItem: NSObject {
    public enum Action: Int, Sendable { case insert, delete, reload, move, none }
    open private(set) var indexPathBeforeUpdate: IndexPath?
    open private(set) var indexPathAfterUpdate: IndexPath?
    open private(set) var updateAction: Action

    init(action: Action, before: IndexPath?, after: IndexPath?) {
        updateAction = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        super.init()
    }
}
