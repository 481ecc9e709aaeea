/// Something a layer runs in response to an event, such as a property change (an animation,
/// typically). Layers find actions through `CALayer.action(forKey:)`.
public protocol CAAction {
    /// Runs the action for `event` on `anObject` (the layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` as an action means "no action": it ends the search in `CALayer.action(forKey:)`.
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The event a layer's action is looked up for when it is added to a layer tree.
public let kCAOnOrderIn = "onOrderIn"
/// The event a layer's action is looked up for when it is removed from its layer tree.
public let kCAOnOrderOut = "onOrderOut"
/// The event of transition animations (`CATransition`).
public let kCATransition = "transition"
