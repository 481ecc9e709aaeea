import Foundation

/// A button on a navigation bar (or toolbar): a title, an image, a system item, or a custom
/// view, running its primary action or target–action when tapped.
///
/// - Note: Differs from Apple: target–action takes an unapplied method reference
///   (`target: self, action: MyController.addTapped`) instead of a `#selector`, which needs the
///   Objective-C runtime; system items show their titles (Lamina draws no SF Symbols).
@preconcurrency @MainActor
open class UIBarButtonItem: NSObject {
    public enum Style: Int, Sendable {
        case plain = 0
        @available(*, deprecated, message: "Use .plain")
        case bordered = 1
        case done = 2
    }

    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks,
             search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
        case pageCurl = 23
        case close = 24

        /// The words Lamina shows for the item.
        var title: String {
            switch self {
            case .done: return "Done"
            case .cancel: return "Cancel"
            case .edit: return "Edit"
            case .save: return "Save"
            case .add: return "+"
            case .compose: return "Compose"
            case .reply: return "Reply"
            case .action: return "Share"
            case .organize: return "Organize"
            case .bookmarks: return "Bookmarks"
            case .search: return "Search"
            case .refresh: return "Refresh"
            case .stop: return "Stop"
            case .camera: return "Camera"
            case .trash: return "Delete"
            case .play: return "Play"
            case .pause: return "Pause"
            case .rewind: return "Rewind"
            case .fastForward: return "Forward"
            case .undo: return "Undo"
            case .redo: return "Redo"
            case .close: return "Close"
            default: return ""
            }
        }
    }

    open var title: String? { didSet { changed?() } }
    open var image: UIImage? { didSet { changed?() } }
    open var style: Style = .plain { didSet { changed?() } }
    open var isEnabled = true { didSet { changed?() } }
    open var tintColor: UIColor? {
        didSet {
            // Appearance settings are applied as the bar builds the item's button.
            if !AppearanceRegistry.isApplying { changed?() }
            appearanceSet("tintColor") { [tintColor] in $0.tintColor = tintColor }
        }
    }
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    /// The appearance properties set on this item itself.
    var explicitAppearanceKeys: Set<String> = []

    /// Text attributes (font, colour) of the title in `state`.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        appearanceSet("titleTextAttributes.\(state.rawValue)") { $0.setTitleTextAttributes(attributes, for: state) }
        if !AppearanceRegistry.isApplying { changed?() }
    }

    /// The title's text attributes for `state`.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }
    /// A view shown instead of the button.
    open var customView: UIView? { didSet { changed?() } }
    /// A fixed width (0: the content's).
    open var width: CGFloat = 0
    open var tag = 0
    /// Run when the item is tapped (before any target–action).
    open var primaryAction: UIAction?
    /// The system item it was made as, if any.
    private(set) var systemItem: SystemItem?
    var targetAction: (() -> Void)?
    /// The object `action` is sent to when the item is tapped (nil: the first object up the
    /// responder chain that can perform it). Not retained, as on iOS.
    open weak var target: AnyObject?
    /// The selector sent when the item is tapped (see `SelectorTable`).
    open var action: Selector?
    /// Told when something shown changed (the bar rebuilds its button).
    var changed: (() -> Void)?

    public override init() {
        super.init()
    }

    /// An item titled `title` sending `action` to `target` (nil: up the responder chain)
    /// when tapped.
    public convenience init(title: String?, style: Style, target: AnyObject?, action: Selector?) {
        self.init()
        self.title = title
        self.style = style
        self.target = target
        self.action = action
    }

    /// An item titled `title` calling `action` on `target` when tapped.
    public convenience init<Target: AnyObject>(title: String?, style: Style, target: Target?,
                                               action: ((Target) -> () -> Void)?) {
        self.init()
        self.title = title
        self.style = style
        setTargetAction(target, action)
    }

    /// An item showing `image`, calling `action` on `target` when tapped.
    public convenience init<Target: AnyObject>(image: UIImage?, style: Style, target: Target?,
                                               action: ((Target) -> () -> Void)?) {
        self.init()
        self.image = image
        self.style = style
        setTargetAction(target, action)
    }

    /// An item showing `image`, sending `action` to `target` when tapped.
    public convenience init(image: UIImage?, style: Style, target: AnyObject?, action: Selector?) {
        self.init()
        self.image = image
        self.style = style
        self.target = target
        self.action = action
    }

    /// A system item sending `action` to `target` when tapped.
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Selector?) {
        self.init(systemItem: systemItem)
        self.target = target
        self.action = action
    }

    /// A system item calling `action` on `target` when tapped.
    public convenience init<Target: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: Target?,
                                               action: ((Target) -> () -> Void)?) {
        self.init()
        self.systemItem = systemItem
        title = systemItem.title
        style = systemItem == .done || systemItem == .save ? .done : .plain
        setTargetAction(target, action)
    }

    /// An item with a title and/or image running `primaryAction` (its title and image when
    /// given none).
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.title = title ?? primaryAction?.title
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// A system item running `primaryAction`, or showing `menu` when it has no action.
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.systemItem = systemItem
        title = systemItem.title
        style = systemItem == .done || systemItem == .save ? .done : .plain
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// An item for `primaryAction` (its title and image).
    public convenience init(primaryAction: UIAction?) {
        self.init(title: nil, image: nil, primaryAction: primaryAction, menu: nil)
    }

    /// An item with a title and/or image that shows `menu`.
    public convenience init(title: String? = nil, image: UIImage? = nil, menu: UIMenu?) {
        self.init(title: title, image: image, primaryAction: nil, menu: menu)
    }


    /// An item showing `customView`.
    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// Flexible space between items.
    public static func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(systemItem: .flexibleSpace) }

    /// Space of a fixed width between items.
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(systemItem: .fixedSpace)
        item.width = width
        return item
    }

    private func setTargetAction<Target: AnyObject>(_ target: Target?, _ action: ((Target) -> () -> Void)?) {
        guard let action else { return }
        targetAction = { [weak target] in
            guard let target else { return }
            action(target)()
        }
    }

    /// The item's menu: shown when the item is tapped and has no primary action or
    /// target–action.
    open var menu: UIMenu?

    /// The item was tapped (its view is `view`): its primary action, then its target–action;
    /// with neither, its menu.
    func perform(from view: UIView? = nil) {
        guard isEnabled else { return }
        if primaryAction == nil, targetAction == nil, action == nil, let menu, let view, let window = view.window {
            MenuPresenter.present(menu, in: window, anchor: view.convert(view.bounds, to: window), sender: self)
            return
        }
        if let primaryAction { primaryAction.handler(primaryAction) }
        targetAction?()
        if let action { ActionRouting.send(action, to: target, from: self, event: nil) }
    }
}
