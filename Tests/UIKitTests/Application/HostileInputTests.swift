import Foundation
import Testing
import UIKit

/// Inputs that outside probes found trapping: each now gives a clear nil, draws nothing, or
/// is clamped, and never crashes or hangs.
@MainActor
@Suite struct HostileInputTests {
    @Test func nonFiniteHueSaturationAndBrightnessCountAsZero() {
        let color = UIColor(hue: .nan, saturation: .infinity, brightness: 1, alpha: 1)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        #expect(color.getRed(&r, green: &g, blue: &b, alpha: &a))
        // Hue 0 and saturation 0 at full brightness: white.
        #expect(r == 1 && g == 1 && b == 1 && a == 1)
    }

    @Test func aHugeWindowHasNoSurfaceAndDrawsNothing() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1e30, height: 1e30))
        window.makeKeyAndVisible()
        #expect(window.renderedImage(atTime: 0) == nil)
        #expect(window.surface == nil)
        window.isHidden = true
    }

    @Test func infiniteViewGeometryDrawsNothingAndHitTestsNothing() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let wild = UIView(frame: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1e300))
        wild.backgroundColor = .red
        window.addSubview(wild)
        window.makeKeyAndVisible()
        let image = window.renderedImage(atTime: 0)
        #expect(image != nil)
        #expect(window.hitTest(CGPoint(x: 5, y: 5), with: nil) !== wild)
        window.isHidden = true
    }

    @Test func anOverflowingRowLengthIsRefused() {
        let provider = CGDataProvider(data: Data(count: 100) as CFData)!
        let image = CGImage(width: 10, height: 10, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: Int.max / 2,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                            provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        #expect(image == nil)
    }

    @Test func discreteKeyframesWithAnOvershootingCurveStayOnTheirValues() {
        withManualClock { clock in
            let layer = CALayer()
            CATransaction.flush()
            let steps = CAKeyframeAnimation(keyPath: "position.x")
            steps.values = [0, 10, 20, 30]
            steps.calculationMode = .discrete
            steps.duration = 1
            // An ease-in-back curve dips below 0 and an ease-out-back one rises above 1.
            steps.timingFunction = CAMediaTimingFunction(controlPoints: 0.6, -0.28, 0.735, 0.045)
            layer.add(steps, forKey: "steps")
            let blink = CAKeyframeAnimation(keyPath: "opacity")
            blink.values = [0, 1]
            blink.calculationMode = .discrete
            blink.duration = 1
            blink.timingFunction = CAMediaTimingFunction(controlPoints: 0.175, 0.885, 0.32, 1.275)
            layer.add(blink, forKey: "blink")
            CATransaction.flush()
            var seen: Set<CGFloat> = []
            for _ in 0..<99 {
                clock.advance(by: 0.01)
                if let x = layer.presentation()?.position.x { seen.insert(x) }
            }
            #expect(seen.isSubset(of: [0, 10, 20, 30]))
            #expect(seen.contains(0))
        }
    }

    @Test func startingStoppingAndResizingACompositingWindowNeitherAbortsNorHangs() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        card.backgroundColor = .blue
        window.addSubview(card)
        window.makeKeyAndVisible()
        for i in 0..<16 {
            window.startCompositing(on: .main)
            UIView.animate(withDuration: 1) { card.center.x = CGFloat(10 + i) }
            window.frame = CGRect(x: 0, y: 0, width: 60 + i, height: 60)
            window.renderFrame()
            window.stopCompositing()
            #expect(!window.isCompositing)
            window.renderFrame()
        }
        #expect(window.surface?.pixelWidth == 75 * Int(window.screen.scale))
        window.isHidden = true
    }
}
