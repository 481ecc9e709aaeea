import UIKit

/// One screen holding every component, set up as an iOS screen is.
public final class ComponentsViewController: UIViewController {
    public let ring = RingProgressView(frame: CGRect(x: 24, y: 24, width: 120, height: 120))
    public let spinner = ActivitySpinnerView(frame: CGRect(x: 196, y: 44, width: 80, height: 80))
    public let shimmer = ShimmerView(frame: CGRect(x: 24, y: 170, width: 252, height: 28))
    public let card = SpringCardView(frame: CGRect(x: 24, y: 222, width: 252, height: 110))
    public private(set) var toast: ToastView?
    public private(set) var traitChanges = 0

    public override var prefersStatusBarHidden: Bool { true }
    public override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground

        let panel = Factory.makeCard(frame: CGRect(x: 12, y: 12, width: 276, height: 144))
        view.addSubview(panel)
        ring.progress = 0.7
        ring.frame = ring.frame.offsetBy(dx: -12, dy: -12)
        panel.addSubview(ring)
        spinner.tintColor = Theme.shared.warning
        spinner.frame = spinner.frame.offsetBy(dx: -12, dy: -12)
        panel.addSubview(spinner)

        view.addSubview(shimmer)
        view.addSubview(card)
        setNeedsStatusBarAppearanceUpdate()
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        spinner.startAnimating()
        shimmer.startShimmering()
        card.popIn()
        card.orbitBadge()
        toast = ToastView.show(in: view, frame: CGRect(x: 70, y: 350, width: 160, height: 36))
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        traitChanges += 1
    }
}
