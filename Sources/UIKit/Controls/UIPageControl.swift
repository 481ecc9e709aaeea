import Foundation

/// A row of dots, one per page, the current page's dot in `currentPageIndicatorTintColor`
/// (the label colour) and the rest in `pageIndicatorTintColor` (a tertiary label gray).
///
/// A tap on the leading half of the control goes back a page, on the trailing half forward
/// a page, and sends `.valueChanged` when that changes `currentPage`; setting `currentPage`
/// sends nothing. Dots are 7 points across in 16-point slots, centred in the bounds.
///
/// At most `maximumIndicators` dots show: with more pages, a window of that many follows the
/// current page (as iOS shows a bounded set of indicators for long page counts).
///
/// - Note: Differs from Apple: the dot metrics, the 26-point height and the 25-dot window
///   are Lamina's reading of iOS's page control (iOS shrinks the dots at the window's ends);
///   scrubbing along the dots (iOS 14's long-press interaction) and the prominent background
///   are not drawn.
@preconcurrency @MainActor
open class UIPageControl: UIControl {
    public enum BackgroundStyle: Int, Sendable {
        case automatic = 0
        case prominent = 1
        case minimal = 2
    }

    public enum InteractionState: Int, Sendable {
        case none = 0
        case discrete = 1
        case continuous = 2
    }

    static let dot: CGFloat = 7
    static let slot: CGFloat = 16
    static let height: CGFloat = 26

    static let maximumIndicators = 25

    private var dots: [CALayer] = []
    /// The page the first dot stands for (the window of dots over a long page count).
    private var firstShownPage = 0
    private var storedCurrent = 0
    private var indicatorImages: [Int: UIImage] = [:]

    /// How many pages (0 by default; negative values count as 0).
    open var numberOfPages = 0 {
        didSet {
            if numberOfPages < 0 { numberOfPages = 0 }
            storedCurrent = Swift.min(storedCurrent, Swift.max(numberOfPages - 1, 0))
            firstShownPage = windowStart(around: storedCurrent)
            rebuild()
        }
    }

    /// The page shown, within `0..<numberOfPages`. Setting it is silent.
    open var currentPage: Int {
        get { storedCurrent }
        set {
            storedCurrent = Swift.min(Swift.max(newValue, 0), Swift.max(numberOfPages - 1, 0))
            showCurrentPage()
        }
    }

    /// The first page of a window of dots that has `page` in its middle, kept inside the pages.
    private func windowStart(around page: Int) -> Int {
        let shown = Swift.min(numberOfPages, UIPageControl.maximumIndicators)
        return Swift.min(Swift.max(page - shown / 2, 0), Swift.max(numberOfPages - shown, 0))
    }

    /// Colours the dots for the current page, moving the window of dots when it left it.
    private func showCurrentPage() {
        if storedCurrent < firstShownPage || storedCurrent >= firstShownPage + dots.count {
            firstShownPage = windowStart(around: storedCurrent)
            rebuild()
        } else {
            updateColors()
        }
    }

    /// Whether a single page hides the control (false by default).
    open var hidesForSinglePage = false { didSet { updateVisibility() } }
    /// The other pages' dots (nil: a tertiary label gray).
    open var pageIndicatorTintColor: UIColor? { didSet { updateColors(); appearanceSet("pageIndicatorTintColor") { [pageIndicatorTintColor] in $0.pageIndicatorTintColor = pageIndicatorTintColor } } }
    /// The current page's dot (nil: the label colour).
    open var currentPageIndicatorTintColor: UIColor? { didSet { updateColors(); appearanceSet("currentPageIndicatorTintColor") { [currentPageIndicatorTintColor] in $0.currentPageIndicatorTintColor = currentPageIndicatorTintColor } } }
    /// Stored; Lamina draws no background behind the dots.
    open var backgroundStyle: BackgroundStyle = .automatic
    /// Stored; taps move one page at a time.
    open var allowsContinuousInteraction = true
    /// How the user is interacting (`.none` between touches, `.discrete` during a tap).
    open private(set) var interactionState: InteractionState = .none
    /// An image every indicator uses instead of a dot (tinted like the dots).
    open var preferredIndicatorImage: UIImage? { didSet { rebuild() } }

