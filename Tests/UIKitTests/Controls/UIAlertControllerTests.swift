import LaminaTestSupport
import Testing
import UIKit

/// UIAlertController: actions and their order, presentation over a dimmed screen with the
/// tints behind dimmed, handlers after dismissal, the sheet's outside tap, and the look of
/// alerts and sheets in both appearances.
@MainActor
@Suite struct UIAlertControllerTests {
    /// A 320 × 480 window whose root controller has a tinted button.
    func withScreen(_ style: UIUserInterfaceStyle = .light,
                            _ body: (UIWindow, UIViewController, UIButton, CAMediaClock) throws -> Void) rethrows {
        let clock = CAMediaClock(manualTime: 1000)
        try clock.withCurrent {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.overrideUserInterfaceStyle = style
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            root.view.backgroundColor = .systemBackground
            let button = UIButton(type: .system)
            button.setTitle("Delete everything", for: .normal)
            button.frame = CGRect(x: 20, y: 60, width: 280, height: 44)
            root.view.addSubview(button)
            try body(window, root, button, clock)
            window.isHidden = true
            CATransaction.flush()
        }
    }

    @Test func actionsKeepTheirOrderAndStyles() {
        let alert = UIAlertController(title: "Delete?", message: "This cannot be undone.", preferredStyle: .alert)
        #expect(alert.preferredStyle == .alert && alert.title == "Delete?" && alert.message == "This cannot be undone.")
        let cancel = UIAlertAction(title: "Cancel", style: .cancel)
        let delete = UIAlertAction(title: "Delete", style: .destructive)
        alert.addAction(delete)
        alert.addAction(cancel)
        #expect(alert.actions == [delete, cancel])
        #expect(cancel.isEnabled && delete.style == .destructive)
        alert.preferredAction = delete
        #expect(alert.preferredAction === delete)
        #expect(UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet).preferredStyle == .actionSheet)
    }

