import UIKit

/// A view with an intrinsic content size (60 × 20 unless given), which a test may change.
final class Sized: UIView {
    var size: CGSize

    init(_ width: CGFloat = 60, _ height: CGFloat = 20) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { nil }

    override var intrinsicContentSize: CGSize { size }
}

/// A 320 × 480 (or given) root view placed by its frame.
@MainActor
func container(_ width: CGFloat = 320, _ height: CGFloat = 480) -> UIView {
    UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
}

/// A new subview of `parent` to be placed by constraints.
@MainActor
func constrained(in parent: UIView) -> UIView {
    let view = UIView()
    view.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(view)
    return view
}
