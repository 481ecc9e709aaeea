import Testing
import UIKit

/// A navigation controller's toolbar and the navigation bar's background and shadow images, as
/// pre-iOS 13 code styles them.
@MainActor
@Suite struct NavigationToolbarTests {
    @Test func theToolbarShowsTheTopControllersItems() throws {
        let list = UIViewController()
        var shared = 0
        let share = UIBarButtonItem(title: "Share", primaryAction: UIAction { _ in shared += 1 })
        list.toolbarItems = [.flexibleSpace(), share, .fixedSpace(20), UIBarButtonItem(systemItem: .add)]
        let navigation = UINavigationController(rootViewController: list)
        #expect(navigation.isToolbarHidden)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let fullHeight = list.view.frame.height
        navigation.setToolbarHidden(false, animated: false)
        window.layoutIfNeeded()
        let toolbar = try #require(navigation.toolbar)
        #expect(toolbar.superview === navigation.view && !toolbar.isHidden)
        #expect(toolbar.frame.maxY == 844 && toolbar.frame.height >= 44)
        #expect(toolbar.items?.count == 4)
        // The content stops at the toolbar.
        #expect(list.view.frame.height == fullHeight - 44)
        #expect(list.view.frame.maxY == toolbar.frame.minY)
        // The flexible space pushes the buttons to the trailing edge; tapping one runs its action.
        toolbar.layoutIfNeeded()
        let buttons = toolbar.subviews.filter { $0.frame.width > 0 && $0.bounds.height == 44 }
        #expect(buttons.count == 2)
        let last = try #require(buttons.max { $0.frame.maxX < $1.frame.maxX })
        #expect(abs(last.frame.maxX - (390 - 16)) < 0.5)
        let shareButton = try #require(buttons.min { $0.frame.minX < $1.frame.minX })
        window.tap(at: shareButton.convert(CGPoint(x: shareButton.bounds.midX, y: shareButton.bounds.midY), to: window))
        #expect(shared == 1)
        // A pushed controller's items replace them.
        let detail = UIViewController()
        detail.setToolbarItems([UIBarButtonItem(title: "Done", style: .done, target: nil, action: nil)], animated: false)
        navigation.pushViewController(detail, animated: false)
        #expect(toolbar.items?.count == 1)
        navigation.isToolbarHidden = true
        window.layoutIfNeeded()
        #expect(toolbar.isHidden)
        window.isHidden = true
    }

    @Test func anEmptyBackgroundAndShadowImageMakeTheBarClear() {
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(bar.backgroundImage(for: .default) == nil && bar.shadowImage == nil)
        let clear = UIImage()
        bar.setBackgroundImage(clear, for: .default)
        bar.shadowImage = clear
        #expect(bar.backgroundImage(for: .default) === clear)
        #expect(bar.backgroundColor == .clear)
        bar.layoutIfNeeded()
        let image = UIGraphicsImageRenderer(size: CGSize(width: 390, height: 46)).image { bar.layer.render(in: $0.cgContext) }
        let pixels = image.cgImage?.dataProvider?.data as Data?
        // Nothing drawn: no background, no hairline below.
        #expect(pixels?.allSatisfy { $0 == 0 } == true)
    }
}
