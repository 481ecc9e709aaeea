import Foundation

/// Supplies the pages before and after a page, and (optionally) how many there are and which
/// one shows, for the page indicator.
@MainActor
public protocol UIPageViewControllerDataSource: NSObjectProtocol {
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController?
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController?
    /// The number of pages, shown as dots under a scrolling page controller (with
    /// `presentationIndex(for:)`); -1 when not implemented.
    func presentationCount(for pageViewController: UIPageViewController) -> Int
    /// The page shown, for the dots.
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
    public func presentationCount(for pageViewController: UIPageViewController) -> Int { -1 }
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// Told when a gesture starts a page turn and when the turn ends.
@MainActor
public protocol UIPageViewControllerDelegate: NSObjectProtocol {
    func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
}

extension UIPageViewControllerDelegate {
    public func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {}
    public func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                   previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {}
}

/// Pages of content, one controller each, turned by a swipe or in code.
///
/// A pan along the navigation axis drags the page with the finger, the next or previous page
/// (from the data source) beside it; let go past half way, or flicked, it turns, else it goes
/// back. `setViewControllers(_:direction:animated:completion:)` turns in code. A scrolling page
/// controller whose data source gives a presentation count shows a page indicator.
///
/// - Note: Differs from Apple: the page-curl style turns pages with the scrolling style's
///   slide (no curl is drawn), one page at a time (no spine, no double-sided pages).
@preconcurrency @MainActor
open class UIPageViewController: UIViewController {
    public enum TransitionStyle: Int, Sendable {
        case pageCurl = 0
        case scroll = 1
    }

    public enum NavigationOrientation: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }

    public enum SpineLocation: Int, Sendable {
        case none = 0
        case min = 1
        case mid = 2
        case max = 3
    }

    public enum NavigationDirection: Int, Sendable {
        case forward = 0
        case reverse = 1
    }

    public struct OptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An `NSNumber` of a `SpineLocation` (page-curl style).
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        /// An `NSNumber` of the points between pages (scroll style).
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    public let transitionStyle: TransitionStyle
    public let navigationOrientation: NavigationOrientation
    /// Where the spine is: `.min` for page curls, `.none` for scrolling.
    open private(set) var spineLocation: SpineLocation
    /// Whether content shows on the back of pages (stored; pages are one-sided).
    open var isDoubleSided = false
    open weak var dataSource: (any UIPageViewControllerDataSource)? {
        didSet { updateIndicator() }
    }
    open weak var delegate: (any UIPageViewControllerDelegate)?
    /// The points between pages while they move (scroll style).
    private let interPageSpacing: CGFloat

    /// The controller shown (one: Lamina shows one page at a time).
    open var viewControllers: [UIViewController]? { current.map { [$0] } }
    /// The recognizers that turn pages (the pan).
    open var gestureRecognizers: [UIGestureRecognizer] { [pan] }

    private var current: UIViewController?
    private let pageContainer = UIView()
    private var indicator: UIPageControl?
    /// A turn being dragged: the page coming in and the direction.
    private var dragging: (page: UIViewController, direction: NavigationDirection)?
    private var turning = false

    private lazy var pan: UIPanGestureRecognizer = {
        let pan = UIPanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        pan.addHandler { [weak self] recognizer in self?.handlePan(recognizer) }
        return pan
    }()

