import Foundation
import Testing
@testable import UIKit

/// The list scene's controller, as an app declares it (without `@IBOutlet`/`@IBAction`, which
/// Swift on Linux rejects outside Objective-C classes).
final class StoryboardTestListController: UIViewController {
    weak var titleLabel: UILabel!
    var buttons: [UIButton] = []
    var badge: StoryboardTestBadgeView?
    var awoke = false
    var viewWasLoaded = false
    var added: [String] = []

    override func awakeFromNib() {
        super.awakeFromNib()
        awoke = true
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Outlets are connected before viewDidLoad.
        viewWasLoaded = titleLabel != nil && buttons.count == 3
    }

    func addNote(_ sender: Any?) {
        added.append((sender as? UIButton)?.currentTitle ?? "?")
    }

    var allowsSegues = true
    var prepared: [(identifier: String?, destination: UIViewController, sender: Any?)] = []
    var unwound = 0

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { allowsSegues }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        prepared.append((segue.identifier, segue.destination, sender))
        segue.destination.title = "Prepared by the list"
    }

    func unwindToList(_ segue: UIStoryboardSegue) {
        unwound += 1
    }
}

/// A custom segue class.
final class StoryboardTestSegue: UIStoryboardSegue {
    static var performed = 0

    override func perform() {
        StoryboardTestSegue.performed += 1
    }
}

/// A custom view class in a scene.
final class StoryboardTestBadgeView: UIView {
    var madeByCoder = false
    var awokeInItsSuperview = false

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        madeByCoder = true
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        awokeInItsSuperview = superview != nil
    }
}

/// A controller whose view comes from a same-named XIB.
final class StoryboardTestProfileController: UIViewController {
    weak var nameLabel: UILabel?
}

