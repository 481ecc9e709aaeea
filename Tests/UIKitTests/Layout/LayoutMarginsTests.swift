import Testing
import UIKit

/// Layout margins as iOS keeps them: defaults, the safe area, preserving a superview's margins,
/// the margins guide following changes, and guides an app adds.
@MainActor
@Suite struct LayoutMarginsTests {
    @Test func defaults() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.preservesSuperviewLayoutMargins == false)
        #expect(view.insetsLayoutMarginsFromSafeArea == true)
        #expect(view.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(view.layoutGuides.contains { $0 === view.layoutMarginsGuide })
    }

    @Test func aViewPinnedToTheMarginsFollowsNewDirectionalMargins() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(content)
        let margins = container.layoutMarginsGuide
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            content.topAnchor.constraint(equalTo: margins.topAnchor),
            content.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
        container.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 8, y: 8, width: 284, height: 184))
        container.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 20, leading: 30, bottom: 10, trailing: 40)
        container.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 30, y: 20, width: 230, height: 170))
        #expect(margins.layoutFrame == CGRect(x: 30, y: 20, width: 230, height: 170))
    }

    @Test func preservingTheSuperviewsMarginsWidensTheViewsOwn() {
        let outer = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        outer.layoutMargins = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
        let inner = UIView(frame: CGRect(x: 5, y: 0, width: 290, height: 100))
        outer.addSubview(inner)
        inner.layoutMargins = UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
        #expect(inner.layoutMargins.left == 4)
        inner.preservesSuperviewLayoutMargins = true
        // 20 from the superview's edge is 15 from this view's left edge and right edge.
        #expect(inner.layoutMargins == UIEdgeInsets(top: 4, left: 15, bottom: 4, right: 15))
        // A view further in than the superview's margins keeps its own.
        inner.frame = CGRect(x: 50, y: 0, width: 200, height: 100)
        #expect(inner.layoutMargins == UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
    }

    @Test func marginsAreMeasuredFromTheSafeArea() {
        let controller = UIViewController()
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 40, left: 0, bottom: 30, right: 0)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = controller
        let view = controller.view!
        view.layoutMargins = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        #expect(view.layoutMargins == UIEdgeInsets(top: 48, left: 16, bottom: 38, right: 16))
        view.insetsLayoutMarginsFromSafeArea = false
        #expect(view.layoutMargins == UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
    }

    @Test func aGuideAnAppAddsReportsWhereItsConstraintsPutIt() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let spacer = UILayoutGuide()
        view.addLayoutGuide(spacer)
        #expect(view.layoutGuides.contains { $0 === spacer })
        let label = UIView()
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            spacer.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10),
            spacer.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
            spacer.widthAnchor.constraint(equalToConstant: 50),
            spacer.heightAnchor.constraint(equalToConstant: 30),
            label.leadingAnchor.constraint(equalTo: spacer.trailingAnchor),
            label.topAnchor.constraint(equalTo: spacer.bottomAnchor),
            label.widthAnchor.constraint(equalToConstant: 40),
            label.heightAnchor.constraint(equalToConstant: 10),
        ])
        view.layoutIfNeeded()
        #expect(label.frame == CGRect(x: 60, y: 50, width: 40, height: 10))
        #expect(spacer.layoutFrame == CGRect(x: 10, y: 20, width: 50, height: 30))
        #expect(UILayoutGuide().layoutFrame == .zero)
    }
}
