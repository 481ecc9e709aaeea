import Foundation

/// A scroll view's two indicators: thin rounded bars along the trailing and bottom edges whose
/// length is the visible fraction of the content and whose position is the offset's. They
/// show while the content moves and fade half a second after it stops.
///
/// - Note: Differs from Apple: metrics follow iOS 13 and later as measured (3 points thick,
///   3 from the edges, at least 36 long, shrinking to 7 while pulled past an edge); the fade
///   delay of 0.5 s is Lamina's.
@MainActor
final class ScrollIndicators {
    static let thickness: CGFloat = 3
    static let inset: CGFloat = 3
    static let minimumLength: CGFloat = 36
    static let squashedLength: CGFloat = 7
    static let fadeDelay: TimeInterval = 0.5

    let vertical = CALayer()
    let horizontal = CALayer()
    private var hideTimer: GestureTimer?

    init() {
        for bar in [vertical, horizontal] {
            bar.cornerRadius = ScrollIndicators.thickness / 2
            bar.opacity = 0
        }
    }

    /// `.default` is dark on a light appearance and light on a dark one.
    private static func color(_ style: UIScrollView.IndicatorStyle, _ traits: UITraitCollection) -> CGColor {
        switch style {
        case .white: return UIColor(white: 1, alpha: 0.35).cgColor
        case .black: return UIColor(white: 0, alpha: 0.35).cgColor
        default: return UIColor(white: traits.userInterfaceStyle == .dark ? 1 : 0, alpha: 0.35).cgColor
        }
    }

    /// The frames the bars take now (nil: the bar does not show for this view).
    static func frames(for view: UIScrollView) -> (vertical: CGRect?, horizontal: CGRect?) {
        let b = view.bounds
        var inset = UIEdgeInsets.zero
        if view.automaticallyAdjustsScrollIndicatorInsets { inset = view.adjustedContentInset }
        let offset = view.contentOffset
        func bar(axis: Int) -> CGRect? {
            let shows = axis == 0 ? view.showsHorizontalScrollIndicator : view.showsVerticalScrollIndicator
            guard shows, view.scrolls(axis: axis) else { return nil }
            let extra = axis == 0 ? view.horizontalScrollIndicatorInsets : view.verticalScrollIndicatorInsets
            let range = view.range(axis: axis)
            let viewLength = axis == 0 ? b.width : b.height
            let before = (axis == 0 ? inset.left + extra.left : inset.top + extra.top) + ScrollIndicators.inset
            let after = (axis == 0 ? inset.right + extra.right : inset.bottom + extra.bottom) + ScrollIndicators.inset
            let track = Swift.max(0, viewLength - before - after)
            let content = axis == 0 ? view.contentSize.width + view.adjustedContentInset.left + view.adjustedContentInset.right
                : view.contentSize.height + view.adjustedContentInset.top + view.adjustedContentInset.bottom
            guard track > 0, content > 0 else { return nil }
            var length = Swift.max(ScrollIndicators.minimumLength, Swift.min(track, track * viewLength / content))
            let current = axis == 0 ? offset.x : offset.y
            let span = range.upperBound - range.lowerBound
            var progress = span > 0 ? (current - range.lowerBound) / span : 0
            // Past an edge the bar squashes against it.
            let overshoot = current < range.lowerBound ? range.lowerBound - current : current > range.upperBound ? current - range.upperBound : 0
            if overshoot > 0 { length = Swift.max(ScrollIndicators.squashedLength, length - overshoot) }
            progress = Swift.min(Swift.max(progress, 0), 1)
            let start = (axis == 0 ? b.minX : b.minY) + before + progress * (track - length)
            if axis == 0 {
                let y = b.maxY - inset.bottom - extra.bottom - ScrollIndicators.inset - ScrollIndicators.thickness
                return CGRect(x: start, y: y, width: length, height: ScrollIndicators.thickness)
            }
            let x = b.maxX - inset.right - extra.right - ScrollIndicators.inset - ScrollIndicators.thickness
            return CGRect(x: x, y: start, width: ScrollIndicators.thickness, height: length)
        }
        return (bar(axis: 1), bar(axis: 0))
    }

    /// Places the bars for `view`'s offset; shows them when `show` (the content is moving).
    func update(_ view: UIScrollView, show: Bool) {
        let (v, h) = ScrollIndicators.frames(for: view)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (bar, frame) in [(vertical, v), (horizontal, h)] {
            bar.backgroundColor = ScrollIndicators.color(view.indicatorStyle, view.traitCollection)
            if let frame {
                bar.frame = frame
                bar.isHidden = false
                // Above the content, whatever was added since.
                if bar.superlayer !== view.layer || view.layer.sublayers?.last !== bar {
                    bar.removeFromSuperlayer()
                    view.layer.addSublayer(bar)
                }
            } else {
                bar.isHidden = true
            }
        }
        CATransaction.commit()
        if show { flash() }
    }

    /// Shows the bars now and fades them after the delay.
    func flash() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        vertical.opacity = 1
        horizontal.opacity = 1
        CATransaction.commit()
        hideTimer?.cancel()
        hideTimer = GestureTimer(after: ScrollIndicators.fadeDelay) { [weak self] in self?.fade() }
    }

    /// Keeps the bars shown (the content is still moving).
    func hold() {
        hideTimer?.cancel()
        hideTimer = nil
    }

    /// Starts the countdown to fading.
    func release() {
        hideTimer?.cancel()
        hideTimer = GestureTimer(after: ScrollIndicators.fadeDelay) { [weak self] in self?.fade() }
    }

    private func fade() {
        hideTimer = nil
        // Standalone layers fade by their implicit animation.
        vertical.opacity = 0
        horizontal.opacity = 0
    }

    var isShowing: Bool { vertical.opacity > 0 || horizontal.opacity > 0 }
}
