import LaminaTestSupport
import Testing
import UIKit

/// UIMenu on buttons and bar items, and UIContextMenuInteraction on a secondary click: what
/// shows, where, what choosing does (handlers, single selection, pop-up buttons, submenus),
/// the events sent, dismissal, and the look in both appearances. Menus are found the way UI
/// tests find them: as accessibility buttons named by their titles.
@MainActor
@Suite struct UIMenuTests {
    /// The menu items showing in `window`: title, centre (window coordinates), selected.
    func items(in window: UIWindow) -> [(title: String, center: CGPoint, selected: Bool)] {
        var found: [(String, CGPoint, Bool)] = []
        var pending: [UIView] = [window]
        while let view = pending.popLast() {
            if String(describing: type(of: view)) == "MenuRow", let label = view.accessibilityLabel,
               view.accessibilityTraits.contains(.button) {
                found.append((label, view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window),
                              view.accessibilityTraits.contains(.selected)))
            }
            pending.append(contentsOf: view.subviews.reversed())
        }
        return found.sorted { $0.1.y < $1.1.y }
    }

    func item(_ title: String, in window: UIWindow) -> CGPoint? {
        items(in: window).first { $0.title == title }?.center
    }

    /// A 320 × 480 window with a button near the top.
    func withButton(_ body: (UIWindow, UIButton) throws -> Void) rethrows {
        try withWindow(size: CGSize(width: 320, height: 480)) { window in
            let button = UIButton(type: .system)
            button.setTitle("Sort", for: .normal)
            button.frame = CGRect(x: 20, y: 40, width: 100, height: 44)
            window.addSubview(button)
            try body(window, button)
        }
    }

    func withWindow(size: CGSize, _ body: (UIWindow) throws -> Void) rethrows {
        let clock = CAMediaClock(manualTime: 1000)
        try clock.withCurrent {
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.makeKeyAndVisible()
            try body(window)
            window.isHidden = true
            CATransaction.flush()
        }
    }

    @Test func aMenusDefaults() {
        let action = UIAction(title: "Copy") { _ in }
        let menu = UIMenu(children: [action])
        #expect(menu.title == "" && menu.options == [] && menu.children == [action] && menu.subtitle == nil)
        #expect(menu.preferredElementSize == .large)
        #expect(menu.identifier != UIMenu().identifier)
        let replaced = menu.replacingChildren([])
        #expect(replaced.identifier == menu.identifier && replaced.children.isEmpty)
    }

    @Test func aPrimaryMenuShowsOnTouchDownAndChoosingRunsTheAction() throws {
        try withButton { window, button in
            var log: [String] = []
            for (event, name) in [(UIControl.Event.touchDown, "touchDown"), (.menuActionTriggered, "menuActionTriggered"),
                                  (.touchUpInside, "touchUpInside"), (.primaryActionTriggered, "primaryActionTriggered")] {
                button.addAction(UIAction { _ in log.append(name) }, for: event)
            }
            var sender: AnyObject?
            button.menu = UIMenu(children: [
                UIAction(title: "Name") { action in
                    log.append("Name")
                    sender = action.sender
                },
                UIAction(title: "Date") { _ in log.append("Date") },
            ])
            button.showsMenuAsPrimaryAction = true
            window.tap(at: CGPoint(x: 70, y: 62))
            #expect(items(in: window).map(\.title) == ["Name", "Date"])
            #expect(log == ["touchDown", "menuActionTriggered"])
            // Below the button, its leading edges lined up, 8 points under.
            let name = try #require(item("Name", in: window))
            #expect(name.y > 84 + 8)
            window.tap(at: name)
            #expect(log == ["touchDown", "menuActionTriggered", "Name"])
            #expect(sender === button)
            #expect(items(in: window).isEmpty)
        }
    }

    @Test func slidingFromTheButtonToAnItemChoosesIt() throws {
        try withButton { window, button in
            var chosen: [String] = []
            button.menu = UIMenu(children: ["One", "Two", "Three"].map { title in UIAction(title: title) { _ in chosen.append(title) } })
            button.showsMenuAsPrimaryAction = true
            window.sendTouches([.init(location: CGPoint(x: 70, y: 62), phase: .began)])
            let two = try #require(item("Two", in: window))
            window.sendTouches([.init(location: CGPoint(x: two.x, y: two.y - 20), phase: .moved)])
            window.sendTouches([.init(location: two, phase: .moved)])
            window.sendTouches([.init(location: two, phase: .ended)])
            #expect(chosen == ["Two"])
            #expect(items(in: window).isEmpty)
        }
    }

    @Test func aTapOutsideClosesTheMenuAndGoesNoFurther() throws {
        try withButton { window, button in
            var chosen = 0
            button.menu = UIMenu(children: [UIAction(title: "One") { _ in chosen += 1 }])
            button.showsMenuAsPrimaryAction = true
            let behind = UIButton(type: .system)
            behind.frame = CGRect(x: 0, y: 400, width: 320, height: 60)
            var tapped = false
            behind.addAction(UIAction { _ in tapped = true }, for: .touchUpInside)
            window.addSubview(behind)
            window.tap(at: CGPoint(x: 70, y: 62))
            #expect(!items(in: window).isEmpty)
            window.tap(at: CGPoint(x: 160, y: 430))
            #expect(items(in: window).isEmpty)
            #expect(!tapped && chosen == 0)
        }
    }

    @Test func disabledItemsDoNothingAndHiddenOnesAreLeftOut() throws {
        try withButton { window, button in
            var chosen: [String] = []
            button.menu = UIMenu(children: [
                UIAction(title: "Off", attributes: .disabled) { _ in chosen.append("Off") },
                UIAction(title: "Gone", attributes: .hidden) { _ in chosen.append("Gone") },
                UIAction(title: "Delete", attributes: .destructive) { _ in chosen.append("Delete") },
            ])
            button.showsMenuAsPrimaryAction = true
            window.tap(at: CGPoint(x: 70, y: 62))
            // The disabled row is not a button; the hidden one is not there.
            #expect(items(in: window).map(\.title) == ["Delete"])
            window.tap(at: try #require(item("Delete", in: window)))
            #expect(chosen == ["Delete"])
        }
    }

    @Test func submenusOpenInPlaceAndGoBack() throws {
        try withButton { window, button in
            var chosen: [String] = []
            let share = UIMenu(title: "Share", children: [UIAction(title: "Mail") { _ in chosen.append("Mail") }])
            button.menu = UIMenu(children: [UIAction(title: "Copy") { _ in chosen.append("Copy") }, share])
            button.showsMenuAsPrimaryAction = true
            window.tap(at: CGPoint(x: 70, y: 62))
            window.tap(at: try #require(item("Share", in: window)))
            #expect(items(in: window).map(\.title) == ["Share", "Mail"])
            // The header goes back.
            window.tap(at: try #require(item("Share", in: window)))
            #expect(items(in: window).map(\.title) == ["Copy", "Share"])
            window.tap(at: try #require(item("Share", in: window)))
            window.tap(at: try #require(item("Mail", in: window)))
            #expect(chosen == ["Mail"])
        }
    }

    @Test func singleSelectionTurnsTheChosenActionOn() throws {
        try withButton { window, button in
            let name = UIAction(title: "Name", state: .on) { _ in }
            let date = UIAction(title: "Date") { _ in }
            let sort = UIMenu(title: "Sort By", options: [.displayInline, .singleSelection], children: [name, date])
            button.menu = UIMenu(children: [sort, UIAction(title: "Refresh") { _ in }])
            button.showsMenuAsPrimaryAction = true
            window.tap(at: CGPoint(x: 70, y: 62))
            #expect(items(in: window).filter(\.selected).map(\.title) == ["Name"])
            window.tap(at: try #require(item("Date", in: window)))
            #expect(name.state == .off && date.state == .on)
            #expect(button.menu?.selectedElements == [date])
        }
    }

    @Test func aPopUpButtonShowsItsChoice() throws {
        try withButton { window, button in
            button.menu = UIMenu(children: ["Small", "Medium", "Large"].map { UIAction(title: $0) { _ in } })
            button.showsMenuAsPrimaryAction = true
            button.changesSelectionAsPrimaryAction = true
            // The first is chosen to begin with.
            #expect(button.title(for: .normal) == "Small")
            window.tap(at: CGPoint(x: 70, y: 62))
            window.tap(at: try #require(item("Large", in: window)))
            #expect(button.title(for: .normal) == "Large")
            #expect((button.menu?.children[2] as? UIAction)?.state == .on)
            #expect((button.menu?.children[0] as? UIAction)?.state == .off)
        }
    }

    @Test func aMenuWithoutRoomBelowOpensAbove() throws {
        try withWindow(size: CGSize(width: 320, height: 480)) { window in
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 200, y: 420, width: 100, height: 44)
            button.menu = UIMenu(children: ["A", "B", "C"].map { UIAction(title: $0) { _ in } })
            button.showsMenuAsPrimaryAction = true
            window.addSubview(button)
            window.tap(at: CGPoint(x: 250, y: 442))
            let rows = items(in: window)
            #expect(rows.count == 3)
            // Above the button, and inside the window's right edge.
            #expect(rows.allSatisfy { $0.center.y < 420 - 8 })
            #expect(rows.allSatisfy { $0.center.x + 125 <= 312.01 })
        }
    }

    @Test func aSecondaryClickShowsAButtonsMenuWithoutThePrimaryAction() throws {
        try withButton { window, button in
            var log: [String] = []
            button.addAction(UIAction { _ in log.append("primary") }, for: .primaryActionTriggered)
            button.menu = UIMenu(children: [UIAction(title: "Other") { _ in log.append("Other") }])
            #expect(button.isContextMenuInteractionEnabled)
            window.tap(at: CGPoint(x: 70, y: 62))
            #expect(log == ["primary"] && items(in: window).isEmpty)
            window.sendSecondaryClick(at: CGPoint(x: 70, y: 62))
            window.tap(at: try #require(item("Other", in: window)))
            #expect(log == ["primary", "Other"])
        }
    }

    /// Answers with a configuration, logging what it is told.
    final class ContextDelegate: NSObject, UIContextMenuInteractionDelegate {
        var log: [String] = []
        var offers = true
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                    configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
            log.append("configuration at \(Int(location.x)),\(Int(location.y))")
            guard offers else { return nil }
            return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { suggested in
                UIMenu(title: "Photo", children: [UIAction(title: "Favorite", image: UIImage(systemName: "heart")) { [weak self] _ in
                    self?.log.append("Favorite")
                }])
            }
        }
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                    animator: (any UIContextMenuInteractionAnimating)?) {
            log.append("willDisplay")
        }
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                    animator: (any UIContextMenuInteractionAnimating)?) {
            log.append("willEnd")
        }
    }

    @Test func aContextMenuInteractionAsksItsDelegateOnASecondaryClick() throws {
        try withWindow(size: CGSize(width: 320, height: 480)) { window in
            let photo = UIView(frame: CGRect(x: 40, y: 100, width: 200, height: 150))
            let label = UILabel(frame: CGRect(x: 10, y: 10, width: 100, height: 20))
            photo.addSubview(label)
            window.addSubview(photo)
            let delegate = ContextDelegate()
            let interaction = UIContextMenuInteraction(delegate: delegate)
            photo.addInteraction(interaction)
            #expect(interaction.view === photo && photo.interactions.count == 1)
            // A click on a subview without one reaches the view that has it.
            window.sendSecondaryClick(at: CGPoint(x: 60, y: 120))
            #expect(delegate.log == ["configuration at 20,20", "willDisplay"])
            #expect(interaction.location(in: photo) == CGPoint(x: 20, y: 20))
            // The menu's corner is at the click.
            let favorite = try #require(item("Favorite", in: window))
            #expect(favorite.y > 120 && favorite.x > 60)
            window.tap(at: favorite)
            #expect(delegate.log == ["configuration at 20,20", "willDisplay", "willEnd", "Favorite"])
            // No configuration, no menu.
            delegate.offers = false
            window.sendSecondaryClick(at: CGPoint(x: 60, y: 120))
            #expect(items(in: window).isEmpty)
            photo.removeInteraction(interaction)
            #expect(interaction.view == nil && photo.interactions.isEmpty)
        }
    }

    @Test func aBarButtonItemWithAMenuShowsItWhenTapped() throws {
        try withWindow(size: CGSize(width: 320, height: 480)) { window in
            let root = UIViewController()
            var chosen: [String] = []
            let more = UIBarButtonItem(title: "More", menu: UIMenu(children: [UIAction(title: "Archive") { _ in chosen.append("Archive") }]))
            root.navigationItem.rightBarButtonItem = more
            let navigation = UINavigationController(rootViewController: root)
            window.rootViewController = navigation
            window.layoutIfNeeded()
            let bar = navigation.navigationBar
            let button = try #require(bar.subviews.first { view in
                view.subviews.contains { ($0 as? UILabel)?.text == "More" }
            })
            window.tap(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: window))
            window.tap(at: try #require(item("Archive", in: window)))
            #expect(chosen == ["Archive"])
        }
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func menusLookRight(_ style: UIUserInterfaceStyle) throws {
        try withWindow(size: CGSize(width: 320, height: 420)) { window in
            window.overrideUserInterfaceStyle = style
            let root = UIView(frame: window.bounds)
            root.backgroundColor = .systemGroupedBackground
            window.addSubview(root)
            let button = UIButton(type: .system)
            button.setTitle("Options", for: .normal)
            button.frame = CGRect(x: 20, y: 20, width: 100, height: 44)
            button.menu = UIMenu(title: "Photo", children: [
                UIMenu(options: [.displayInline, .singleSelection], children: [
                    UIAction(title: "Name", image: UIImage(systemName: "person"), state: .on) { _ in },
                    UIAction(title: "Date", subtitle: "Newest first", image: UIImage(systemName: "star")) { _ in },
                ]),
                UIAction(title: "Disabled", attributes: .disabled) { _ in },
                UIMenu(title: "Share", children: [UIAction(title: "Mail") { _ in }]),
                UIMenu(options: .displayInline, children: [
                    UIAction(title: "Delete", image: UIImage(systemName: "trash"), attributes: .destructive) { _ in },
                ]),
            ])
            button.showsMenuAsPrimaryAction = true
            window.addSubview(button)
            window.tap(at: CGPoint(x: 70, y: 42))
            window.layoutIfNeeded()
            let image = try controlSnapshot(window)
            let message = ReferenceImage.mismatch(image, suite: "UIMenuTests", name: "menu-\(style == .dark ? "dark" : "light")")
            #expect(message == nil, Comment(rawValue: message ?? ""))
        }
    }
}
