import Foundation

/// What a navigation bar shows for one controller: its title (or title view), its left and
/// right buttons, and what the back button says when another controller is pushed on top.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic, always, never, inline
    }

    /// The title in the bar (a controller's item follows the controller's `title` until set).
    open var title: String? { didSet { changed() } }
    /// A view shown instead of the title.
    open var titleView: UIView? { didSet { changed() } }
    /// A line above the title (stored).
    open var prompt: String?
    /// The back button's title for controllers pushed on top of this one (nil: this title).
    open var backButtonTitle: String? { didSet { changed() } }
    /// A custom back button for controllers pushed on top (its title is used).
    open var backBarButtonItem: UIBarButtonItem? { didSet { changed() } }
    /// Whether the back button is hidden while this item is on top.
    open var hidesBackButton = false { didSet { changed() } }
    /// Whether the left items show beside the back button rather than replacing it.
    open var leftItemsSupplementBackButton = false { didSet { changed() } }
    /// Whether the title shows large when the bar `prefersLargeTitles` (`.automatic`: as the
    /// item below does; large for the first).
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic { didSet { changed() } }

    /// This item's bar look while content scrolls under the bar (nil: the bar's).
    open var standardAppearance: UINavigationBarAppearance? { didSet { changed() } }
    /// This item's look in compact height (kept).
    open var compactAppearance: UINavigationBarAppearance?
    /// This item's look at the scroll edge (nil: the bar's).
    open var scrollEdgeAppearance: UINavigationBarAppearance? { didSet { changed() } }
    /// This item's scroll-edge look in compact height (kept).
    open var compactScrollEdgeAppearance: UINavigationBarAppearance?

    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }

    /// The first left item.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first right item (the one nearest the trailing edge).
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }

    public init(title: String) {
        self.title = title
        super.init()
    }

    public override init() {
        super.init()
    }

    /// Bars showing this item, told when it changes.
    var onChange: [ObjectIdentifier: () -> Void] = [:]

    private func changed() {
        for callback in onChange.values { callback() }
    }
}

extension UIViewController {
    /// The nearest navigation controller among this controller and its ancestors.
    public var navigationController: UINavigationController? {
        var controller: UIViewController? = self
        while let current = controller {
            if let navigation = current as? UINavigationController { return navigation }
            controller = current.parent
        }
        return nil
    }
}
