import LaminaPlatform
import LaminaTestSupport
import Testing
import UIKit

/// UIVisualEffectView: a real blur of what lies behind it, the same in the compositor's
/// frames (whole and damage-only) as in `render(in:)`, and its look in light and dark.
@MainActor
@Suite struct UIVisualEffectViewTests {
    /// A 120 × 80 window: black on the left half, white on the right, a blur view over the
    /// middle.
    private func stripes(_ effect: UIVisualEffect?) -> (UIWindow, UIVisualEffectView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
        window.backgroundColor = .white
        let black = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 80))
        black.backgroundColor = .black
        window.addSubview(black)
        let blur = UIVisualEffectView(effect: effect)
        blur.frame = CGRect(x: 20, y: 20, width: 80, height: 40)
        window.addSubview(blur)
        return (window, blur)
    }

    /// The red channel along row `y` (points) at 1× of `window` rendered by `render(in:)`.
    private func row(_ window: UIWindow, y: Int) throws -> [Int] {
        window.isHidden = false
        defer { window.isHidden = true }
        let ctx = ReferenceImage.layerCanvas(window.bounds.size, scale: 1)
        window.layer.render(in: ctx)
        let pixels = ReferenceImage.pixels(of: try #require(ctx.makeImage()))
        return (0..<120).map { Int(pixels[(y * 120 + $0) * 4]) }
    }

    @Test func theBackdropIsBlurredInsideTheViewOnly() throws {
        let (window, _) = stripes(UIBlurEffect(style: .systemUltraThinMaterialDark))
        let inside = try row(window, y: 40)
        // Inside, the edge between black and white is a ramp over many pixels.
        let ramp = (20..<100).filter { inside[$0] > 20 && inside[$0] < 200 }
        #expect(ramp.count > 10)
        #expect(inside[40] < inside[59] && inside[59] < inside[61] && inside[61] < inside[80])
        // Outside the view, the edge stays sharp.
        let outside = try row(window, y: 5)
        #expect(outside[59] == 0 && outside[60] == 255)
        // Without an effect the view shows nothing of its own.
        let (plain, view) = stripes(nil)
        #expect(try row(plain, y: 40)[59] == 0)
        view.effect = UIBlurEffect(style: .systemMaterial)
        #expect(try row(plain, y: 40)[59] > 0)
    }

    @Test(arguments: TestBackend.allCases)
    func compositorFramesMatchRenderIn(_ backend: TestBackend) throws {
        try backend.installed {
            let clock = CAMediaClock(manualTime: 1000)
            try clock.withCurrent {
            let (window, _) = stripes(UIBlurEffect(style: .systemThinMaterial))
            let marker = UIView(frame: CGRect(x: 2, y: 30, width: 10, height: 10))
            marker.backgroundColor = .systemRed
            window.insertSubview(marker, at: 1)
            window.makeKeyAndVisible()
            window.renderFrame(atTime: clock.time)
            let surface = try #require(window.surface)
            #expect(ReferenceImage.pixels(of: try #require(surface.shownImage)) == expected(window))
            // A change behind the blur, just outside it but within its reach: the blurred
            // area repaints with it.
            UIView.performWithoutAnimation { marker.frame.origin.x = 8 }
            let damage = window.renderFrame(atTime: clock.time)
            #expect(damage.contains(CGRect(x: 20, y: 20, width: 80, height: 40)))
            #expect(ReferenceImage.pixels(of: try #require(surface.shownImage)) == expected(window))
            window.isHidden = true
            }
        }
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func effectViewsLookRight(_ style: UIUserInterfaceStyle) throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        window.overrideUserInterfaceStyle = style
        window.backgroundColor = .systemBackground
        for (i, color) in [UIColor.systemRed, .systemOrange, .systemGreen, .systemBlue, .systemPurple].enumerated() {
            let bar = UIView(frame: CGRect(x: CGFloat(i) * 60, y: 0, width: 30, height: 200))
            bar.backgroundColor = color
            window.addSubview(bar)
        }
        let title = UILabel(frame: CGRect(x: 20, y: 80, width: 260, height: 40))
        title.text = "Behind the glass"
        title.font = .systemFont(ofSize: 30, weight: .bold)
        window.addSubview(title)
        for (i, effect) in [UIBlurEffect.Style.systemUltraThinMaterial, .systemMaterial, .systemThickMaterial].enumerated() {
            let glass = UIVisualEffectView(effect: UIBlurEffect(style: effect))
            glass.frame = CGRect(x: 16 + CGFloat(i) * 92, y: 60, width: 84, height: 80)
            glass.layer.cornerRadius = 12
            glass.clipsToBounds = true
            let label = UILabel(frame: CGRect(x: 8, y: 52, width: 70, height: 20))
            label.text = ["Thin", "Regular", "Thick"][i]
            label.font = .systemFont(ofSize: 13, weight: .semibold)
            glass.contentView.addSubview(label)
            window.addSubview(glass)
        }
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let image = try controlSnapshot(window)
        let message = ReferenceImage.mismatch(image, suite: "UIVisualEffectViewTests", name: "materials-\(style == .dark ? "dark" : "light")")
        #expect(message == nil, Comment(rawValue: message ?? ""))
        window.isHidden = true
    }
}
