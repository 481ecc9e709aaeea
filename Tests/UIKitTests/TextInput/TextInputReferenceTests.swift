import LaminaTestSupport
import Testing
import UIKit

/// How text fields and text views look in each state, light and dark: placeholder, text,
/// editing with the caret and clear button, a selection, secure entry, each border style,
/// truncated text, and a text view with a selection over two lines.
@MainActor
@Suite struct TextInputReferenceTests {
    /// One state: a 240 × 50 strip with the control in it, made first responder and given a
    /// selection when asked.
    private func strip(_ style: UIUserInterfaceStyle, height: CGFloat = 50, editing: Bool = false, selection: NSRange? = nil,
                       make: () -> UIView) throws -> CGImage {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: height))
        window.overrideUserInterfaceStyle = style
        let root = UIView(frame: window.bounds)
        root.backgroundColor = .systemGroupedBackground
        window.addSubview(root)
        window.makeKeyAndVisible()
        defer { window.isHidden = true }
        let control = make()
        root.addSubview(control)
        if editing { #expect(control.becomeFirstResponder()) }
        if let selection, let input = control as? UITextInput { input.selectOffsets(selection.location, selection.length) }
        return try controlSnapshot(root)
    }

    private func field(_ border: UITextField.BorderStyle = .roundedRect, text: String? = nil, placeholder: String? = nil) -> UITextField {
        let field = UITextField(frame: CGRect(x: 12, y: 8, width: 216, height: 34))
        field.borderStyle = border
        field.text = text
        field.placeholder = placeholder
        return field
    }

    private func sheet(_ style: UIUserInterfaceStyle) throws -> CGImage {
        var strips: [CGImage] = []
        strips.append(try strip(style) { field(placeholder: "Name") })
        strips.append(try strip(style) { field(text: "Lamina") })
        strips.append(try strip(style, editing: true) {
            let made = field(text: "Lamina")
            made.clearButtonMode = .whileEditing
            return made
        })
        strips.append(try strip(style, editing: true, selection: NSRange(location: 2, length: 3)) { field(text: "Lamina") })
        strips.append(try strip(style) {
            let made = field(text: "secret")
            made.isSecureTextEntry = true
            return made
        })
        strips.append(try strip(style) { field(.line, text: "Line border") })
        strips.append(try strip(style) { field(.bezel, text: "Bezel border") })
        strips.append(try strip(style) { field(.none, text: "No border") })
        strips.append(try strip(style) { field(text: "A sentence far too long to fit in this field") })
        strips.append(try strip(style, height: 90, editing: true, selection: NSRange(location: 26, length: 20)) {
            let view = UITextView(frame: CGRect(x: 12, y: 8, width: 216, height: 74))
            view.font = .systemFont(ofSize: 15)
            view.text = "Notes can run over several lines, and select across them."
            view.layer.cornerRadius = 8
            return view
        })
        let width = strips[0].width
        let height = strips.reduce(0) { $0 + $1.height }
        let context = try #require(CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        var y = height
        for image in strips {
            y -= image.height
            context.draw(image, in: CGRect(x: 0, y: y, width: image.width, height: image.height))
        }
        return try #require(context.makeImage())
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func fieldsAndTextViewsInEveryState(_ style: UIUserInterfaceStyle) throws {
        let clock = CAMediaClock(manualTime: 1000)
        try clock.withCurrent {
            let name = style == .dark ? "states-dark" : "states-light"
            let message = ReferenceImage.mismatch(try sheet(style), suite: "TextInputReferenceTests", name: name)
            #expect(message == nil, Comment(rawValue: message ?? ""))
        }
    }
}
