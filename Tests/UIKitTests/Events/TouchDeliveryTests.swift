import Testing
import UIKit

/// Touch delivery: hit-testing once at `.began`, the touch staying with its view, the
/// responder chain for unhandled touches, multiple- and exclusive-touch rules, and
/// cancellation when a view leaves its window.
@MainActor
@Suite struct TouchDeliveryTests {
    @Test func aTouchStaysWithTheViewItBeganIn() {
        withWindow { window, _ in
            let log = EventLog()
            let a = LoggingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let b = LoggingView(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
            a.name = "a"; b.name = "b"
            a.log = log; b.log = log
            window.addSubview(a)
            window.addSubview(b)
            window.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50), steps: 4)
            #expect(log.entries == ["a began 1", "a moved", "a moved", "a moved", "a moved", "a ended"])
            // The last touch reported where it ended, in each view's coordinates.
            let touch = a.lastTouches.first!
            #expect(touch.location(in: a) == CGPoint(x: 150, y: 50))
            #expect(touch.location(in: b) == CGPoint(x: 50, y: 50))
            #expect(touch.location(in: nil) == CGPoint(x: 150, y: 50))
            #expect(touch.view === a && touch.window === window)
            #expect(touch.phase == .ended && touch.tapCount == 1 && touch.force == 0 && touch.type == .direct)
        }
    }

    @Test func locationsAndPreviousLocations() {
        withWindow { window, clock in
            let view = LoggingView(frame: CGRect(x: 20, y: 30, width: 100, height: 100))
            window.addSubview(view)
            window.sendTouches([.init(location: CGPoint(x: 40, y: 40), phase: .began)])
            window.sendTouches([.init(location: CGPoint(x: 45, y: 60), phase: .moved)])
            let touch = view.lastTouches.first!
            #expect(touch.location(in: view) == CGPoint(x: 25, y: 30))
            #expect(touch.previousLocation(in: view) == CGPoint(x: 20, y: 10))
            #expect(touch.phase == .moved)
            #expect(touch.timestamp == clock.time)
            window.sendTouches([.init(location: CGPoint(x: 45, y: 60), phase: .ended)])
        }
    }

    /// Unhandled touches travel view → superview → view controller → window → application →
    /// application delegate.
    @Test func unhandledTouchesTravelTheResponderChain() {
        final class Controller: UIViewController {
            var log: EventLog?
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                log?.add("controller")
                super.touchesBegan(touches, with: event)
            }
        }
        final class Delegate: UIResponder, UIApplicationDelegate {
            var log: EventLog?
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                log?.add("app delegate")
                super.touchesBegan(touches, with: event)
            }
        }
        withWindow { window, _ in
            let log = EventLog()
            let controller = Controller()
            controller.log = log
            window.rootViewController = controller
            let container = LoggingView(frame: CGRect(x: 0, y: 0, width: 150, height: 150))
            container.name = "container"; container.log = log; container.forwards = true
            let leaf = LoggingView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
            leaf.name = "leaf"; leaf.log = log; leaf.forwards = true
            controller.view.addSubview(container)
            container.addSubview(leaf)
            let delegate = Delegate()
            delegate.log = log
            UIApplication.shared.delegate = delegate
            defer { UIApplication.shared.delegate = nil }
            #expect(leaf.next === container && container.next === controller.view && controller.view.next === controller)
            #expect(controller.next === window && window.next === UIApplication.shared && UIApplication.shared.next === delegate)
            window.tap(at: CGPoint(x: 20, y: 20))
            #expect(log.entries.prefix(4) == ["leaf began 1", "container began 1", "controller", "app delegate"])
        }
    }

    /// Hit-testing follows transforms, and skips hidden, nearly transparent and disabled views
    /// with their subviews.
    @Test func hitTestingWithTransformsAndSkippedViews() {
        withWindow { window, _ in
            let back = UIView(frame: window.bounds)
            window.addSubview(back)
            let bar = UIView(frame: CGRect(x: 50, y: 90, width: 100, height: 20))
            bar.transform = CGAffineTransform(rotationAngle: .pi / 2)
            back.addSubview(bar)
            // Turned upright about its centre (100, 100): it now spans x 90…110, y 50…150.
            #expect(window.hitTest(CGPoint(x: 100, y: 60), with: nil) === bar)
            #expect(window.hitTest(CGPoint(x: 60, y: 100), with: nil) === back)
            #expect(bar.convert(CGPoint(x: 100, y: 60), from: window).x.rounded() == 10)
            for configure in [{ (v: UIView) in v.isHidden = true }, { $0.alpha = 0.005 }, { $0.isUserInteractionEnabled = false }] {
                let cover = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
                let inner = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                cover.addSubview(inner)
                window.addSubview(cover)
                #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === inner)
                configure(cover)
                #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
                cover.removeFromSuperview()
            }
            // Outside the window's bounds nothing is hit.
            #expect(window.hitTest(CGPoint(x: 250, y: 10), with: nil) == nil)
        }
    }

    /// A view turned under perspective is hit where it is drawn: its near side is larger than
    /// its 2-D (affine) footprint, its far side smaller.
    @Test func hitTestingFollowsPerspective() {
        withWindow { window, _ in
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 200
            window.layer.sublayerTransform = perspective
            let card = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            card.transform3D = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            window.addSubview(card)
            // Card x = u about the centre: the left edge (u = −50) comes nearer (z > 0).
            func projected(_ u: CGFloat) -> CGFloat {
                let t = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
                return 100 + u * t.m11 / (1 - u * t.m13 / 200)
            }
            let near = projected(-50), far = projected(50)
            #expect(near < 75 && far > 100 && far < 125)
            // Just inside each projected edge hits; just outside does not.
            #expect(window.hitTest(CGPoint(x: near + 1, y: 100), with: nil) === card)
            #expect(window.hitTest(CGPoint(x: near - 1, y: 100), with: nil) === window)
            #expect(window.hitTest(CGPoint(x: far - 1, y: 100), with: nil) === card)
            #expect(window.hitTest(CGPoint(x: far + 1, y: 100), with: nil) === window)
            // The conversion round-trips.
            let p = card.convert(CGPoint(x: 30, y: 40), to: window)
            let back = card.convert(p, from: window)
            #expect(abs(back.x - 30) < 1e-9 && abs(back.y - 40) < 1e-9)
        }
    }

    @Test(arguments: [false, true]) func multipleTouchEnabled(_ enabled: Bool) {
        withWindow { window, _ in
            let log = EventLog()
            let view = LoggingView(frame: window.bounds)
            view.log = log; view.name = "v"
            view.isMultipleTouchEnabled = enabled
            window.addSubview(view)
            window.tap(at: CGPoint(x: 50, y: 50), fingers: 2)
            #expect(log.entries.first == (enabled ? "v began 2" : "v began 1"))
        }
    }

    @Test func exclusiveTouchKeepsOtherViewsOut() {
        withWindow { window, _ in
            let log = EventLog()
            let a = LoggingView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
            let b = LoggingView(frame: CGRect(x: 100, y: 0, width: 100, height: 200))
            a.name = "a"; b.name = "b"; a.log = log; b.log = log
            a.isExclusiveTouch = true
            window.addSubview(a)
            window.addSubview(b)
            window.sendTouches([.init(finger: 0, location: CGPoint(x: 50, y: 50), phase: .began)])
            window.sendTouches([.init(finger: 1, location: CGPoint(x: 150, y: 50), phase: .began)])
            window.sendTouches([.init(finger: 0, location: CGPoint(x: 50, y: 50), phase: .ended),
                                .init(finger: 1, location: CGPoint(x: 150, y: 50), phase: .ended)])
            #expect(log.entries == ["a began 1", "a ended"])
        }
    }

    @Test func removingAViewCancelsItsTouches() {
        withWindow { window, _ in
            let log = EventLog()
            let view = LoggingView(frame: window.bounds)
            view.log = log; view.name = "v"
            window.addSubview(view)
            window.sendTouches([.init(location: CGPoint(x: 50, y: 50), phase: .began)])
            view.removeFromSuperview()
            window.sendTouches([.init(location: CGPoint(x: 60, y: 50), phase: .moved)])
            window.sendTouches([.init(location: CGPoint(x: 60, y: 50), phase: .ended)])
            #expect(log.entries == ["v began 1", "v cancelled"])
        }
    }

    @Test func repeatedTapsCountUp() {
        withWindow { window, clock in
            let view = LoggingView(frame: window.bounds)
            window.addSubview(view)
            window.tap(at: CGPoint(x: 50, y: 50), tapCount: 3)
            #expect(view.lastTouches.first?.tapCount == 3)
            clock.advance(by: 1)
            window.tap(at: CGPoint(x: 50, y: 50))
            #expect(view.lastTouches.first?.tapCount == 1)
        }
    }

    @Test func keyPressesGoToTheFirstResponder() {
        final class Field: UIView {
            var keys: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                keys.append(presses.first?.key?.characters ?? "?")
            }
        }
        withWindow { window, _ in
            let field = Field(frame: window.bounds)
            window.addSubview(field)
            #expect(!UIView().becomeFirstResponder())
            #expect(field.becomeFirstResponder())
            #expect(field.isFirstResponder)
            window.pressKey(UIKey(characters: "a"))
            #expect(field.keys == ["a"])
            #expect(UIKey(characters: "a").keyCode == .keyboardA)
            #expect(field.resignFirstResponder())
            #expect(!field.isFirstResponder)
        }
    }
}
