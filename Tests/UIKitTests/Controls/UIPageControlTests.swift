import LaminaTestSupport
import Testing
import UIKit

/// UIPageControl: page counts and clamping, taps on either half turning a page (with the
/// paging scroll view it usually drives), and its look in both appearances.
@MainActor
@Suite struct UIPageControlTests {
    @Test func pagesAndTheCurrentOne() {
        let control = UIPageControl()
        #expect(control.numberOfPages == 0 && control.currentPage == 0 && !control.hidesForSinglePage)
        control.numberOfPages = 5
        #expect(control.intrinsicContentSize == CGSize(width: 80, height: 26))
        #expect(control.size(forNumberOfPages: 3) == CGSize(width: 48, height: 26))
        control.currentPage = 9
        #expect(control.currentPage == 4)
        control.currentPage = -2
        #expect(control.currentPage == 0)
        control.currentPage = 4
        control.numberOfPages = 2
        #expect(control.currentPage == 1)
        control.hidesForSinglePage = true
        control.numberOfPages = 1
        #expect(control.isHidden)
        control.numberOfPages = 3
        #expect(!control.isHidden)
    }

    @Test func tapsTurnPagesAndDriveAPagingScrollView() {
        withWindow { window, _ in
            let pages = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
            pages.isPagingEnabled = true
            pages.contentSize = CGSize(width: 800, height: 150)
            let control = UIPageControl(frame: CGRect(x: 0, y: 160, width: 200, height: 26))
            control.numberOfPages = 4
            control.addAction(UIAction { _ in
                pages.setContentOffset(CGPoint(x: CGFloat(control.currentPage) * 200, y: 0), animated: false)
            }, for: .valueChanged)
            window.addSubview(pages)
            window.addSubview(control)
            var changes = 0
            control.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
            window.tap(at: CGPoint(x: 180, y: 173))
            window.tap(at: CGPoint(x: 180, y: 173))
            #expect(control.currentPage == 2 && pages.contentOffset.x == 400)
            window.tap(at: CGPoint(x: 20, y: 173))
            #expect(control.currentPage == 1 && pages.contentOffset.x == 200)
            // At the first page a tap on the leading half changes nothing.
            control.currentPage = 0
            window.tap(at: CGPoint(x: 20, y: 173))
            #expect(control.currentPage == 0 && changes == 3)
        }
    }

    private func states(_ style: UIUserInterfaceStyle) throws -> CGImage {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 140, height: 62))
        root.overrideUserInterfaceStyle = style
        root.backgroundColor = .systemBackground
        let plain = UIPageControl(frame: CGRect(x: 0, y: 4, width: 140, height: 26))
        plain.numberOfPages = 5
        plain.currentPage = 1
        let tinted = UIPageControl(frame: CGRect(x: 0, y: 32, width: 140, height: 26))
        tinted.numberOfPages = 3
        tinted.currentPage = 2
        tinted.currentPageIndicatorTintColor = .systemBlue
        tinted.pageIndicatorTintColor = .systemGray4
        root.addSubview(plain)
        root.addSubview(tinted)
        return try controlSnapshot(root)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func dotsLookRight(_ style: UIUserInterfaceStyle) throws {
        let message = ReferenceImage.mismatch(try states(style), suite: "UIPageControlTests", name: style == .dark ? "dots-dark" : "dots-light")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
