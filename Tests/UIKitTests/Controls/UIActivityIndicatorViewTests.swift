import LaminaTestSupport
import Testing
import UIKit

/// UIActivityIndicatorView: sizes by style, hidden while stopped, a wheel that steps an
/// eighth of a turn each eighth of a second, and its look in both appearances.
@MainActor
@Suite struct UIActivityIndicatorViewTests {
    @Test func stylesSizeTheWheel() {
        let medium = UIActivityIndicatorView(style: .medium)
        #expect(medium.bounds.size == CGSize(width: 20, height: 20))
        #expect(medium.intrinsicContentSize == CGSize(width: 20, height: 20))
        let large = UIActivityIndicatorView(style: .large)
        #expect(large.intrinsicContentSize == CGSize(width: 37, height: 37))
        #expect(UIActivityIndicatorView().style == .medium)
        #expect(medium.hidesWhenStopped && !medium.isAnimating && medium.isHidden)
        medium.color = .systemRed
        #expect(medium.color == .systemRed)
    }

    @Test func startingShowsAndSpinsStoppingHides() {
        withWindow { window, clock in
            let spinner = UIActivityIndicatorView(style: .large)
            window.addSubview(spinner)
            spinner.startAnimating()
            #expect(spinner.isAnimating && !spinner.isHidden)
            CATransaction.flush()
            let wheel = try! #require(spinner.layer.sublayers?.first)
            func turn() -> CGFloat { wheel.presentation()!.value(forKeyPath: "transform.rotation.z") as! CGFloat }
            // It steps: still at the start just before an eighth of a second, an eighth of a
            // turn just after.
            clock.advance(by: 0.12)
            #expect(abs(turn()) < 1e-9)
            clock.advance(by: 0.01)
            #expect(abs(turn() - .pi / 4) < 1e-9)
            clock.advance(by: 0.25)
            #expect(abs(turn() - 3 * .pi / 4) < 1e-9)
            spinner.stopAnimating()
            #expect(!spinner.isAnimating && spinner.isHidden)
            spinner.hidesWhenStopped = false
            #expect(!spinner.isHidden)
        }
    }

    private func states(_ style: UIUserInterfaceStyle) throws -> CGImage {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 150, height: 57))
        root.overrideUserInterfaceStyle = style
        root.backgroundColor = .systemBackground
        let spinners = [UIActivityIndicatorView(style: .medium), UIActivityIndicatorView(style: .large), UIActivityIndicatorView(style: .large)]
        spinners[2].color = .systemBlue
        for (index, spinner) in spinners.enumerated() {
            spinner.hidesWhenStopped = false
            spinner.center = CGPoint(x: 25 + CGFloat(index) * 50, y: 28.5)
            root.addSubview(spinner)
        }
        return try controlSnapshot(root)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theWheelLooksRight(_ style: UIUserInterfaceStyle) throws {
        let message = ReferenceImage.mismatch(try states(style), suite: "UIActivityIndicatorViewTests", name: style == .dark ? "styles-dark" : "styles-light")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