    @Test func choosingAnActionDismissesThenRunsItsHandler() throws {
        try withScreen { window, root, button, _ in
            var log: [String] = []
            let alert = UIAlertController(title: "Delete?", message: "This cannot be undone.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
            alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in
                log.append("delete, presented: \(root.presentedViewController != nil)")
            })
            root.present(alert, animated: true)
            window.layoutIfNeeded()
            #expect(root.presentedViewController === alert && alert.presentingViewController === root)
            #expect(alert.view.window === window && alert.view.frame == window.bounds)
            // The screen behind shows its tint dimmed.
            #expect(button.tintAdjustmentMode == .automatic && root.view.tintAdjustmentMode == .dimmed)
            #expect(button.tintColor != .systemBlue)
            // Two actions side by side in a 270-point card centred on the screen: Cancel left,
            // Delete right, 44 points high at the card's bottom.
            let card = try #require(alert.view.subviews.last)
            #expect(card.frame.width == 270 && card.frame.midX == 160)
            window.tap(at: CGPoint(x: 160 + 67, y: card.frame.maxY - 22))
            #expect(log == ["delete, presented: false"])
            #expect(root.presentedViewController == nil && alert.view.window == nil)
            #expect(root.view.tintAdjustmentMode == .automatic && button.tintColor == .systemBlue)
        }
    }

    @Test func aTapOutsideASheetChoosesItsCancelAction() {
        withScreen { window, root, _, _ in
            var log: [String] = []
            let sheet = UIAlertController(title: nil, message: "Share the photo", preferredStyle: .actionSheet)
            sheet.addAction(UIAlertAction(title: "Copy", style: .default) { _ in log.append("copy") })
            sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
            root.present(sheet, animated: true)
            window.layoutIfNeeded()
            window.tap(at: CGPoint(x: 160, y: 60))
            #expect(log == ["cancel"])
            #expect(root.presentedViewController == nil)
            // An alert ignores taps outside.
            let alert = UIAlertController(title: "Note", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in log.append("ok") })
            root.present(alert, animated: true)
            window.layoutIfNeeded()
            window.tap(at: CGPoint(x: 20, y: 20))
            #expect(root.presentedViewController === alert && log == ["cancel"])
        }
    }

    func snapshot(_ style: UIUserInterfaceStyle, _ make: () -> UIAlertController) throws -> CGImage {
        var result: CGImage?
        try withScreen(style) { window, root, _, _ in
            root.present(make(), animated: false)
            window.layoutIfNeeded()
            let format = UIGraphicsImageRendererFormat()
            format.scale = 2
            result = UIGraphicsImageRenderer(size: window.bounds.size, format: format).image { window.layer.render(in: $0.cgContext) }.cgImage
        }
        return try #require(result)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func alertsAndSheetsLookRight(_ style: UIUserInterfaceStyle) throws {
        let suffix = style == .dark ? "dark" : "light"
        let two = try snapshot(style) {
            let alert = UIAlertController(title: "Delete Photo?", message: "It will be removed from all your devices.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Delete", style: .destructive))
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            return alert
        }
        let stacked = try snapshot(style) {
            let alert = UIAlertController(title: "Sign In", message: "Choose an account.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Work", style: .default))
            alert.addAction(UIAlertAction(title: "Personal", style: .default))
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            return alert
        }
        let sheet = try snapshot(style) {
            let sheet = UIAlertController(title: "Photo", message: "Share or remove it.", preferredStyle: .actionSheet)
            sheet.addAction(UIAlertAction(title: "Share", style: .default))
            sheet.addAction(UIAlertAction(title: "Delete", style: .destructive))
            sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            return sheet
        }
        for (image, name) in [(two, "alert-two-\(suffix)"), (stacked, "alert-stacked-\(suffix)"), (sheet, "sheet-\(suffix)")] {
            let message = ReferenceImage.mismatch(image, suite: "UIAlertControllerTests", name: name)
            #expect(message == nil, Comment(rawValue: message ?? ""))
        }
    }
}

extension UIAlertControllerTests {
    @Test func textFieldsAreConfiguredEditedAndReturnChoosesThePreferredAction() throws {
        try withScreen { window, root, _, _ in
            let alert = UIAlertController(title: "Rename", message: "Enter a new name.", preferredStyle: .alert)
            #expect(alert.textFields == nil)
            alert.addTextField { $0.placeholder = "Name" }
            alert.addTextField {
                $0.placeholder = "Password"
                $0.isSecureTextEntry = true
            }
            #expect(alert.textFields?.count == 2)
            #expect(alert.textFields?[1].isSecureTextEntry == true)
            var chosen: [String] = []
            let save = UIAlertAction(title: "Save", style: .default) { _ in chosen.append("save \(alert.textFields?[0].text ?? "")") }
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(save)
            alert.preferredAction = save
            root.present(alert, animated: false)
            // The first field is being edited: typing goes there.
            #expect(alert.textFields?[0].isFirstResponder == true)
            window.typeText("Ada")
            #expect(alert.textFields?[0].text == "Ada")
            window.pressKey("\r")
            #expect(chosen == ["save Ada"])
            #expect(root.presentedViewController == nil)
        }
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func anAlertWithTextFieldsLooksRight(_ style: UIUserInterfaceStyle) throws {
        let image = try snapshot(style) {
            let alert = UIAlertController(title: "Sign In", message: "Enter your name and password.", preferredStyle: .alert)
            alert.addTextField { $0.placeholder = "Name" }
            alert.addTextField {
                $0.placeholder = "Password"
                $0.text = "secret"
                $0.isSecureTextEntry = true
            }
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(UIAlertAction(title: "Sign In", style: .default))
            return alert
        }
        let message = ReferenceImage.mismatch(image, suite: "UIAlertControllerTests", name: "alert-fields-\(style == .dark ? "dark" : "light")")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