    public init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                options: [OptionsKey: Any]? = nil) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        let spine = (options?[.spineLocation] as? NSNumber).flatMap { SpineLocation(rawValue: $0.intValue) }
        spineLocation = style == .pageCurl ? (spine ?? .min) : .none
        let spacing = (options?[.interPageSpacing] as? NSNumber)?.doubleValue ?? (options?[.interPageSpacing] as? Double) ?? 0
        interPageSpacing = spacing.isFinite ? Swift.max(0, CGFloat(spacing)) : 0
        super.init(nibName: nil, bundle: nil)
    }

    /// A page view controller from a storyboard: its transition style, orientation, spine and
    /// page spacing come from the coder; its pages come from its data source or
    /// `setViewControllers(_:direction:animated:completion:)`, as on iOS.
    public required init?(coder: NSCoder) {
        let ib = coder as? IBCoder
        transitionStyle = ib?.string("transitionStyle") == "pageCurl" ? .pageCurl : .scroll
        navigationOrientation = ib?.string("navigationOrientation") == "vertical" ? .vertical : .horizontal
        switch ib?.string("spineLocation") {
        case "mid": spineLocation = transitionStyle == .pageCurl ? .mid : .none
        case "max": spineLocation = transitionStyle == .pageCurl ? .max : .none
        default: spineLocation = transitionStyle == .pageCurl ? .min : .none
        }
        let spacing = ib?.number("pageSpacing") ?? 0
        interPageSpacing = spacing.isFinite ? Swift.max(0, spacing) : 0
        super.init(coder: coder)
    }

    open override func loadView() {
        let root = UIView()
        pageContainer.clipsToBounds = true
        root.addSubview(pageContainer)
        root.addGestureRecognizer(pan)
        view = root
        if let current { show(current) }
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        pageContainer.frame = view.bounds
        if !turning, dragging == nil { current?.viewIfLoaded?.frame = pageContainer.bounds }
        if let indicator {
            let size = indicator.sizeThatFits(view.bounds.size)
            indicator.frame = CGRect(x: 0, y: view.bounds.height - view.safeAreaInsets.bottom - size.height,
                                     width: view.bounds.width, height: size.height)
        }
    }

    // MARK: Turning in code

    /// Shows `viewControllers` (its first), sliding it in from the trailing edge (`.forward`)
    /// or the leading edge (`.reverse`) when animated; `completion` gets whether it finished.
    open func setViewControllers(_ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
                                 completion: ((Bool) -> Void)? = nil) {
        guard let next = viewControllers?.first else { return }
        guard next !== current else {
            completion?(true)
            return
        }
        let previous = current
        guard animated, let previous, isViewLoaded, view.window != nil, !turning else {
            if let previous { hide(previous) }
            current = next
            if isViewLoaded { show(next) }
            updateIndicator()
            completion?(true)
            return
        }
        show(next, offset: offset(for: direction))
        slide(from: previous, to: next, direction: direction, completes: true) { finished in
            completion?(finished)
        }
    }

    // MARK: Swiping

    private func handlePan(_ recognizer: UIGestureRecognizer) {
        guard let pan = recognizer as? UIPanGestureRecognizer, let current, !turning else { return }
        let length = pageLength
        let travel = navigationOrientation == .horizontal ? pan.translation(in: view).x : pan.translation(in: view).y
        switch pan.state {
        case .began, .changed:
            // Dragging towards the leading edge brings the next page, towards the trailing the previous.
            let direction: NavigationDirection = travel < 0 ? .forward : .reverse
            if dragging?.direction != direction {
                if let old = dragging?.page { hide(old) }
                dragging = nil
                let page = direction == .forward ? dataSource?.pageViewController(self, viewControllerAfter: current)
                    : dataSource?.pageViewController(self, viewControllerBefore: current)
                if let page {
                    delegate?.pageViewController(self, willTransitionTo: [page])
                    show(page, offset: offset(for: direction))
                    dragging = (page, direction)
                }
            }
            // With no page that way, the page moves a third as far (a rubber band).
            let moved = dragging == nil ? travel / 3 : travel
            place(current, at: moved)
            if let dragging { place(dragging.page, at: moved + offset(for: dragging.direction)) }
        case .ended, .cancelled, .failed:
            guard let (page, direction) = dragging else {
                UIView.animate(withDuration: 0.25) { self.place(current, at: 0) }
                return
            }
            dragging = nil
            let velocity = navigationOrientation == .horizontal ? pan.velocity(in: view).x : pan.velocity(in: view).y
            let towards = direction == .forward ? -travel : travel
            let flick = direction == .forward ? -velocity : velocity
            let completes = pan.state == .ended && (flick > 500 || (towards > length / 2 && flick > -500))
            slide(from: current, to: page, direction: direction, completes: completes) { [weak self] finished in
                guard let self else { return }
                self.delegate?.pageViewController(self, didFinishAnimating: finished, previousViewControllers: [current],
                                                  transitionCompleted: completes)
            }
        default:
            break
        }
    }

    /// Animates the turn to `page` (or back, when it does not complete), then keeps one page.
    private func slide(from old: UIViewController, to page: UIViewController, direction: NavigationDirection, completes: Bool,
                       completion: @escaping (Bool) -> Void) {
        turning = true
        let incoming = offset(for: direction)
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut], animations: {
            if completes {
                self.place(old, at: -incoming)
                self.place(page, at: 0)
            } else {
                self.place(old, at: 0)
                self.place(page, at: incoming)
            }
        }, completion: { finished in
            self.turning = false
            if completes {
                self.hide(old)
                self.current = page
            } else {
                self.hide(page)
            }
            self.current?.viewIfLoaded?.frame = self.pageContainer.bounds
            self.updateIndicator()
            completion(finished)
        })
    }

    // MARK: Pages

    /// How far a page moves for one turn: its length along the axis plus the spacing.
    private var pageLength: CGFloat {
        let b = pageContainer.bounds
        return (navigationOrientation == .horizontal ? b.width : b.height) + interPageSpacing
    }

    /// Where a page coming in `direction` waits: beyond the trailing edge for forward.
    private func offset(for direction: NavigationDirection) -> CGFloat {
        var sign: CGFloat = direction == .forward ? 1 : -1
        if navigationOrientation == .horizontal, view.effectiveUserInterfaceLayoutDirection == .rightToLeft { sign = -sign }
        return sign * pageLength
    }

    private func place(_ page: UIViewController, at offset: CGFloat) {
        let b = pageContainer.bounds
        page.viewIfLoaded?.frame = navigationOrientation == .horizontal ? b.offsetBy(dx: offset, dy: 0) : b.offsetBy(dx: 0, dy: offset)
    }

    private func show(_ page: UIViewController, offset: CGFloat = 0) {
        if page.parent !== self { addChild(page) }
        let pageView: UIView = page.view
        pageContainer.addSubview(pageView)
        place(page, at: offset)
        page.didMove(toParent: self)
    }

    private func hide(_ page: UIViewController) {
        page.willMove(toParent: nil)
        page.viewIfLoaded?.removeFromSuperview()
        page.removeFromParent()
    }

    // MARK: The page indicator

    /// Dots for a scrolling page controller whose data source counts its pages.
    private func updateIndicator() {
        let count = transitionStyle == .scroll ? dataSource?.presentationCount(for: self) ?? -1 : -1
        guard count > 0, isViewLoaded else {
            indicator?.removeFromSuperview()
            indicator = nil
            return
        }
        let dots = indicator ?? {
            let made = UIPageControl()
            made.isUserInteractionEnabled = false
            view.addSubview(made)
            indicator = made
            return made
        }()
        dots.numberOfPages = count
        dots.currentPage = dataSource?.presentationIndex(for: self) ?? 0
        view.setNeedsLayout()
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        updateIndicator()
    }
}
