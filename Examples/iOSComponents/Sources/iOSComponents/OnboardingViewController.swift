import UIKit

/// One onboarding page: a symbol, a headline and a line of text, centred with anchors.
public final class OnboardingPageViewController: UIViewController {
    public let symbolName: String
    public let headline: String
    public let detail: String

    public init(symbolName: String, headline: String, detail: String) {
        self.symbolName = symbolName
        self.headline = headline
        self.detail = detail
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let icon = UIImageView(image: UIImage(systemName: symbolName, withConfiguration: UIImage.SymbolConfiguration(pointSize: 44, weight: .semibold)))
        icon.tintColor = Theme.shared.accent
        let title = UILabel()
        title.text = headline
        title.font = .systemFont(ofSize: 24, weight: .bold)
        let body = UILabel()
        body.text = detail
        body.font = .systemFont(ofSize: 15)
        body.textColor = .secondaryLabel
        body.numberOfLines = 0
        body.textAlignment = .center
        let stack = UIStackView(arrangedSubviews: [icon, title, body])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -30),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }
}

/// Three onboarding pages in a page view controller with dots, and a Continue button with
/// legacy edge insets (an arrow image after the title) that turns to the next page.
public final class OnboardingViewController: UIViewController, UIPageViewControllerDataSource {
    public let pages = [
        OnboardingPageViewController(symbolName: "star", headline: "Welcome", detail: "Everything you save shows up here."),
        OnboardingPageViewController(symbolName: "bell", headline: "Stay in the loop", detail: "Turn on alerts for the things you follow."),
        OnboardingPageViewController(symbolName: "heart", headline: "Make it yours", detail: "Pick favourites to see them first."),
    ]
    public let pageController = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
    public let continueButton = UIButton(type: .system)

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        pageController.dataSource = self
        pageController.setViewControllers([pages[0]], direction: .forward, animated: false)
        addChild(pageController)
        pageController.view.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(pageController.view)
        pageController.didMove(toParent: self)

        continueButton.setTitle("Continue", for: .normal)
        continueButton.setImage(UIImage(systemName: "chevron.right"), for: .normal)
        continueButton.titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold)
        continueButton.tintColor = .white
        continueButton.backgroundColor = Theme.shared.accent
        continueButton.layer.cornerRadius = 12
        continueButton.contentEdgeInsets = UIEdgeInsets(top: 12, left: 28, bottom: 12, right: 28)
        // The image after the title, 8 points apart: the usual pair of opposite insets.
        let titleWidth = continueButton.titleLabel?.intrinsicContentSize.width ?? 0
        let imageWidth = continueButton.imageView?.image?.size.width ?? 0
        continueButton.imageEdgeInsets = UIEdgeInsets(top: 0, left: titleWidth + 8, bottom: 0, right: -(titleWidth + 8))
        continueButton.titleEdgeInsets = UIEdgeInsets(top: 0, left: -imageWidth, bottom: 0, right: imageWidth)
        continueButton.addAction(UIAction { [weak self] _ in self?.showNextPage() }, for: .touchUpInside)
        continueButton.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(continueButton)

        NSLayoutConstraint.activate([
            pageController.view.topAnchor.constraint(equalTo: view.topAnchor),
            pageController.view.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            pageController.view.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            pageController.view.bottomAnchor.constraint(equalTo: continueButton.topAnchor, constant: -16),
            continueButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            continueButton.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -24),
        ])
    }

    public func showNextPage() {
        guard let current = pageController.viewControllers?.first,
              let next = pageViewController(pageController, viewControllerAfter: current) else { return }
        pageController.setViewControllers([next], direction: .forward, animated: true)
    }

    // MARK: UIPageViewControllerDataSource

    public func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController? {
        guard let index = pages.firstIndex(where: { $0 === viewController }), index > 0 else { return nil }
        return pages[index - 1]
    }

    public func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? {
        guard let index = pages.firstIndex(where: { $0 === viewController }), index < pages.count - 1 else { return nil }
        return pages[index + 1]
    }

    public func presentationCount(for pageViewController: UIPageViewController) -> Int {
        pages.count
    }

    public func presentationIndex(for pageViewController: UIPageViewController) -> Int {
        pageViewController.viewControllers?.first.flatMap { shown in pages.firstIndex(where: { $0 === shown }) } ?? 0
    }
}

/// The app's tabs: onboarding under a house symbol, settings under a gear.
public final class OnboardingTabBarController: UITabBarController {
    public let onboarding = OnboardingViewController()

    public override func viewDidLoad() {
        super.viewDidLoad()
        onboarding.tabBarItem = UITabBarItem(title: "Home", image: UIImage(systemName: "house"), selectedImage: UIImage(systemName: "house.fill"))
        let settings = SettingsViewController()
        settings.tabBarItem = UITabBarItem(title: "Settings", image: UIImage(systemName: "gearshape"), tag: 1)
        viewControllers = [onboarding, settings]
    }
}
