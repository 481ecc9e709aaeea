import Testing
import UIKit

/// View controller callbacks in iOS's order: loading, appearance with the layout pass,
/// containment, presentation.
@MainActor
@Suite struct ViewControllerLifecycleTests {
    final class Logged: UIViewController {
        var log: EventLog?
        var name = ""
        private func add(_ s: String) { log?.add(name.isEmpty ? s : "\(name) \(s)") }
        override func loadView() { add("loadView"); super.loadView() }
        override func viewDidLoad() { super.viewDidLoad(); add("viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); add("viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); add("viewDidAppear") }
        override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); add("viewWillDisappear") }
        override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); add("viewDidDisappear") }
        override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews(); add("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews(); add("viewDidLayoutSubviews") }
        override func willMove(toParent parent: UIViewController?) { super.willMove(toParent: parent); add("willMove \(parent != nil)") }
        override func didMove(toParent parent: UIViewController?) { super.didMove(toParent: parent); add("didMove \(parent != nil)") }
    }

    private func logged(_ name: String = "", _ log: EventLog) -> Logged {
        let controller = Logged()
        controller.name = name
        controller.log = log
        return controller
    }

    /// A shown 320 × 480 window with `root` as its root controller; the log starts empty.
    private func shown(_ root: UIViewController, _ log: EventLog) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = root
        window.makeKeyAndVisible()
        log.clear()
        return window
    }

    @Test func rootControllerAppearsWhenTheWindowIsShown() {
        let log = EventLog()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let root = logged("", log)
        window.rootViewController = root
        #expect(log.entries == ["loadView", "viewDidLoad"])
        window.makeKeyAndVisible()
        #expect(log.entries == ["loadView", "viewDidLoad", "viewWillAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
                                "viewDidAppear"])
        #expect(root.view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        log.clear()
        // Replacing the root: the old one disappears, the new one appears.
        let next = logged("next", log)
        window.rootViewController = next
        #expect(log.entries.contains("viewWillDisappear") && log.entries.contains("viewDidDisappear"))
        #expect(log.entries.suffix(3) == ["next viewWillLayoutSubviews", "next viewDidLayoutSubviews", "next viewDidAppear"])
        window.isHidden = true
    }

    @Test func childContainment() {
        let log = EventLog()
        let parent = logged("parent", log)
        let window = shown(parent, log)
        let child = logged("child", log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        // Adding the child's view lays out the parent's view too (as addSubview does on iOS).
        #expect(log.entries == ["child willMove true", "child loadView", "child viewDidLoad", "child viewWillAppear",
                                "parent viewWillLayoutSubviews", "parent viewDidLayoutSubviews",
                                "child viewWillLayoutSubviews", "child viewDidLayoutSubviews", "child viewDidAppear",
                                "child didMove true"])
        #expect(parent.children.first === child && child.parent === parent)
        #expect(child.next === parent.view)
        log.clear()
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.entries == ["child willMove false", "child viewWillDisappear", "child viewDidDisappear", "child didMove false"])
        #expect(parent.children.isEmpty && child.parent == nil)
        window.isHidden = true
    }

    @Test(arguments: [UIModalPresentationStyle.automatic, .fullScreen])
    func presentAndDismiss(style: UIModalPresentationStyle) {
        let clock = CAMediaClock(manualTime: 1000)
        clock.withCurrent {
            let log = EventLog()
            let root = logged("root", log)
            let window = shown(root, log)
            let sheet = logged("sheet", log)
            sheet.modalPresentationStyle = style
            var presented = false
            root.present(sheet, animated: true) { presented = true }
            CATransaction.flush()
            #expect(root.presentedViewController === sheet && sheet.presentingViewController === root)
            #expect(sheet.isBeingPresented && !presented)
            let fullScreen = style == .fullScreen
            // The will calls come first; the did calls (and the completion) once the sheet is in.
            #expect(log.entries == ["sheet loadView", "sheet viewDidLoad"] + (fullScreen ? ["root viewWillDisappear"] : [])
                + ["sheet viewWillAppear", "sheet viewWillLayoutSubviews", "sheet viewDidLayoutSubviews"])
            log.clear()
            clock.advance(by: 0.6)
            #expect(presented && !sheet.isBeingPresented)
            #expect(log.entries == ["sheet viewDidAppear"] + (fullScreen ? ["root viewDidDisappear"] : []))
            #expect(sheet.view.window === window)
            // A page sheet leaves the presenter in the window; a full-screen one takes it out.
            #expect((root.view.window == nil) == fullScreen)
            log.clear()
            var dismissed = false
            sheet.dismiss(animated: true) { dismissed = true }
            CATransaction.flush()
            #expect(sheet.isBeingDismissed && !dismissed)
            #expect(log.entries == ["sheet viewWillDisappear"] + (fullScreen ? ["root viewWillAppear"] : []))
            log.clear()
            clock.advance(by: 0.6)
            #expect(dismissed && root.presentedViewController == nil && sheet.presentingViewController == nil && sheet.view.window == nil)
            #expect(log.entries == ["sheet viewDidDisappear"] + (fullScreen ? ["root viewDidAppear"] : []))
            #expect(root.view.window === window)
            window.isHidden = true
        }
    }
}
