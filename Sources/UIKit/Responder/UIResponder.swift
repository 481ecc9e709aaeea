/// An object that can take part in event handling: the base of views, view controllers and
/// windows. `next` links responders into the responder chain.
@MainActor
open class UIResponder: NSObject {
    public override init() {
        super.init()
    }

    /// The next responder in the chain: a view's view controller or superview, a view
    /// controller's view's superview. nil at the end of the chain.
    open var next: UIResponder? { nil }
}
