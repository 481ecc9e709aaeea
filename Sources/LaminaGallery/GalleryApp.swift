import UIKit

/// The gallery as an app in a window: every page live, one at a time, with buttons and the
/// arrow keys to move between them and a frame-time overlay (the F key or the button).
/// `lamina-demo --window` runs it with `UIApplicationMain`.
@MainActor
public final class GalleryAppDelegate: UIResponder, UIApplicationDelegate {
    public var window: UIWindow?

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 560, height: 600))
        window.rootViewController = GalleryViewController()
        window.makeKeyAndVisible()
        self.window = window
        return true
    }

    /// Keys nobody took (no first responder, as after a form's last field ends editing)
    /// reach the app's delegate last: they still turn the gallery's pages.
    public override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard let gallery = window?.rootViewController as? GalleryViewController else { return }
        for press in presses { if let key = press.key { gallery.handle(key) } }
    }
}

/// The gallery's screen: a bar (previous, title, frame time, next) over the current page,
/// which is scaled down when it does not fit.
@MainActor
final class GalleryViewController: UIViewController {
    private let pages = GalleryScene.all()
    private(set) var index = 0
    private let bar = UIView()
    private let titleLabel = UILabel()
    private let previousButton = UIButton(type: .system)
    private let nextButton = UIButton(type: .system)
    private let overlayButton = UIButton(type: .system)
    private let content = KeyCatcher()
    private let overlay = UILabel()
    private var page: UIView?
    private var pageTimer: Timer?
    private var displayLink: CADisplayLink?
    private var frameTimes: [CFTimeInterval] = []

    override init(nibName nibNameOrNil: String? = nil, bundle nibBundleOrNil: Bundle? = nil) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        title = "Lamina gallery"
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.9, alpha: 1)
        bar.backgroundColor = .white
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        titleLabel.textAlignment = .center
        previousButton.setTitle("‹ Previous", for: .normal)
        nextButton.setTitle("Next ›", for: .normal)
        overlayButton.setTitle("Frame time", for: .normal)
        previousButton.addTarget(self, action: GalleryViewController.showPrevious, for: .touchUpInside)
        nextButton.addTarget(self, action: GalleryViewController.showNext, for: .touchUpInside)
        overlayButton.addTarget(self, action: GalleryViewController.toggleOverlay, for: .touchUpInside)
        for subview in [titleLabel, previousButton, nextButton, overlayButton] { bar.addSubview(subview) }
        content.clipsToBounds = true
        content.onKey = { [unowned self] key in self.handle(key) }
        overlay.font = .monospacedDigitSystemFont(ofSize: 12, weight: .medium)
        overlay.textColor = .white
        overlay.backgroundColor = UIColor(white: 0, alpha: 0.65)
        overlay.textAlignment = .center
        overlay.isHidden = true
        view.addSubview(content)
        view.addSubview(bar)
        view.addSubview(overlay)
        show(page: 0)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        bar.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 76)
        previousButton.frame = CGRect(x: 8, y: 8, width: 110, height: 32)
        nextButton.frame = CGRect(x: bounds.width - 118, y: 8, width: 110, height: 32)
        titleLabel.frame = CGRect(x: 120, y: 8, width: max(0, bounds.width - 240), height: 32)
        overlayButton.frame = CGRect(x: bounds.width / 2 - 60, y: 42, width: 120, height: 28)
        content.frame = CGRect(x: 0, y: 76, width: bounds.width, height: max(0, bounds.height - 76))
        overlay.frame = CGRect(x: bounds.width - 150, y: 84, width: 142, height: 22)
        fitPage()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        _ = content.becomeFirstResponder()
    }

    // MARK: Pages

    func showNext() { show(page: (index + 1) % pages.count) }
    func showPrevious() { show(page: (index + pages.count - 1) % pages.count) }

    /// Shows page `number`, live: the clock follows the time, animations run, the
    /// interaction page takes drags and taps.
    func show(page number: Int) {
        index = number
        pageTimer?.invalidate()
        pageTimer = nil
        page?.removeFromSuperview()
        let scene = pages[number]
        let made: UIView
        switch scene.name {
        case "1-clock": made = liveClock()
        case "5-animation-strip": made = LiveAnimations.makeView(under: scene.makeCaptionedView())
        case "14-interaction": made = liveInteraction(caption: scene.caption)
        default: made = scene.makeCaptionedView()
        }
        page = made
        content.addSubview(made)
        titleLabel.text = "\(number + 1) / \(pages.count)"
        fitPage()
        _ = content.becomeFirstResponder()
        SettingsScene.log?("page \(scene.name)")
        view.layoutIfNeeded()
        SettingsScene.reportTargets(in: made)
    }

    /// The page centred in the content area, scaled down to fit.
    private func fitPage() {
        guard let page else { return }
        let area = content.bounds.insetBy(dx: 12, dy: 12)
        let size = page.bounds.size
        guard size.width > 0, size.height > 0, area.width > 0, area.height > 0 else { return }
        let scale = min(1, area.width / size.width, area.height / size.height)
        page.transform = CGAffineTransform(scaleX: scale, y: scale)
        page.center = CGPoint(x: content.bounds.midX, y: content.bounds.midY)
    }

    /// The clock at the current time, its hands moved every second.
    private func liveClock() -> UIView {
        let scene = GalleryScene(name: "1-clock", caption: pages[0].caption) {
            let now = Calendar.current.dateComponents([.hour, .minute, .second], from: Date())
            return ClockScene.makeView(hour: now.hour ?? 0, minute: now.minute ?? 0, second: now.second ?? 0)
        }
        let captioned = scene.makeCaptionedView()
        guard let clock = captioned.subviews.first, clock.subviews.count == 4 else { return captioned }
        let hands = ClockHands(hour: clock.subviews[1], minute: clock.subviews[2], second: clock.subviews[3])
        hands.tick()
        pageTimer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in MainActor.assumeIsolated { hands.tick() } }
        return captioned
    }

    /// The interaction page's screen itself, to drag and tap with the pointer.
    private func liveInteraction(caption: String) -> UIView {
        let controller = InteractionScene.Controller()
        addChild(controller)
        controller.view.frame = CGRect(origin: .zero, size: InteractionScene.windowSize)
        let scene = GalleryScene(name: "14-interaction", caption: "Drag the card; tap the circle to change its colour.") {
            controller.view
        }
        return scene.makeCaptionedView()
    }

    // MARK: Keys and the overlay

    func handle(_ key: UIKey) {
        switch key.keyCode {
        case .keyboardRightArrow, .keyboardSpacebar: showNext()
        case .keyboardLeftArrow: showPrevious()
        default:
            if key.charactersIgnoringModifiers.lowercased() == "f" { toggleOverlay() }
        }
    }

    /// Shows or hides the frame-time overlay: the mean time between the last 30 frames the
    /// display link saw, and the rate it makes. Hidden, nothing ticks.
    func toggleOverlay() {
        if let displayLink {
            displayLink.invalidate()
            self.displayLink = nil
            overlay.isHidden = true
            return
        }
        frameTimes = []
        overlay.text = "…"
        overlay.isHidden = false
        let link = CADisplayLink(target: self, selector: GalleryViewController.frame)
        link.add(to: .main, forMode: .common)
        displayLink = link
    }

    func frame(_ link: CADisplayLink) {
        frameTimes.append(link.duration)
        if frameTimes.count > 30 { frameTimes.removeFirst(frameTimes.count - 30) }
        let mean = frameTimes.reduce(0, +) / Double(frameTimes.count)
        guard mean > 0 else { return }
        overlay.text = String(format: "%.1f ms · %.0f fps", mean * 1000, 1 / mean)
    }
}

