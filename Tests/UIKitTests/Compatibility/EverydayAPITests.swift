import Foundation
import LaminaTestSupport
import Testing
import UIKit

/// The API nearly every iOS file touches, with iOS's values.
@MainActor
@Suite struct EverydayAPITests {
    @Test func colourLiteralsAndSemanticColours() {
        let literal = #colorLiteral(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        #expect(literal.getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect(abs(r - 0.2) < 1e-6 && abs(g - 0.4) < 1e-6 && abs(b - 0.6) < 1e-6 && a == 1)
        #expect(UIColor.systemBackground == UIColor(white: 1, alpha: 1))
        #expect(UIColor.label == UIColor(white: 0, alpha: 1))
        #expect(UIColor.secondaryLabel == UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6))
        #expect(UIColor.separator == UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29))
        #expect(UIColor.systemGray6 == UIColor(red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1))
        #expect(UIColor.secondarySystemBackground == UIColor.systemGray6)
        #expect(UIColor(named: "AccentColor") == nil)
    }

    @Test func dynamicColoursResolveWithTheTraits() {
        let accent = UIColor { traits in traits.userInterfaceStyle == .dark ? .white : .black }
        #expect(accent.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .white)
        #expect(accent.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)) == .black)
        #expect(UIColor(cgColor: accent.cgColor) == .black)
        UITraitCollection(userInterfaceStyle: .dark).performAsCurrent {
            #expect(UIColor(cgColor: accent.cgColor) == .white)
        }
        #expect(UITraitCollection.current.userInterfaceStyle == .light)
    }

