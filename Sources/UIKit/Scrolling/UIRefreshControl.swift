import Foundation

/// Pull to refresh: set as a scroll view's `refreshControl`, it sits above the content;
/// pulling the content down past it starts refreshing (`isRefreshing` becomes true and it
/// sends `.valueChanged`), and the content rests below it until `endRefreshing()`.
///
/// - Note: Differs from Apple: the pull that starts a refresh is 88 points past the top, and
///   the control is 60 points tall; Apple does not document either.
@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
    /// How far past the top the content must be pulled.
    static let triggerDistance: CGFloat = 88
    /// The room the control takes above the content while refreshing.
    static let height: CGFloat = 60

    /// Whether a refresh is under way.
    open private(set) var isRefreshing = false
    /// A title shown under the spinner.
    open var attributedTitle: NSAttributedString?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) { nil }

    private var scrollView: UIScrollView? { superview as? UIScrollView }

    /// Shows the control as refreshing (without sending `.valueChanged`, as on iOS).
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        setNeedsDisplay()
        scrollView?.refreshStateChanged()
    }

    /// Ends the refresh: the content moves back up to its top.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        setNeedsDisplay()
        scrollView?.refreshStateChanged()
    }

    /// A pull reached the trigger: refresh and tell the targets.
    func pulled() {
        guard !isRefreshing, isEnabled else { return }
        beginRefreshing()
        sendActions(for: .valueChanged)
    }

    /// A spinner of twelve spokes (its arms fading round the circle) and the title.
    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let center = CGPoint(x: bounds.midX, y: bounds.midY - (attributedTitle == nil ? 0 : 8))
        let color = tintColor ?? .gray
        context.setLineCap(.round)
        context.setLineWidth(2.5)
        for spoke in 0..<12 {
            let angle = CGFloat(spoke) * .pi / 6 - .pi / 2
            let inner: CGFloat = 5, outer: CGFloat = 10
            context.setStrokeColor(color.withAlphaComponent(0.25 + 0.75 * CGFloat(spoke) / 11).cgColor)
            context.move(to: CGPoint(x: center.x + cos(angle) * inner, y: center.y + sin(angle) * inner))
            context.addLine(to: CGPoint(x: center.x + cos(angle) * outer, y: center.y + sin(angle) * outer))
            context.strokePath()
        }
        if let title = attributedTitle {
            let size = title.size()
            title.draw(at: CGPoint(x: bounds.midX - size.width / 2, y: center.y + 16))
        }
    }
}
