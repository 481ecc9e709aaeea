extension CALayer {
    /// The default action search: the delegate, then `actions`, then the class default.
    /// `NSNull` at any step ends the search with no action.
    func searchAction(forKey event: String) -> (any CAAction)? {
        if let delegate, let action = delegate.action(for: self, forKey: event) {
            return action is NSNull ? nil : action
        }
        if let action = actions?[event] {
            return action is NSNull ? nil : action
        }
        if let action = type(of: self).defaultAction(forKey: event) {
            return action is NSNull ? nil : action
        }
        return nil
    }
}
