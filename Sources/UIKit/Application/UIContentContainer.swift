import Foundation

/// What view controllers and presentation controllers share about sizing their content: a
/// preferred size, and being told when a child's size or the container's size changes.
@MainActor
public protocol UIContentContainer: NSObjectProtocol {
    /// The size the content would like (zero: no preference).
    var preferredContentSize: CGSize { get }
    /// A child's `preferredContentSize` changed.
    func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)
    /// A child's Auto Layout fitting size changed.
    func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer)
    /// The size a child gets inside a parent of `parentSize` (the parent's size by default).
    func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize
    /// The container is about to change to `size`.
    func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
    /// The container's traits are about to change to `newCollection`.
    func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator)
}

extension UIViewController: UIContentContainer {
    /// The size the controller's content would like (zero by default). Setting it tells the
    /// parent (or, for a presented controller, its presentation controller).
    public var preferredContentSize: CGSize {
        get { storedPreferredContentSize }
        set {
            guard newValue != storedPreferredContentSize else { return }
            storedPreferredContentSize = newValue
            if let parent {
                parent.preferredContentSizeDidChange(forChildContentContainer: self)
            } else if presentingViewController != nil, let presentation = presentationController {
                presentation.preferredContentSizeDidChange(forChildContentContainer: self)
            }
        }
    }
}
