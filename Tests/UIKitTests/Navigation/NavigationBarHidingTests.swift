import Foundation
import Testing
@testable import UIKit

/// `hidesBarsOnTap` and `hidesBarsOnSwipe`: the bars go and come back as the user taps or swipes.
@MainActor
@Suite struct NavigationBarHidingTests {
    private func show() -> (UIWindow, UINavigationController, UIButton) {
        let content = UIViewController()
        content.title = "Photos"
        let button = UIButton(type: .system)
        button.setTitle("Edit", for: .normal)
        button.frame = CGRect(x: 20, y: 300, width: 100, height: 44)
        content.view.addSubview(button)
        let navigation = UINavigationController(rootViewController: content)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return (window, navigation, button)
    }

    private func play(_ events: [HeadlessScript.Event]) throws {
        var player = ScriptPlayer(application: .shared, clock: CAMediaClock(manualTime: 0))
        player.pacesWallClock = false
        try player.play(HeadlessScript(events: events), until: (events.last?.at ?? 0) + 0.5)
    }

    @Test func aTapOnTheContentTogglesTheBars() throws {
        let (window, navigation, button) = show()
        defer { window.isHidden = true }
        var edits = 0
        button.addAction(UIAction { _ in edits += 1 }, for: .touchUpInside)
        #expect(!navigation.hidesBarsOnTap && navigation.barHideOnTapGestureRecognizer.view == nil)
        try play([.init(at: 0.1, action: .tap(.point(CGPoint(x: 200, y: 600))))])
        #expect(!navigation.isNavigationBarHidden, "off by default")
        navigation.hidesBarsOnTap = true
        #expect(navigation.barHideOnTapGestureRecognizer.view === navigation.view)
        try play([.init(at: 0.1, action: .tap(.point(CGPoint(x: 200, y: 600))))])
        #expect(navigation.isNavigationBarHidden)
        // A control's own tap wins over a tap recognizer of its superview (iOS 6 and later).
        try play([.init(at: 0.1, action: .tap(.text("Edit")))])
        #expect(navigation.isNavigationBarHidden && edits == 1)
        try play([.init(at: 0.1, action: .tap(.point(CGPoint(x: 200, y: 600))))])
        #expect(!navigation.isNavigationBarHidden)
        navigation.hidesBarsOnTap = false
        #expect(navigation.barHideOnTapGestureRecognizer.view == nil)
    }

    @Test func anUpwardSwipeHidesTheBarsAndADownwardOneShowsThem() throws {
        let (window, navigation, _) = show()
        defer { window.isHidden = true }
        navigation.hidesBarsOnSwipe = true
        try play([.init(at: 0.1, action: .drag(from: .point(CGPoint(x: 200, y: 600)), to: .point(CGPoint(x: 200, y: 400)), duration: 0.2))])
        #expect(navigation.isNavigationBarHidden)
        try play([.init(at: 0.1, action: .drag(from: .point(CGPoint(x: 200, y: 400)), to: .point(CGPoint(x: 200, y: 600)), duration: 0.2))])
        #expect(!navigation.isNavigationBarHidden)
    }
}
