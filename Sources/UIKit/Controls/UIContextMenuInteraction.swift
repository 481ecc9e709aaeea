import Foundation

/// Makes the menu of a context-menu interaction: given the suggested elements, the menu.
public typealias UIContextMenuActionProvider = @MainActor ([UIMenuElement]) -> UIMenu?
/// Makes the preview of a context-menu interaction.
public typealias UIContextMenuContentPreviewProvider = @MainActor () -> UIViewController?

/// What a context-menu interaction shows: the menu (from its action provider) and a preview.
///
/// - Note: Differs from Apple: previews are not shown; the menu appears at the pointer.
@preconcurrency @MainActor
open class UIContextMenuConfiguration: NSObject {
    /// The order of a menu's elements relative to where it appears.
    public enum ElementOrder: Int, Sendable {
        case automatic = 0
        case priority = 1
        case fixed = 2
    }

    /// The configuration's identity.
    public let identifier: NSCopying
    /// The element order (kept; menus show in the order given).
    open var preferredMenuElementOrder: ElementOrder = .automatic
    let previewProvider: UIContextMenuContentPreviewProvider?
    let actionProvider: UIContextMenuActionProvider?

    public init(identifier: NSCopying? = nil, previewProvider: UIContextMenuContentPreviewProvider?,
                actionProvider: UIContextMenuActionProvider?) {
        self.identifier = identifier ?? NSUUID()
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
        super.init()
    }
}

/// The animations that go with a context menu appearing or going (run at once in Lamina).
@preconcurrency @MainActor
public protocol UIContextMenuInteractionAnimating: AnyObject {
    var previewViewController: UIViewController? { get }
    func addAnimations(_ animations: @escaping () -> Void)
    func addCompletion(_ completion: @escaping () -> Void)
}

/// Runs added animations and completions straight away.
final class ImmediateMenuAnimator: UIContextMenuInteractionAnimating {
    var previewViewController: UIViewController? { nil }
    func addAnimations(_ animations: @escaping () -> Void) { animations() }
    func addCompletion(_ completion: @escaping () -> Void) { completion() }
}

/// What a context-menu interaction asks: the configuration for a location; and what it tells.
@preconcurrency @MainActor
public protocol UIContextMenuInteractionDelegate: AnyObject {
    /// The configuration for a menu at `location` (in the interaction's view), or nil for none.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration?
    /// The menu is about to show.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?)
    /// The menu is going.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?)
}

extension UIContextMenuInteractionDelegate {
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                       animator: (any UIContextMenuInteractionAnimating)?) {}
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                       animator: (any UIContextMenuInteractionAnimating)?) {}
}

/// Shows a menu for its view on a secondary click (the right mouse button), asking its
/// delegate what to show.
///
/// - Note: Differs from Apple: a long press does not open it (a secondary click does, as
///   with a pointer on iPad and Mac Catalyst), and there is no preview or blur behind.
@preconcurrency @MainActor
open class UIContextMenuInteraction: NSObject, UIInteraction {
    /// How the menu appears.
    public enum Appearance: Int, Sendable {
        case unknown = 0
        case rich = 1
        case compact = 2
    }

    /// The delegate asked for the menu.
    open private(set) weak var delegate: (any UIContextMenuInteractionDelegate)?
    /// The view the interaction is attached to.
    open private(set) weak var view: UIView?
    /// How the menu appears (compact: no preview).
    open private(set) var menuAppearance: Appearance = .unknown

    private var presenter: MenuPresenter?
    private var location: CGPoint = .zero

    public init(delegate: any UIContextMenuInteractionDelegate) {
        self.delegate = delegate
        super.init()
    }

    open func willMove(to view: UIView?) {}

    open func didMove(to view: UIView?) {
        self.view = view
    }

    /// Where the interaction began, in `view`'s coordinates.
    open func location(in view: UIView?) -> CGPoint {
        guard let own = self.view else { return location }
        return own.convert(location, to: view)
    }

    /// Closes the menu, if it shows.
    open func dismissMenu() {
        presenter?.dismiss()
    }

    /// Replaces the showing menu with what `block` makes of it.
    open func updateVisibleMenu(_ block: (UIMenu) -> UIMenu) {
        guard let presenter, presenter.isShowing, let window = view?.window, let menu = shownMenu else { return }
        let updated = block(menu)
        let frame = presenter.frame
        shownMenu = updated
        let configuration = shownConfiguration
        self.presenter = MenuPresenter.present(updated, in: window, anchor: CGRect(origin: frame.origin, size: .zero), sender: view, onDismiss: { [weak self] in
            self?.ended(configuration)
        })
    }

    private var shownMenu: UIMenu?
    private var shownConfiguration: UIContextMenuConfiguration?

    /// A secondary click at `point` (in the view's coordinates): asks the delegate and shows
    /// the menu there. Returns whether a menu showed.
    @discardableResult
    func present(at point: CGPoint) -> Bool {
        guard let view, let window = view.window, let delegate else { return false }
        location = point
        guard let configuration = delegate.contextMenuInteraction(self, configurationForMenuAtLocation: point),
              let menu = configuration.actionProvider?([]) ?? nil, !menu.children.isEmpty else { return false }
        menuAppearance = .compact
        shownMenu = menu
        shownConfiguration = configuration
        delegate.contextMenuInteraction(self, willDisplayMenuFor: configuration, animator: ImmediateMenuAnimator())
        let anchor = CGRect(origin: view.convert(point, to: window), size: .zero)
        presenter = MenuPresenter.present(menu, in: window, anchor: anchor, sender: view, onDismiss: { [weak self] in
            self?.ended(configuration)
        })
        return true
    }

    private func ended(_ configuration: UIContextMenuConfiguration?) {
        guard let configuration, configuration === shownConfiguration else { return }
        shownConfiguration = nil
        shownMenu = nil
        delegate?.contextMenuInteraction(self, willEndFor: configuration, animator: ImmediateMenuAnimator())
    }
}

extension UIWindow {
    /// A secondary click (right button) at `point`: the nearest view under it with a
    /// context-menu interaction (or a control with a menu) shows its menu. A menu already
    /// showing closes first.
    ///
    /// - Note: Lamina addition: backends and scripted input call it.
    public func sendSecondaryClick(at point: CGPoint) {
        MenuPresenter.current?.dismiss()
        guard point.x.isFinite, point.y.isFinite else { return }
        var view = hitTest(point, with: nil)
        while let current = view {
            for case let interaction as UIContextMenuInteraction in current.storedInteractions {
                if interaction.present(at: current.convert(point, from: self)) { return }
            }
            if let control = current as? UIControl, control.isContextMenuInteractionEnabled, control.presentControlMenu(from: .secondaryClick) {
                return
            }
            view = current.superview
        }
    }
}
