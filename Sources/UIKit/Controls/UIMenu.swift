import Foundation

/// A menu: a title and elements — actions, and menus shown as submenus or inline groups.
///
/// Buttons show one when tapped (`showsMenuAsPrimaryAction`) or secondary-clicked; a
/// `UIContextMenuInteraction` shows one for any view on a secondary click.
@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
    /// A menu's identity.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// How a menu shows its children.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The children show in the parent, set off by separators, not as a submenu.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// The submenu's row is red.
        public static let destructive = Options(rawValue: 1 << 1)
        /// Choosing an action turns it on and its siblings off.
        public static let singleSelection = Options(rawValue: 1 << 5)
        /// The children show as a row of small items.
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// How large the children of an inline menu are drawn.
    public enum ElementSize: Int, Sendable {
        case small = 0
        case medium = 1
        case large = 2
        case automatic = -1
    }

    /// The menu's identity (a unique one unless given).
    public let identifier: Identifier
    /// How the children show.
    open var options: Options
    /// The menu's elements.
    open private(set) var children: [UIMenuElement]
    /// How large inline children are drawn.
    open var preferredElementSize: ElementSize

    /// The actions turned on, in menus of single selection included.
    open var selectedElements: [UIMenuElement] {
        children.flatMap { element -> [UIMenuElement] in
            if let menu = element as? UIMenu { return menu.selectedElements }
            return (element as? UIAction)?.state == .on ? [element] : []
        }
    }

    /// A menu of `children`.
    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
                options: Options = [], preferredElementSize: ElementSize = .large, children: [UIMenuElement] = []) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.options = options
        self.children = children
        self.preferredElementSize = preferredElementSize
        super.init(title: title, image: image)
        self.subtitle = subtitle
    }

    /// A copy of this menu with other children.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(title: title, subtitle: subtitle, image: image, identifier: identifier, options: options,
               preferredElementSize: preferredElementSize, children: newChildren)
    }
}

/// Where a menu or a view's interaction attaches: the protocol of objects a view takes with
/// `addInteraction(_:)`.
@preconcurrency @MainActor
public protocol UIInteraction: AnyObject {
    /// The view the interaction is attached to.
    var view: UIView? { get }
    /// The interaction is about to be attached to `view` (or detached, for nil).
    func willMove(to view: UIView?)
    /// The interaction was attached to `view` (or detached).
    func didMove(to view: UIView?)
}

extension UIView {
    /// The interactions attached to the view.
    public var interactions: [any UIInteraction] {
        get { storedInteractions }
        set {
            for old in storedInteractions where !newValue.contains(where: { $0 === old }) { removeInteraction(old) }
            for new in newValue where !storedInteractions.contains(where: { $0 === new }) { addInteraction(new) }
        }
    }

    /// Attaches `interaction` (detaching it from any other view first).
    public func addInteraction(_ interaction: any UIInteraction) {
        guard !storedInteractions.contains(where: { $0 === interaction }) else { return }
        interaction.view?.removeInteraction(interaction)
        interaction.willMove(to: self)
        storedInteractions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Detaches `interaction`.
    public func removeInteraction(_ interaction: any UIInteraction) {
        guard storedInteractions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        storedInteractions.removeAll { $0 === interaction }
        interaction.didMove(to: nil)
    }
}
