#if os(Linux)
import LaminaSnapshotTesting
#else
import SnapshotTesting
#endif
import SnapshotScreens
import Testing
import UIKit

/// The team's screens on the devices they ship to, light and dark, at the default and an
/// accessibility text size. References are in `__Snapshots__/ScreenSnapshotTests/`.
@MainActor
@Suite struct ScreenSnapshotTests {
    @Test func loginOnIPhone13() {
        assertSnapshot(of: LoginViewController(), as: .image(on: .iPhone13))
    }

    @Test func loginOnIPhoneSeAndLandscape() {
        let login = LoginViewController()
        assertSnapshot(of: login, as: .image(on: .iPhoneSe), named: "portrait")
        assertSnapshot(of: login, as: .image(on: .iPhone13(.landscape)), named: "landscape")
    }

    @Test func loginInDarkMode() {
        assertSnapshot(of: LoginViewController(), as: .image(on: .iPhone13, traits: .init(userInterfaceStyle: .dark)))
    }

    @Test func loginAtAccessibilityTextSize() {
        assertSnapshot(of: LoginViewController(),
                       as: .image(on: .iPhone13, traits: .init(preferredContentSizeCategory: .accessibilityExtraLarge)))
    }

    @Test func contactsInANavigationController() {
        let navigation = UINavigationController(rootViewController: ContactsViewController())
        navigation.navigationBar.prefersLargeTitles = true
        assertSnapshot(of: navigation, as: .image(on: .iPhone13))
    }

    @Test func contactsOnIPadInSplitView() {
        let navigation = UINavigationController(rootViewController: ContactsViewController())
        assertSnapshots(of: navigation, as: [
            "full": .image(on: .iPadPro11),
            "oneThird": .image(on: .iPadPro11(.landscape(splitView: .oneThird))),
        ])
    }

    @Test func profileCard() {
        let card = ProfileCardView(name: "Grace Hopper", role: "Rear Admiral, COBOL")
        assertSnapshot(of: card, as: .image(traits: .init(displayScale: 2)))
        assertSnapshot(of: card, as: .image(size: CGSize(width: 375, height: 120), traits: .init(displayScale: 2)))
    }

    @Test func profileCardHierarchy() {
        assertSnapshot(of: ProfileCardView(name: "Alan Turing", role: "Mathematician"), as: .recursiveDescription)
    }

    @Test func navigationHierarchy() {
        let tabs = UITabBarController()
        tabs.viewControllers = [UINavigationController(rootViewController: ContactsViewController()), LoginViewController()]
        assertSnapshot(of: tabs, as: .hierarchy)
    }
}
