import LaminaTestSupport
import Testing
import UIKit

/// A chain of views as deep as real screens never are but generated ones reach: added to a
/// window, drawn, changed at the bottom, converted through, and freed. (Hit-testing recurses
/// through each view's overridable `hitTest(_:with:)` on the main thread's stack, as on iOS;
/// it is checked on a chain of a depth apps reach.)
@MainActor
@Suite struct DeepViewTreeTests {
    @Test func aThousandDeepViewChainHitTests() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
        window.isHidden = false
        defer { window.isHidden = true }
        var parent: UIView = window
        for _ in 0..<1_000 {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            parent.addSubview(view)
            parent = view
        }
        #expect(window.hitTest(CGPoint(x: 30, y: 20), with: nil) === parent)
        #expect(window.hitTest(CGPoint(x: 60, y: 20), with: nil) === window)
    }

    @Test func anEightThousandDeepViewChain() throws {
        withManualClock { clock in
            weak var freed: UIView?
            do {
                let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
                window.backgroundColor = .white
                var parent: UIView = window
                var deepest = window as UIView
                for level in 0..<8_000 {
                    let view = UIView(frame: CGRect(x: level < 20 ? 1 : 0, y: 0, width: 40, height: 40))
                    parent.addSubview(view)
                    parent = view
                    deepest = view
                }
                deepest.backgroundColor = .red
                freed = deepest
                window.makeKeyAndVisible()
                #expect(window.renderFrame(atTime: clock.time) == window.bounds)
                UIView.performWithoutAnimation { deepest.backgroundColor = .blue }
                #expect(window.renderFrame(atTime: clock.time) == CGRect(x: 19, y: -1, width: 42, height: 42).intersection(window.bounds))
                guard let image = window.renderedImage(atTime: clock.time) else {
                    Issue.record("no image")
                    return
                }
                let pixels = ReferenceImage.pixels(of: image)
                let i = ((20 * 3) * image.width + 30 * 3) * 4
                #expect(Array(pixels[i..<i + 4]) == [0, 0, 255, 255])
                #expect(deepest.convert(CGPoint.zero, to: window) == CGPoint(x: 20, y: 0))
                window.isHidden = true
            }
            #expect(freed == nil)
        }
    }
}
