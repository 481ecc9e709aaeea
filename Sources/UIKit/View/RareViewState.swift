/// The properties of a view that few views set, kept out of every view's storage until one is.
@MainActor
final class RareViewState {
    /// The view whose alpha masks this one (`UIView.mask`).
    var mask: UIView?
    /// The Dynamic Type limits (`minimumContentSizeCategory`, `maximumContentSizeCategory`).
    var minimumContentSizeCategory: UIContentSizeCategory?
    var maximumContentSizeCategory: UIContentSizeCategory?
}

extension UIView {
    /// The view's rare state, made when first needed.
    var rare: RareViewState {
        if let rareState { return rareState }
        let made = RareViewState()
        rareState = made
        return made
    }
}