    @Test func imagesEmptyTemplateAndJPEG() throws {
        let empty = UIImage()
        #expect(empty.size == .zero)
        #expect(empty.cgImage == nil)
        #expect(empty.pngData() == nil)
        let missing = #imageLiteral(resourceName: "no-such-image")
        #expect(missing.size == .zero)

        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10))
        let photo = renderer.image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let template = photo.withRenderingMode(.alwaysTemplate)
        #expect(template.renderingMode == .alwaysTemplate)
        #expect(photo.renderingMode == .automatic)
        #expect(template.size == photo.size)

        let jpeg = try #require(photo.jpegData(compressionQuality: 0.9))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try #require(UIImage(data: jpeg))
        #expect(decoded.size == CGSize(width: 20 * photo.scale, height: 10 * photo.scale))
        let small = try #require(photo.jpegData(compressionQuality: 0))
        #expect(small.count < jpeg.count)
        // JPEG has no alpha: the transparent right half comes out black, the left red.
        let cgImage = try #require(decoded.cgImage)
        let pixels = ReferenceImage.pixels(of: cgImage)
        let row = 5 * Int(photo.scale) * cgImage.width
        let leftIndex = (row + 2) * 4, rightIndex = (row + cgImage.width - 3) * 4
        let left: [UInt8] = Array(pixels[leftIndex..<leftIndex + 3])
        let right: [UInt8] = Array(pixels[rightIndex..<rightIndex + 3])
        #expect(left[0] > 240 && left[1] < 15 && left[2] < 15)
        #expect(right.allSatisfy { $0 < 15 })
    }

    @Test func roundedRectByCorners() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)
        let path = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 20, height: 5))
        let bounds = path.bounds
        #expect(abs(bounds.minX) < 1e-9 && abs(bounds.minY) < 1e-9 && abs(bounds.maxX - 100) < 1e-9 && abs(bounds.maxY - 60) < 1e-9)
        // Rounded corners cut their tip; square corners keep it.
        #expect(!path.contains(CGPoint(x: 1, y: 1)))
        #expect(!path.contains(CGPoint(x: 99, y: 59)))
        #expect(path.contains(CGPoint(x: 99, y: 1)))
        #expect(path.contains(CGPoint(x: 1, y: 59)))
        // The radius uses the width only and is clamped to half the shorter side.
        let pill = UIBezierPath(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 500, height: 500))
        #expect(pill.contains(CGPoint(x: 50, y: 1)))
        #expect(!pill.contains(CGPoint(x: 3, y: 3)))
    }

    @Test func geometryEqualityHelpers() {
        #expect(CGRect(x: 1, y: 2, width: 3, height: 4).equalTo(CGRect(x: 1, y: 2, width: 3, height: 4)))
        #expect(!CGSize(width: 1, height: 2).equalTo(CGSize(width: 2, height: 1)))
        #expect(CGPoint(x: 1, y: 1).equalTo(CGPoint(x: 1, y: 1)))
    }

    @Test func deviceDescribesAnIPhone() {
        let device = UIDevice.current
        #expect(device.model == "iPhone")
        #expect(device.systemName == "iOS")
        #expect(device.userInterfaceIdiom == .phone)
        #expect(device.orientation == .portrait)
        #expect(device.orientation.isPortrait && !device.orientation.isLandscape)
        #expect(device.batteryLevel == -1)
        device.beginGeneratingDeviceOrientationNotifications()
        #expect(device.isGeneratingDeviceOrientationNotifications)
        device.endGeneratingDeviceOrientationNotifications()
        #expect(!device.isGeneratingDeviceOrientationNotifications)
    }

    @Test func timingParametersDriveAnimators() {
        let cubic = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.1, y: 0.8), controlPoint2: CGPoint(x: 0.2, y: 1))
        #expect(cubic.timingCurveType == .cubic)
        #expect(UICubicTimingParameters(animationCurve: .linear).timingCurveType == .builtin)
        #expect(UICubicTimingParameters().animationCurve == .easeInOut)
        let spring = UISpringTimingParameters(dampingRatio: 0.7, initialVelocity: CGVector(dx: 0, dy: 2))
        #expect(spring.timingCurveType == .spring)
        #expect(spring.initialVelocity == CGVector(dx: 0, dy: 2))
        let animator = UIViewPropertyAnimator(duration: 0.4, timingParameters: spring)
        #expect(animator.duration == 0.4)
        #expect(animator.timingParameters === spring)
        withManualClock { clock in
            let view = committedView()
            let slide = UIViewPropertyAnimator(duration: 1, timingParameters: cubic)
            slide.addAnimations { view.center.x = 200 }
            slide.startAnimation()
            CATransaction.flush()
            clock.advance(by: 0.5)
            slide.pauseAnimation()
            slide.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 1)
            clock.advance(by: 1)
            #expect(view.layer.presentation()?.position.x == 200)
        }
    }

    @Test func buttonSubclassesInheritInitWithType() {
        final class PillButton: UIButton {
            var setUpCalls = 0
            override init(frame: CGRect) {
                super.init(frame: frame)
                setUpCalls += 1
            }
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        }
        let button = PillButton(type: .system)
        #expect(button.buttonType == .system)
        #expect(button.setUpCalls == 1)
        #expect(button.isAccessibilityElement)
        #expect(button.accessibilityTraits == .button)
        #expect(!UIView().isAccessibilityElement)
    }

    @Test func removeTargetStopsTheActions() {
        final class Handler {
            var taps = 0
            func tapped(_ recognizer: UITapGestureRecognizer) { taps += 1 }
        }
        let removed = Handler(), kept = Handler()
        let tap = UITapGestureRecognizer()
        tap.addTarget(removed, action: Handler.tapped)
        tap.addTarget(kept, action: Handler.tapped)
        tap.removeTarget(removed, action: Handler.tapped)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addGestureRecognizer(tap)
        window.isHidden = false
        withManualClock { clock in
            window.tap(at: CGPoint(x: 50, y: 50))
            clock.advance(by: 1)
            #expect(removed.taps == 0)
            #expect(kept.taps == 1)
            tap.removeTarget(nil, action: nil)
            window.tap(at: CGPoint(x: 50, y: 50))
            clock.advance(by: 1)
            #expect(kept.taps == 1)
        }
        window.isHidden = true
    }

    @Test func feedbackGeneratorsAcceptEveryCall() {
        let impact = UIImpactFeedbackGenerator(style: .heavy)
        #expect(impact.style == .heavy)
        #expect(UIImpactFeedbackGenerator().style == .medium)
        impact.prepare()
        impact.impactOccurred()
        impact.impactOccurred(intensity: 0.5)
        UISelectionFeedbackGenerator().selectionChanged()
        UINotificationFeedbackGenerator().notificationOccurred(.success)
    }

    @Test func accessibilityAnnouncementsAreRecorded() {
        UIAccessibility.post(notification: .announcement, argument: "Upload finished")
        let last = UIAccessibility.postedNotifications.last
        #expect(last?.notification == .announcement)
        #expect(last?.argument as? String == "Upload finished")
        #expect(!UIAccessibility.isVoiceOverRunning)
    }

    @Test func bezierPathsCopyIndependently() {
        let original = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        original.lineWidth = 3
        let copy = original.copy() as! UIBezierPath
        copy.addLine(to: CGPoint(x: 50, y: 50))
        #expect(copy.lineWidth == 3)
        #expect(original.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(copy.bounds == CGRect(x: 0, y: 0, width: 50, height: 50))
    }

    @Test func nibAndStatusBarOverridesAreHonoured() {
        final class Screen: UIViewController {
            var awoke = false
            override var prefersStatusBarHidden: Bool { true }
            override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
            override func awakeFromNib() {
                super.awakeFromNib()
                awoke = true
            }
        }
        let screen = Screen()
        screen.awakeFromNib()
        #expect(screen.awoke)
        #expect(screen.prefersStatusBarHidden)
        #expect(screen.preferredStatusBarStyle == .lightContent)
        #expect(UIViewController().preferredStatusBarStyle == .default)
        #expect(!UIViewController().prefersStatusBarHidden)
        #expect(UIViewController().supportedInterfaceOrientations == .allButUpsideDown)
        screen.setNeedsStatusBarAppearanceUpdate()

        let layer = CALayer()
        #expect(!layer.drawsAsynchronously)
        layer.drawsAsynchronously = true
        #expect(CALayer(layer: layer).drawsAsynchronously)
        #expect(HUGE == .infinity)
    }
}
