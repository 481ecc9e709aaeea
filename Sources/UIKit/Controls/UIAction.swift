import Foundation

/// The closure a `UIAction` runs.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// An element of a menu: the base of actions.
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    /// How an element looks and behaves.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// Whether an element shows a check mark.
    public enum State: Int, Sendable {
        case off = 0
        case on = 1
        case mixed = 2
    }

    /// The element's title.
    open var title: String
    /// The element's image.
    open var image: UIImage?
    /// A subtitle.
    open var subtitle: String?

    init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
        super.init()
    }
}

/// An action with a title, an image and a closure: what a control performs for an event
/// (`addAction(_:for:)`) or as its primary action.
@preconcurrency @MainActor
open class UIAction: UIMenuElement {
    /// An action's identity, for removing it.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The identity (a unique one unless given).
    public let identifier: Identifier
    /// A title for discoverability interfaces.
    open var discoverabilityTitle: String?
    open var attributes: UIMenuElement.Attributes
    open var state: UIMenuElement.State
    /// The object that performed the action (the control), while the handler runs.
    open internal(set) weak var sender: AnyObject?
    let handler: UIActionHandler

    /// An action running `handler`.
    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, selectedImage: UIImage? = nil,
                identifier: Identifier? = nil, discoverabilityTitle: String? = nil,
                attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping UIActionHandler) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        self.selectedImage = selectedImage
        super.init(title: title, image: image)
        self.subtitle = subtitle
    }

    /// The image shown while the action is on.
    open var selectedImage: UIImage?

    func perform(sender: AnyObject?) {
        guard !attributes.contains(.disabled) else { return }
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}
