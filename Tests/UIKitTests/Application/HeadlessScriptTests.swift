import Foundation
import Testing
@testable import UIKit

/// A small screen as an iOS app writes it: a button adding rows, a text field, a scroll view.
private final class GroceriesController: UIViewController, UITextFieldDelegate {
    let addButton = UIButton(type: .system)
    let countLabel = UILabel()
    let field = UITextField()
    let scroller = UIScrollView()
    var returned = 0
    var count = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        addButton.setTitle("Add", for: .normal)
        addButton.frame = CGRect(x: 20, y: 60, width: 100, height: 44)
        addButton.addAction(UIAction { [unowned self] _ in
            count += 1
            countLabel.text = "\(count) items"
        }, for: .touchUpInside)
        countLabel.text = "0 items"
        countLabel.frame = CGRect(x: 140, y: 60, width: 160, height: 44)
        field.placeholder = "Item"
        field.frame = CGRect(x: 20, y: 120, width: 280, height: 44)
        field.delegate = self
        scroller.frame = CGRect(x: 0, y: 180, width: 320, height: 60)
        scroller.contentSize = CGSize(width: 320, height: 2000)
        for view in [addButton, countLabel, field, scroller] as [UIView] { self.view.addSubview(view) }
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        returned += 1
        return true
    }
}

@MainActor
@Suite struct HeadlessScriptTests {
    @Test func aScriptReadsItsEventsInTimeOrder() throws {
        let json = """
        [
          {"at": 1.0, "tap": {"x": 10, "y": 20}},
          {"at": 0.5, "tap": "Add"},
          {"at": 1.0, "type": "Milk"},
          {"at": 2, "drag": {"from": "Item", "to": {"x": 5, "y": 6}}},
          {"at": 2.5, "key": "Return"},
          {"at": 3, "screenshot": "a.png"}
        ]
        """
        let script = try HeadlessScript(data: Data(json.utf8))
        #expect(script.events == [
            .init(at: 0.5, action: .tap(.text("Add"))),
            .init(at: 1.0, action: .tap(.point(CGPoint(x: 10, y: 20)))),
            .init(at: 1.0, action: .type("Milk")),
            .init(at: 2, action: .drag(from: .text("Item"), to: .point(CGPoint(x: 5, y: 6)), duration: 0.25)),
            .init(at: 2.5, action: .key("return")),
            .init(at: 3, action: .screenshot("a.png")),
        ])
    }

    @Test(arguments: [
        (#"{"at": 1}"#, "the script is not a JSON array of events"),
        (#"[{"tap": "Add"}]"#, "event 1 needs \"at\": seconds after launch, 0 or more"),
        (#"[{"at": -1, "tap": "Add"}]"#, "event 1 needs \"at\""),
        (#"[{"at": 1, "tap": "Add", "type": "x"}]"#, "event 1 needs one action"),
        (#"[{"at": 1, "swipe": "Add"}]"#, "event 1: unknown action \"swipe\""),
        (#"[{"at": 1, "tap": {"x": 1}}]"#, "event 1: name a point"),
        (#"[{"at": 1, "key": "F13"}]"#, "event 1: key is one of delete, down, escape, left, return, right, tab, up"),
        ("not json", "the script is not a JSON array"),
    ])
    func aBadScriptSaysWhatIsWrong(json: String, message: String) {
        #expect {
            _ = try HeadlessScript(data: Data(json.utf8))
        } throws: { error in
            (error as? ScriptError)?.description.hasPrefix(message) ?? false
        }
    }

    private func showGroceries() -> (UIWindow, GroceriesController) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let controller = GroceriesController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return (window, controller)
    }

    @Test func tapsByTextAndByPointTypingKeysAndDragsReachTheApp() throws {
        let (window, controller) = showGroceries()
        defer { window.isHidden = true }
        let clock = CAMediaClock(manualTime: 0)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = folder.appendingPathComponent("after.png").path
        let script = HeadlessScript(events: [
            .init(at: 0.1, action: .tap(.text("Add"))),
            .init(at: 0.2, action: .tap(.point(CGPoint(x: 70, y: 82)))),
            .init(at: 0.3, action: .tap(.text("Item"))),
            .init(at: 0.4, action: .type("Milk")),
            .init(at: 0.5, action: .key("return")),
            .init(at: 0.6, action: .drag(from: .point(CGPoint(x: 200, y: 235)), to: .point(CGPoint(x: 200, y: 185)), duration: 0.2)),
            .init(at: 1.0, action: .screenshot(shot)),
        ])
        var player = ScriptPlayer(application: .shared, clock: clock)
        player.pacesWallClock = false
        try clock.withCurrent { try player.play(script, until: 1.5) }
        #expect(controller.countLabel.text == "2 items")
        #expect(controller.field.text == "Milk")
        #expect(controller.returned == 1)
        #expect(controller.scroller.contentOffset.y > 30, "the drag scrolled: \(controller.scroller.contentOffset.y)")
        #expect(abs(player.time - 1.5) < 1.0 / 60)
        #expect(abs(clock.time - player.time) < 1e-9, "the media clock follows the script")
        let image = try #require(UIImage(contentsOfFile: shot))
        #expect(image.size.width * image.scale == 320 * UIScreen.main.scale)
    }

    @Test func aTapOnTextNobodyShowsStopsThePlayWithTheEvent() {
        let (window, _) = showGroceries()
        defer { window.isHidden = true }
        let clock = CAMediaClock(manualTime: 0)
        var player = ScriptPlayer(application: .shared, clock: clock)
        player.pacesWallClock = false
        #expect {
            try player.play(HeadlessScript(events: [.init(at: 0.2, action: .tap(.text("Checkout")))]), until: 1)
        } throws: { error in
            (error as? ScriptError)?.description == "event 1 at 0.2 s: no view on screen shows \"Checkout\""
        }
    }

    @Test func devicesAreNamedAsSnapshotConfigurationsNameThem() throws {
        let phone = try #require(DeviceProfile.named("iPhone 13"))
        #expect(phone.size == CGSize(width: 390, height: 844))
        #expect(phone.scale == 3)
        #expect(phone.safeArea == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let se = try #require(DeviceProfile.named("iphonese"))
        #expect(se.size == CGSize(width: 320, height: 568) && se.scale == 2 && se.safeArea.top == 20)
        #expect(DeviceProfile.named("iPad-Pro-11")?.idiom == .pad)
        #expect(DeviceProfile.named("Pixel 7") == nil)
    }
}
