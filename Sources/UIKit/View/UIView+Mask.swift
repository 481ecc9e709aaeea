extension UIView {
    /// A view whose alpha channel masks this view: where the mask is opaque the view shows,
    /// where it is clear the view does not. The mask is not a subview; its frame is in this
    /// view's coordinates.
    public var mask: UIView? {
        get { rareState?.mask }
        set {
            guard newValue !== rareState?.mask else { return }
            // A view that is another view's mask stops being one.
            newValue?.removeFromSuperview()
            rare.mask = newValue
            layer.mask = newValue?.layer
        }
    }
}
