import Foundation

/// The Interface Builder attributes of UIKit's controls and text views.
@MainActor
extension IBCoder {
    private func float(_ attribute: String) -> Float? { number(attribute).map { Float($0) } }
    private func double(_ attribute: String) -> Double? { number(attribute).map { Double($0) } }

    func decodeSwitch(_ control: UISwitch) {
        if let on = bool("on") { control.isOn = on }
        if let color = color("onTintColor") { control.onTintColor = color }
        if let color = color("thumbTintColor") { control.thumbTintColor = color }
    }

    func decodeSlider(_ slider: UISlider) {
        if let value = float("minValue") { slider.minimumValue = value }
        if let value = float("maxValue") { slider.maximumValue = value }
        if let value = float("value") { slider.value = value }
        if let continuous = bool("continuous") { slider.isContinuous = continuous }
        if let color = color("minimumTrackTintColor") { slider.minimumTrackTintColor = color }
        if let color = color("maximumTrackTintColor") { slider.maximumTrackTintColor = color }
        if let color = color("thumbTintColor") { slider.thumbTintColor = color }
    }

    func decodeStepper(_ stepper: UIStepper) {
        if let value = double("minimumValue") { stepper.minimumValue = value }
        if let value = double("maximumValue") { stepper.maximumValue = value }
        if let value = double("stepValue") { stepper.stepValue = value }
        if let value = double("value") { stepper.value = value }
        if let wraps = bool("wraps") { stepper.wraps = wraps }
        if let repeats = bool("autorepeat") { stepper.autorepeat = repeats }
        if let continuous = bool("continuous") { stepper.isContinuous = continuous }
    }

    func decodeSegmentedControl(_ control: UISegmentedControl) {
        for (index, segment) in (element.child("segments")?.children(named: "segment") ?? []).enumerated() {
            if let name = segment["image"], let image = UIImage(named: name, in: load.bundle, compatibleWith: nil) ?? UIImage(systemName: name) {
                control.insertSegment(with: image, at: index, animated: false)
            } else {
                control.insertSegment(withTitle: segment["title"] ?? "", at: index, animated: false)
            }
            if segment["enabled"] == "NO" { control.setEnabled(false, forSegmentAt: index) }
        }
        if let index = int("selectedSegmentIndex") { control.selectedSegmentIndex = index }
        if let color = color("selectedSegmentTintColor") { control.selectedSegmentTintColor = color }
        if let momentary = bool("momentary") { control.isMomentary = momentary }
    }

    func decodeProgressView(_ progress: UIProgressView) {
        if string("progressViewStyle") == "bar" { progress.progressViewStyle = .bar }
        if let value = float("progress") { progress.progress = value }
        if let color = color("progressTintColor") { progress.progressTintColor = color }
        if let color = color("trackTintColor") { progress.trackTintColor = color }
    }

    func decodeActivityIndicator(_ indicator: UIActivityIndicatorView) {
        switch string("style") {
        case "large", "whiteLarge": indicator.style = .large
        case "medium", "white", "gray": indicator.style = .medium
        default: break
        }
        if let hides = bool("hidesWhenStopped") { indicator.hidesWhenStopped = hides }
        if let color = color("color") { indicator.color = color }
        if bool("animating") == true { indicator.startAnimating() }
    }

    func decodePageControl(_ control: UIPageControl) {
        if let pages = int("numberOfPages") { control.numberOfPages = pages }
        if let page = int("currentPage") { control.currentPage = page }
        if let hides = bool("hidesForSinglePage") { control.hidesForSinglePage = hides }
        if let color = color("pageIndicatorTintColor") { control.pageIndicatorTintColor = color }
        if let color = color("currentPageIndicatorTintColor") { control.currentPageIndicatorTintColor = color }
    }