/// Storyboards read from the XML Xcode saves (the fixture `Fixtures/StoryboardApp/Main.storyboard`
/// is written in Interface Builder's document format by hand): scenes, the initial controller
/// and a navigation relationship, views and their attributes, constraints, outlets (weak,
/// strong, collections), actions, custom classes, `awakeFromNib`, and the failures iOS reports.
@MainActor
@Suite(.serialized) struct StoryboardTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/StoryboardApp")
    let storyboard = UIStoryboard(name: "Main", bundle: Bundle(url: StoryboardTests.app)!)

    @Test func theInitialControllerIsANavigationControllerWithItsRoot() throws {
        let initial = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        let list = try #require(initial.viewControllers.first as? StoryboardTestListController)
        #expect(initial.viewControllers.count == 1)
        #expect(list.navigationItem.title == "Notes")
        #expect(list.storyboard === storyboard)
        #expect(list.awoke)
        // The view is loaded when first asked for, not before.
        #expect(!list.isViewLoaded)
    }

    @Test func aScenesViewIsBuiltWithItsOutletsAndConstraints() throws {
        let list = try #require(storyboard.instantiateViewController(withIdentifier: "List") as? StoryboardTestListController)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = list
        window.layoutIfNeeded()
        #expect(list.viewWasLoaded)
        let title = try #require(list.titleLabel)
        #expect(title.text == "Hello, notes")
        #expect(title.font.pointSize == 28)
        #expect(title.textAlignment == .center)
        #expect(title.numberOfLines == 2)
        #expect(title.accessibilityIdentifier == "title")
        #expect(title.textColor.cgColor.components?.map { ($0 * 100).rounded() / 100 } == [0.2, 0.4, 0.6, 1])
        #expect(!title.translatesAutoresizingMaskIntoConstraints)
        // Outlet collections keep the document's order; the stack arranges its subviews.
        try #require(list.buttons.count == 3)
        #expect(list.buttons.map { $0.title(for: .normal) } == ["One", "Two", nil])
        #expect(list.buttons[2].configuration?.title == "Three")
        let stack = try #require(list.buttons[0].superview as? UIStackView)
        #expect(stack.axis == .vertical && stack.distribution == .fillEqually && stack.spacing == 8)
        #expect(stack.arrangedSubviews.count == 3)
        // A custom view class made by its init(coder:), awoken in its superview, with a runtime attribute.
        let badge = try #require(list.badge)
        #expect(badge.madeByCoder && badge.awokeInItsSuperview)
        #expect(badge.layer.cornerRadius == 8)
        #expect(badge.backgroundColor?.cgColor.components == UIColor.systemOrange.cgColor.components)
        // A system symbol image.
        let imageView = try #require(list.view.subviews.compactMap { $0 as? UIImageView }.first)
        #expect(imageView.image?.isSymbolImage == true)
        #expect(imageView.contentMode == .scaleAspectFit)
        // Constraints to the safe area and between views, laid out in the window.
        func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 0.001 }
        let safeTop = list.view.safeAreaInsets.top
        #expect(close(title.frame.minX, 20) && close(title.frame.maxX, 370))
        #expect(close(title.frame.minY, safeTop + 20))
        #expect(close(stack.frame.minY, title.frame.maxY + 20))
        #expect(close(stack.frame.height, 120), "stack \(stack.frame)")
        #expect(imageView.frame.size == CGSize(width: 40, height: 40))
        #expect(close(imageView.frame.midX, 195))
        #expect(close(badge.frame.minY, imageView.frame.maxY + 20) && badge.frame.size == CGSize(width: 60, height: 24))
        #expect(badge.frame.minX == 20)
        #expect(list.view.backgroundColor?.cgColor.components == UIColor.systemBackground.cgColor.components)
    }

    @Test func actionsReachTheRegisteredMethod() throws {
        StoryboardActions.register(StoryboardTestListController.self, "addNote:") { controller, sender in controller.addNote(sender) }
        let list = try #require(storyboard.instantiateViewController(withIdentifier: "List") as? StoryboardTestListController)
        list.loadViewIfNeeded()
        list.buttons[0].sendActions(for: .touchUpInside)
        #expect(list.added == ["One"])
        // The second button has no action.
        list.buttons[1].sendActions(for: .touchUpInside)
        #expect(list.added == ["One"])
    }

    @Test func aPlainSceneHasItsAttributes() throws {
        let detail = storyboard.instantiateViewController(withIdentifier: "Detail")
        #expect(type(of: detail) == UIViewController.self)
        #expect(detail.title == "Detail")
        let view = try #require(detail.view)
        #expect(view.backgroundColor?.cgColor.components == UIColor.systemYellow.cgColor.components)
        let label = try #require(view.subviews.first as? UILabel)
        #expect(label.text == "First line\nSecond line")
        #expect(label.numberOfLines == 0)
        #expect(label.lineBreakMode == .byWordWrapping)
        #expect(label.font == UIFont.preferredFont(forTextStyle: .headline))
        let box = view.subviews[1]
        #expect(box.isHidden && box.alpha == 0.5 && box.tag == 7)
        #expect(box.translatesAutoresizingMaskIntoConstraints)
        #expect(box.autoresizingMask == [.flexibleRightMargin, .flexibleBottomMargin])
        #expect(box.frame == CGRect(x: 16, y: 140, width: 100, height: 50))
        #expect(box.backgroundColor?.cgColor.components == UIColor(white: 0.5, alpha: 1).cgColor.components)
    }

    @Test func anUnknownCustomClassMakesUIKitsClassAndSaysSo() {
        let controller = storyboard.instantiateViewController(withIdentifier: "Unknown")
        #expect(type(of: controller) == UIViewController.self)
        #expect(ConsoleLog.messages.contains("Unknown class NoSuchController in Interface Builder file."))
    }

    @Test func anUnknownIdentifierStopsWithUIKitsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let storyboard = UIStoryboard(name: "Main", bundle: Bundle(url: StoryboardTests.app)!)
                _ = storyboard.instantiateViewController(withIdentifier: "Nowhere")
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("doesn't contain a view controller with identifier 'Nowhere'"))
    }

    @Test func aMissingStoryboardStopsWithUIKitsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = UIStoryboard(name: "Nowhere", bundle: Bundle(url: StoryboardTests.app)!)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Could not find a storyboard named 'Nowhere' in bundle"))
    }

    @Test func malformedAndNewerDocumentsAreRefusedWithTheReason() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Storyboards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("Broken.storyboard")
        try Data("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\"><scenes>".utf8).write(to: broken)
        #expect(throws: IBDocumentError.self) { try IBDocument(url: broken) }
        let newer = folder.appendingPathComponent("Newer.storyboard")
        try Data("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"4.0\"><scenes/></document>".utf8).write(to: newer)
        do {
            _ = try IBDocument(url: newer)
            Issue.record("a newer document was read")
        } catch {
            #expect("\(error)".contains("newer than the 3.0 Lamina reads"))
        }
        let notIB = folder.appendingPathComponent("Other.storyboard")
        try Data("<plist version=\"1.0\"><dict/></plist>".utf8).write(to: notIB)
        #expect(throws: IBDocumentError.self) { try IBDocument(url: notIB) }
    }

    @Test func outletsThatDoNotFitAreReported() {
        let list = StoryboardTestListController()
        #expect(!OutletWriter.set("titleLabel", of: list, to: UIButton(), file: "Test.storyboard"))
        #expect(!OutletWriter.set("missing", of: list, to: UILabel(), file: "Test.storyboard"))
        #expect(ConsoleLog.messages.contains { $0.contains("not key value coding-compliant for the key missing") })
        let label = UILabel()
        #expect(OutletWriter.set("titleLabel", of: list, to: label, file: "Test.storyboard"))
        #expect(list.titleLabel === label)
    }

    @Test func aControllerLoadsTheNibNamedAfterItsClass() throws {
        let controller = StoryboardTestProfileController(nibName: nil, bundle: Bundle(url: StoryboardTests.app)!)
        let view = try #require(controller.view)
        #expect(view.backgroundColor?.cgColor.components == UIColor.systemBackground.cgColor.components)
        let label = try #require(controller.nameLabel)
        #expect(label.superview === view)
        #expect(label.text == "Ada Lovelace")
        #expect(label.font == UIFont.systemFont(ofSize: 20, weight: .semibold))
        // Named explicitly, too.
        let named = StoryboardTestProfileController(nibName: "StoryboardTestProfile", bundle: Bundle(url: StoryboardTests.app)!)
        #expect(named.nameLabel == nil)
        named.loadViewIfNeeded()
        #expect(named.nameLabel?.text == "Ada Lovelace")
    }

    @Test func aNibGivesItsTopLevelObjectsInOrder() throws {
        let bundle = Bundle(url: StoryboardTests.app)!
        let objects = UINib(nibName: "Badge", bundle: bundle).instantiate(withOwner: nil)
        #expect(objects.count == 3)
        let badge = try #require(objects.first as? StoryboardTestBadgeView)
        #expect(badge.madeByCoder)
        #expect(badge.frame == CGRect(x: 0, y: 0, width: 80, height: 30))
        let second = try #require(objects[1] as? UILabel)
        #expect(second.text == "Second")
        // A nib keeps only a disabled flag: Interface Builder writes `userInteractionEnabled="NO"`
        // for the labels it leaves untouchable; a label without it was made touchable.
        #expect(!second.isUserInteractionEnabled)
        #expect((objects.last as? UILabel)?.text == "Tappable" && (objects.last as? UIView)?.isUserInteractionEnabled == true)
        // Each instantiation makes new objects.
        let again = try #require(bundle.loadNibNamed("Badge", owner: nil)?.first as? StoryboardTestBadgeView)
        #expect(again !== badge)
    }

    @Test func aMissingNibStopsWithUIKitsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = UINib(nibName: "Nowhere", bundle: Bundle(url: StoryboardTests.app)!)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Could not load NIB in bundle"))
        #expect(message.contains("with name 'Nowhere'"))
    }

    /// The list in a navigation controller in a window, on a manual clock.
    private func listInWindow() throws -> (StoryboardTestListController, UINavigationController, UIWindow) {
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        let list = try #require(navigation.viewControllers.first as? StoryboardTestListController)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return (list, navigation, window)
    }

    @Test func seguesPrepareAndShowTheirDestination() {
        withManualClock { clock in
            guard let (list, navigation, window) = try? listInWindow() else { Issue.record("no list"); return }
            defer { window.isHidden = true }
            list.performSegue(withIdentifier: "showDetail", sender: "manual")
            CATransaction.flush()
            clock.advance(by: 1)
            #expect(navigation.viewControllers.count == 2)
            guard let detail = navigation.topViewController else { Issue.record("no detail"); return }
            #expect(detail.title == "Prepared by the list")
            #expect(list.prepared.count == 1 && list.prepared[0].identifier == "showDetail" && list.prepared[0].sender as? String == "manual")
            // The embedded child fills its container, and the detail prepared it.
            #expect(detail.children.count == 1)
            let container = detail.children.first?.view.superview
            #expect(container?.frame == CGRect(x: 16, y: 200, width: 200, height: 100))
            #expect(detail.children.first?.view.frame == container?.bounds)
        }
    }

    @Test func aControlsSegueAsksFirst() {
        withManualClock { clock in
            guard let (list, navigation, window) = try? listInWindow() else { Issue.record("no list"); return }
            defer { window.isHidden = true }
            list.allowsSegues = false
            list.buttons[1].sendActions(for: .touchUpInside)
            CATransaction.flush()
            clock.advance(by: 1)
            #expect(navigation.viewControllers.count == 1)
            list.allowsSegues = true
            list.buttons[1].sendActions(for: .touchUpInside)
            CATransaction.flush()
            clock.advance(by: 1)
            #expect(navigation.viewControllers.count == 2)
            #expect(list.prepared.last?.sender as? UIButton === list.buttons[1])
            // Unwinding from the detail's Done button returns to the list, which hears it.
            StoryboardActions.register(StoryboardTestListController.self, "unwindToList:") { controller, segue in
                if let segue = segue as? UIStoryboardSegue { controller.unwindToList(segue) }
            }
            guard let detail = navigation.topViewController,
                  let done = detail.view.subviews.compactMap({ $0 as? UIButton }).first else { Issue.record("no Done button"); return }
            done.sendActions(for: .touchUpInside)
            CATransaction.flush()
            clock.advance(by: 1)
            #expect(list.unwound == 1)
            #expect(navigation.viewControllers.count == 1)
        }
    }

    @Test func presentationAndCustomSegues() {
        withManualClock { clock in
            guard let (list, _, window) = try? listInWindow() else { Issue.record("no list"); return }
            defer { window.isHidden = true }
            list.performSegue(withIdentifier: "presentDetail", sender: nil)
            CATransaction.flush()
            clock.advance(by: 1)
            let presented = list.presentedViewController ?? list.navigationController?.presentedViewController
            #expect(presented?.modalPresentationStyle == .fullScreen)
            #expect(presented?.modalTransitionStyle == .crossDissolve)
            let before = StoryboardTestSegue.performed
            list.performSegue(withIdentifier: "custom", sender: nil)
            #expect(StoryboardTestSegue.performed == before + 1)
        }
    }

    @Test func anUnknownSegueStopsWithUIKitsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let storyboard = UIStoryboard(name: "Main", bundle: Bundle(url: StoryboardTests.app)!)
                storyboard.instantiateViewController(withIdentifier: "List").performSegue(withIdentifier: "nowhere", sender: nil)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("has no segue with identifier 'nowhere'"))
    }
}
