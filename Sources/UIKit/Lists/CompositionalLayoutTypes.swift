import Foundation

/// One length of a compositional layout's element: a fraction of its container's width or
/// height, an absolute length, or an estimate the content may change.
@preconcurrency @MainActor
public final class NSCollectionLayoutDimension: NSObject {
    enum Kind { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind
    /// The fraction, or the length in points.
    public let dimension: CGFloat

    private init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
        super.init()
    }

    public class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { Self(.fractionalWidth, fractionalWidth) }
    public class func fractionalHeight(_ fractionalHeight: CGFloat) -> Self { Self(.fractionalHeight, fractionalHeight) }
    public class func absolute(_ absoluteDimension: CGFloat) -> Self { Self(.absolute, absoluteDimension) }
    public class func estimated(_ estimatedDimension: CGFloat) -> Self { Self(.estimated, estimatedDimension) }

    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    public var isAbsolute: Bool { kind == .absolute }
    public var isEstimated: Bool { kind == .estimated }

    /// The length in a container `container` large.
    func resolve(in container: CGSize) -> CGFloat {
        let value: CGFloat
        switch kind {
        case .fractionalWidth: value = dimension * container.width
        case .fractionalHeight: value = dimension * container.height
        case .absolute, .estimated: value = dimension
        }
        return value.isFinite ? Swift.max(0, value) : 0
    }
}

/// A width and a height.
@preconcurrency @MainActor
open class NSCollectionLayoutSize: NSObject {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension

    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
        super.init()
    }

    func resolve(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolve(in: container), height: heightDimension.resolve(in: container))
    }
}

/// Space between a group's items: exactly, or at least (sharing what is left).
@preconcurrency @MainActor
open class NSCollectionLayoutSpacing: NSObject {
    public let spacing: CGFloat
    public let isFlexibleSpacing: Bool
    public var isFixedSpacing: Bool { !isFlexibleSpacing }

    private init(_ spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing
        isFlexibleSpacing = flexible
        super.init()
    }

    public class func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing { NSCollectionLayoutSpacing(fixedSpacing, flexible: false) }
    public class func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing { NSCollectionLayoutSpacing(flexibleSpacing, flexible: true) }
}

/// Space before an item on each side, added to its group's layout.
@preconcurrency @MainActor
open class NSCollectionLayoutEdgeSpacing: NSObject {
    public let leading: NSCollectionLayoutSpacing?
    public let top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?
    public let bottom: NSCollectionLayoutSpacing?

    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
        super.init()
    }
}

/// Edges of a rectangle, leading and trailing following the layout direction.
public struct NSDirectionalRectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// Where a boundary supplementary item sits on its section or layout.
public enum NSRectAlignment: Int, Sendable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

/// Where a supplementary item is anchored on its item.
@preconcurrency @MainActor
open class NSCollectionLayoutAnchor: NSObject {
    public let edges: NSDirectionalRectEdge
    public let offset: CGPoint
    public let isAbsoluteOffset: Bool
    public var isFractionalOffset: Bool { !isAbsoluteOffset }

    public init(edges: NSDirectionalRectEdge) {
        self.edges = edges
        offset = .zero
        isAbsoluteOffset = true
        super.init()
    }

    public init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        self.edges = edges
        offset = absoluteOffset
        isAbsoluteOffset = true
        super.init()
    }

    public init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
        self.edges = edges
        offset = fractionalOffset
        isAbsoluteOffset = false
        super.init()
    }
}

/// One item of a compositional layout: its size in its group, insets of its content, and
/// supplementary views anchored to it.
@preconcurrency @MainActor
open class NSCollectionLayoutItem: NSObject {
    public let layoutSize: NSCollectionLayoutSize
    public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    /// Insets of the cell from its slot.
    open var contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    /// Space around the item in its group.
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?

    public init(layoutSize: NSCollectionLayoutSize) {
        self.layoutSize = layoutSize
        supplementaryItems = []
        super.init()
    }

    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
        super.init()
    }
}

/// A supplementary view anchored to an item (a badge).
@preconcurrency @MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    public let elementKind: String
    public let containerAnchor: NSCollectionLayoutAnchor?
    open var zIndex = 1

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        super.init(layoutSize: layoutSize)
    }

    init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        containerAnchor = nil
        super.init(layoutSize: layoutSize)
    }
}

/// A header or footer of a section (or of the whole layout).
@preconcurrency @MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    /// Whether it stays in view while its section shows.
    open var pinToVisibleBounds = false
    /// Whether it adds to its section's extent (true by default).
    open var extendsBoundary = true

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.alignment = alignment
        offset = .zero
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }
}

/// A decoration behind a section (its background).
@preconcurrency @MainActor
public final class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    public let elementKind: String
    public var zIndex = -1

    private init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    }

    public class func background(elementKind: String) -> Self { Self(elementKind: elementKind) }
}