    /// The image for one page's indicator (nil: the preferred image or a dot).
    open func setIndicatorImage(_ image: UIImage?, forPage page: Int) {
        indicatorImages[page] = image
        rebuild()
    }

    open func indicatorImage(forPage page: Int) -> UIImage? { indicatorImages[page] }

    /// The size that shows `pageCount` dots (at most `maximumIndicators` of them).
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let shown = Swift.min(Swift.max(pageCount, 0), UIPageControl.maximumIndicators)
        return CGSize(width: CGFloat(shown) * UIPageControl.slot, height: UIPageControl.height)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        (coder as? IBCoder)?.decodePageControl(self)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }

    // MARK: Drawing

    private func rebuild() {
        LayerTransaction.immediate {
            for dot in dots { dot.removeFromSuperlayer() }
            let shown = Swift.min(numberOfPages, UIPageControl.maximumIndicators)
            dots = (firstShownPage..<firstShownPage + shown).map { page in
                let dot = CALayer()
                if let image = indicatorImages[page] ?? preferredIndicatorImage, let cgImage = image.cgImage {
                    // The image as a mask, filled with the dot's colour.
                    let mask = CALayer()
                    mask.contents = cgImage
                    mask.contentsGravity = .resizeAspect
                    dot.mask = mask
                    dot.bounds.size = image.size
                } else {
                    dot.bounds.size = CGSize(width: UIPageControl.dot, height: UIPageControl.dot)
                    dot.cornerRadius = UIPageControl.dot / 2
                }
                layer.addSublayer(dot)
                return dot
            }
        }
        invalidateIntrinsicContentSize()
        updateVisibility()
        updateColors()
        setNeedsLayout()
    }

    private func updateVisibility() {
        isHidden = hidesForSinglePage && numberOfPages <= 1
    }

    private func updateColors() {
        let traits = traitCollection
        let other = (pageIndicatorTintColor ?? .tertiaryLabel).resolvedColor(with: traits).cgColor
        let current = (currentPageIndicatorTintColor ?? .label).resolvedColor(with: traits).cgColor
        LayerTransaction.immediate {
            for (index, dot) in dots.enumerated() { dot.backgroundColor = firstShownPage + index == storedCurrent ? current : other }
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let total = CGFloat(dots.count) * UIPageControl.slot
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        LayerTransaction.immediate {
            for (page, dot) in dots.enumerated() {
                let slot = rightToLeft ? dots.count - 1 - page : page
                dot.frame.size = dot.bounds.size
                dot.position = CGPoint(x: bounds.midX - total / 2 + (CGFloat(slot) + 0.5) * UIPageControl.slot, y: bounds.midY)
            }
        }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) { updateColors() }
    }

    /// The next page, as a tap on the trailing half.
    open override func accessibilityIncrement() { stepPage(1) }

    /// The previous page, as a tap on the leading half.
    open override func accessibilityDecrement() { stepPage(-1) }

    private func stepPage(_ direction: Int) {
        let target = Swift.min(Swift.max(storedCurrent + direction, 0), Swift.max(numberOfPages - 1, 0))
        guard target != storedCurrent else { return }
        storedCurrent = target
        showCurrentPage()
        sendActions(for: .valueChanged)
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        interactionState = .discrete
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        defer { interactionState = .none }
        guard let touch, bounds.contains(touch.location(in: self)) else { return }
        let trailing = touch.location(in: self).x > bounds.midX
        let forward = effectiveUserInterfaceLayoutDirection == .rightToLeft ? !trailing : trailing
        let target = Swift.min(Swift.max(storedCurrent + (forward ? 1 : -1), 0), Swift.max(numberOfPages - 1, 0))
        guard target != storedCurrent else { return }
        storedCurrent = target
        showCurrentPage()
        sendActions(for: .valueChanged, event: event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        interactionState = .none
    }
}
