import LaminaTestSupport
import Testing
import UIKit

@MainActor
final class CityList: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Cities"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "city")
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "city", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = "City \(indexPath.row + 1)"
        cell.contentConfiguration = content
        return cell
    }
}

/// Large navigation titles: the taller bar, the list under it, collapsing as the list
/// scrolls, and items that say `.never`.
@MainActor
@Suite struct LargeTitleTests {
    private func withList(_ body: (UIWindow, UINavigationController, CityList) throws -> Void) rethrows {
        let clock = CAMediaClock(manualTime: 1000)
        try clock.withCurrent {
            let list = CityList(style: .plain)
            let navigation = UINavigationController(rootViewController: list)
            navigation.navigationBar.prefersLargeTitles = true
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            try body(window, navigation, list)
            window.isHidden = true
            CATransaction.flush()
        }
    }

    @Test func aLargeTitleBarIsNinetySixPointsOverTheListUnderIt() {
        withList { _, navigation, list in
            #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 0, width: 390, height: 96))
            // The list runs under the bar; its safe area and content inset keep rows clear.
            #expect(list.tableView.frame == CGRect(x: 0, y: 0, width: 390, height: 600))
            #expect(list.view.safeAreaInsets.top == 96)
            #expect(list.tableView.adjustedContentInset.top == 96)
            #expect(list.tableView.contentOffset.y == -96)
            let first = list.tableView.cellForRow(at: IndexPath(row: 0, section: 0))
            #expect(first.map { list.tableView.convert($0.frame, to: nil).minY } == 96)
        }
    }

    @Test func scrollingCollapsesTheLargeTitle() {
        withList { window, navigation, list in
            list.tableView.contentOffset = CGPoint(x: 0, y: -96 + 30)
            window.layoutIfNeeded()
            #expect(navigation.navigationBar.frame.height == 66)
            list.tableView.contentOffset = CGPoint(x: 0, y: 200)
            window.layoutIfNeeded()
            #expect(navigation.navigationBar.frame.height == 44)
            // Pulled down past the top, the large area grows.
            list.tableView.contentOffset = CGPoint(x: 0, y: -96 - 20)
            window.layoutIfNeeded()
            #expect(navigation.navigationBar.frame.height == 116)
        }
    }

    @Test func anItemThatSaysNeverShowsAStandardBar() {
        withList { window, navigation, _ in
            let detail = UIViewController()
            detail.navigationItem.largeTitleDisplayMode = .never
            navigation.pushViewController(detail, animated: false)
            window.layoutIfNeeded()
            #expect(navigation.navigationBar.frame.height == 44)
            #expect(detail.view.frame == CGRect(x: 0, y: 44, width: 390, height: 556))
            #expect(detail.view.safeAreaInsets == .zero)
            // An automatic item above follows the one below it.
            let more = UIViewController()
            navigation.pushViewController(more, animated: false)
            window.layoutIfNeeded()
            #expect(navigation.navigationBar.frame.height == 44)
            _ = navigation.popToRootViewController(animated: false)
            window.layoutIfNeeded()
            #expect(navigation.navigationBar.frame.height == 96)
        }
    }

    @Test func withoutPrefersLargeTitlesNothingChanges() {
        withList { window, navigation, list in
            navigation.navigationBar.prefersLargeTitles = false
            window.layoutIfNeeded()
            #expect(navigation.navigationBar.frame.height == 44)
            #expect(list.tableView.frame == CGRect(x: 0, y: 44, width: 390, height: 556))
            #expect(list.tableView.adjustedContentInset.top == 0 && list.tableView.contentOffset.y == 0)
        }
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func largeTitlesLookRight(_ style: UIUserInterfaceStyle) throws {
        try withList { window, _, list in
            window.overrideUserInterfaceStyle = style
            window.layoutIfNeeded()
            let format = UIGraphicsImageRendererFormat()
            format.scale = 2
            func snapshot() throws -> CGImage {
                try #require(UIGraphicsImageRenderer(size: CGSize(width: 390, height: 260), format: format)
                    .image { window.layer.render(in: $0.cgContext) }.cgImage)
            }
            let suffix = style == .dark ? "dark" : "light"
            let expanded = ReferenceImage.mismatch(try snapshot(), suite: "LargeTitleTests", name: "large-\(suffix)")
            #expect(expanded == nil, Comment(rawValue: expanded ?? ""))
            list.tableView.contentOffset = CGPoint(x: 0, y: 100)
            window.layoutIfNeeded()
            let collapsed = ReferenceImage.mismatch(try snapshot(), suite: "LargeTitleTests", name: "collapsed-\(suffix)")
            #expect(collapsed == nil, Comment(rawValue: collapsed ?? ""))
        }
    }
}