    private static let alignments: [String: NSTextAlignment] = [
        "natural": .natural, "left": .left, "center": .center, "right": .right, "justified": .justified,
    ]
    private static let borderStyles: [String: UITextField.BorderStyle] = [
        "none": .none, "line": .line, "bezel": .bezel, "roundedRect": .roundedRect,
    ]
    private static let viewModes: [String: UITextField.ViewMode] = [
        "never": .never, "whileEditing": .whileEditing, "unlessEditing": .unlessEditing, "always": .always,
    ]
    private static let keyboards: [String: UIKeyboardType] = [
        "default": .default, "alphabet": .asciiCapable, "numbersAndPunctuation": .numbersAndPunctuation, "URL": .URL,
        "numberPad": .numberPad, "phonePad": .phonePad, "namePhonePad": .namePhonePad, "emailAddress": .emailAddress,
        "decimalPad": .decimalPad, "twitter": .twitter, "webSearch": .webSearch, "asciiCapableNumberPad": .asciiCapableNumberPad,
    ]
    private static let returnKeys: [String: UIReturnKeyType] = [
        "default": .default, "go": .go, "google": .google, "join": .join, "next": .next, "route": .route, "search": .search,
        "send": .send, "yahoo": .yahoo, "done": .done, "emergencyCall": .emergencyCall, "continue": .continue,
    ]
    private static let capitalizations: [String: UITextAutocapitalizationType] = [
        "none": .none, "words": .words, "sentences": .sentences, "allCharacters": .allCharacters,
    ]
    private static let corrections: [String: UITextAutocorrectionType] = ["default": .default, "no": .no, "yes": .yes]

    /// The `<textInputTraits>` a text field or view gives (nil for what it leaves out).
    private var inputTraits: (keyboard: UIKeyboardType?, returnKey: UIReturnKeyType?, capitalization: UITextAutocapitalizationType?,
                              correction: UITextAutocorrectionType?, secure: Bool)? {
        guard let traits = element.child("textInputTraits", key: "textInputTraits") else { return nil }
        return (traits["keyboardType"].flatMap { IBCoder.keyboards[$0] }, traits["returnKeyType"].flatMap { IBCoder.returnKeys[$0] },
                traits["autocapitalizationType"].flatMap { IBCoder.capitalizations[$0] },
                traits["autocorrectionType"].flatMap { IBCoder.corrections[$0] }, traits["secureTextEntry"] == "YES")
    }

    /// A `<string key="text">` child or a `text` attribute.
    private var text: String? { string("text") ?? element.child("string", key: "text")?.text }

    func decodeTextField(_ field: UITextField) {
        if let font = font() { field.font = font }
        if let color = color("textColor") { field.textColor = color }
        if let alignment = string("textAlignment").flatMap({ IBCoder.alignments[$0] }) { field.textAlignment = alignment }
        if let style = string("borderStyle").flatMap({ IBCoder.borderStyles[$0] }) { field.borderStyle = style }
        if let mode = string("clearButtonMode").flatMap({ IBCoder.viewModes[$0] }) { field.clearButtonMode = mode }
        if let size = number("minimumFontSize") { field.minimumFontSize = size }
        if let fits = bool("adjustsFontSizeToFit") { field.adjustsFontSizeToFitWidth = fits }
        if let placeholder = string("placeholder") { field.placeholder = placeholder }
        if let text { field.text = text }
        if let traits = inputTraits {
            field.keyboardType = traits.keyboard ?? field.keyboardType
            field.returnKeyType = traits.returnKey ?? field.returnKeyType
            field.autocapitalizationType = traits.capitalization ?? field.autocapitalizationType
            field.autocorrectionType = traits.correction ?? field.autocorrectionType
            if traits.secure { field.isSecureTextEntry = true }
        }
    }

    func decodeTextView(_ view: UITextView) {
        if let color = color("backgroundColor") { view.backgroundColor = color }
        if let font = font() { view.font = font }
        if let color = color("textColor") { view.textColor = color }
        if let alignment = string("textAlignment").flatMap({ IBCoder.alignments[$0] }) { view.textAlignment = alignment }
        if let editable = bool("editable") { view.isEditable = editable }
        if let selectable = bool("selectable") { view.isSelectable = selectable }
        if let text { view.text = text }
        if let traits = inputTraits {
            view.keyboardType = traits.keyboard ?? view.keyboardType
            view.returnKeyType = traits.returnKey ?? view.returnKeyType
            view.autocapitalizationType = traits.capitalization ?? view.autocapitalizationType
            view.autocorrectionType = traits.correction ?? view.autocorrectionType
        }
    }
}
