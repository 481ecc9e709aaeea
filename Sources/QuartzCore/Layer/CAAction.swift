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