/// The clock page's hands, set to the time of day.
@MainActor
final class ClockHands {
    let hour, minute, second: UIView

    init(hour: UIView, minute: UIView, second: UIView) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    func tick() {
        let now = Calendar.current.dateComponents([.hour, .minute, .second], from: Date())
        let h = CGFloat(now.hour ?? 0), m = CGFloat(now.minute ?? 0), s = CGFloat(now.second ?? 0)
        hour.transform = CGAffineTransform(rotationAngle: (h + m / 60) / 12 * 2 * .pi)
        minute.transform = CGAffineTransform(rotationAngle: m / 60 * 2 * .pi)
        second.transform = CGAffineTransform(rotationAngle: s / 60 * 2 * .pi)
    }
}

/// The content area, first responder for the arrow keys.
final class KeyCatcher: UIView {
    var onKey: ((UIKey) -> Void)?

    override var canBecomeFirstResponder: Bool { true }

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var handled = false
        for press in presses {
            if let key = press.key {
                onKey?(key)
                handled = true
            }
        }
        if !handled { super.pressesBegan(presses, with: event) }
    }
}

/// The animation page in a window: above the frozen strip, a square sliding back and forth
/// with `UIView.animate` and a layer turning forever with a `CABasicAnimation`.
@MainActor
enum LiveAnimations {
    static func makeView(under strip: UIView) -> UIView {
        let width = max(strip.bounds.width, 320)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: strip.bounds.height + 80))
        root.backgroundColor = .white
        let track = UIView(frame: CGRect(x: 10, y: 10, width: width - 20, height: 60))
        track.backgroundColor = UIColor(white: 0.95, alpha: 1)
        track.layer.cornerRadius = 8
        root.addSubview(track)
        let square = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        square.backgroundColor = .systemBlue
        square.layer.cornerRadius = 6
        track.addSubview(square)
        let spinner = CALayer()
        spinner.frame = CGRect(x: track.bounds.width - 50, y: 10, width: 40, height: 40)
        spinner.backgroundColor = UIColor.systemOrange.cgColor
        track.layer.addSublayer(spinner)
        strip.frame.origin = CGPoint(x: (width - strip.bounds.width) / 2, y: 80)
        root.addSubview(strip)
        UIView.animate(withDuration: 1.2, delay: 0, options: [.repeat, .autoreverse, .curveEaseInOut]) {
            square.center.x = track.bounds.width - 120
        }
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = 2 * Double.pi
        turn.duration = 2
        turn.repeatCount = .infinity
        spinner.add(turn, forKey: "turn")
        return root
    }
}