/// Items laid in a row, a column, or where a custom provider says; groups nest.
@preconcurrency @MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Axis { case horizontal, vertical, custom }
    let axis: Axis
    public let subitems: [NSCollectionLayoutItem]
    /// A fixed number of the subitem, sized to fill the group (nil: subitems repeat while
    /// they fit).
    let count: Int?
    let itemProvider: NSCollectionLayoutGroupCustomItemProvider?
    /// Space between the items.
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(layoutSize: NSCollectionLayoutSize, axis: Axis, subitems: [NSCollectionLayoutItem], count: Int?, provider: NSCollectionLayoutGroupCustomItemProvider? = nil) {
        self.axis = axis
        self.subitems = subitems
        self.count = count
        itemProvider = provider
        super.init(layoutSize: layoutSize)
    }

    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, axis: .horizontal, subitems: subitems, count: nil)
    }
    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, axis: .horizontal, subitems: [subitem], count: Swift.max(1, count))
    }
    public class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, subitem: subitem, count: count)
    }
    public class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, axis: .vertical, subitems: subitems, count: nil)
    }
    public class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, axis: .vertical, subitems: [subitem], count: Swift.max(1, count))
    }
    public class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        vertical(layoutSize: layoutSize, subitem: subitem, count: count)
    }
    public class func custom(layoutSize: NSCollectionLayoutSize, itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, axis: .custom, subitems: [], count: nil, provider: itemProvider)
    }
}

/// Frames a custom group gives its items, in the group's coordinates.
@preconcurrency @MainActor
open class NSCollectionLayoutGroupCustomItem: NSObject {
    public let frame: CGRect
    public let zIndex: Int
    public init(frame: CGRect) {
        self.frame = frame
        zIndex = 0
        super.init()
    }
    public init(frame: CGRect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
        super.init()
    }
}

/// What a layout's sizes are relative to.
@preconcurrency @MainActor
public protocol NSCollectionLayoutContainer: AnyObject {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider is told about where its section goes.
@preconcurrency @MainActor
public protocol NSCollectionLayoutEnvironment: AnyObject {
    var container: NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

public typealias NSCollectionLayoutGroupCustomItemProvider = (NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// How a section scrolls across the layout's direction.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// A section of a compositional layout: a group repeated for its items, with spacing,
/// insets, headers, footers and backgrounds; optionally scrolling sideways on its own.
@preconcurrency @MainActor
open class NSCollectionLayoutSection: NSObject {
    public let group: NSCollectionLayoutGroup
    open var contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    open var interGroupSpacing: CGFloat = 0
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    open var supplementariesFollowContentInsets = true
    /// Called with the visible items and the section's scroll offset as it scrolls.
    open var visibleItemsInvalidationHandler: ((_ visibleItems: [NSCollectionLayoutVisibleItem], _ contentOffset: CGPoint, _ layoutEnvironment: NSCollectionLayoutEnvironment) -> Void)?
    /// List metrics (set by `list(using:layoutEnvironment:)`).
    var listConfiguration: UICollectionLayoutListConfiguration?

    public init(group: NSCollectionLayoutGroup) {
        self.group = group
        super.init()
    }

    /// A section laid out as a list.
    public static func list(using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
                                                     subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.listConfiguration = configuration
        switch configuration.appearance {
        case .insetGrouped:
            section.contentInsets = NSDirectionalEdgeInsets(top: 18, leading: 16, bottom: 18, trailing: 16)
        case .grouped:
            section.contentInsets = NSDirectionalEdgeInsets(top: 18, leading: 0, bottom: 18, trailing: 0)
        default:
            break
        }
        if configuration.headerMode == .supplementary {
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(configuration.appearance == .plain ? 28 : 38)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = configuration.appearance == .plain
            section.boundarySupplementaryItems.append(header)
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(28)),
                elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        return section
    }
}

/// An item on screen, as a section's visible-items handler sees it.
@preconcurrency @MainActor
public protocol NSCollectionLayoutVisibleItem: AnyObject {
    var frame: CGRect { get }
    var indexPath: IndexPath { get }
    var alpha: CGFloat { get set }
    var transform: CGAffineTransform { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var representedElementCategory: UICollectionViewLayoutAttributes.ElementCategory { get }
    var representedElementKind: String? { get }
}

extension UICollectionViewLayoutAttributes: NSCollectionLayoutVisibleItem {}

/// A list's look, for `UICollectionViewCompositionalLayout.list(using:)` and
/// `NSCollectionLayoutSection.list(using:layoutEnvironment:)`.
public struct UICollectionLayoutListConfiguration {
    public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    public enum FooterMode: Int, Sendable { case none, supplementary }

    public var appearance: Appearance
    public var showsSeparators = true
    public var backgroundColor: UIColor?
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    public var headerTopPadding: CGFloat?
    public var leadingSwipeActionsConfigurationProvider: ((IndexPath) -> UISwipeActionsConfiguration?)?
    public var trailingSwipeActionsConfigurationProvider: ((IndexPath) -> UISwipeActionsConfiguration?)?

    public init(appearance: Appearance) {
        self.appearance = appearance
    }
}
