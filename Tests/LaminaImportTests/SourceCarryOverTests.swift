import Foundation
import Testing
@testable import LaminaImport

/// The carry-over of iOS sources to Swift without an Objective-C runtime, token-exact.
@Suite struct SourceCarryOverTests {
    private static let controller = #"""
    import UIKit.UIGestureRecognizerSubclass

    @objcMembers
    class ComposeViewController: UIViewController {
        @IBOutlet weak var titleLabel: UILabel!
        @IBOutlet var fields: [UITextField]!
        @IBInspectable var cornerRadius: CGFloat = 4
        @objc dynamic var draft = ""

        override func viewDidLoad() {
            super.viewDidLoad()
            // A comment keeps its @objc and #selector(text).
            let note = "a string keeps #selector(this) and @IBAction"
            let raw = #"raw "quoted" \(not interpolated) #selector(x)"#
            let multi = """
                multi-line with \(note.count) and "quotes" #selector(y)
                """
            sendButton.addTarget(self, action: #selector(didTap(_:)), for: .touchUpInside)
            view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(self.dismissKeyboard)))
            NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow), name: nil, object: nil)
            button.addTarget(self, action: #selector(ComposeViewController.handle(_:forEvent:)), for: .touchDown)
            let path = #keyPath(ComposeViewController.draft.count)
            print(raw, multi, path, #selector(getter: UIView.frame), #selector(setter: UIView.frame), #selector(move(to:)))
        }

        @IBAction func didTap(_ sender: UIButton) {}
        @objc private func dismissKeyboard() {}
        @objc(keyboardWillShowWithNote:) func keyboardWillShow(_ note: Notification) {}
        @objc func handle(_ sender: Any, forEvent event: UIEvent) {}
    }

    @UIApplicationMain
    class AppDelegate: UIResponder, UIApplicationDelegate {}
    """#

    @Test func attributesSelectorsAndKeyPathsAreCarriedOverOnTheirOwnLines() throws {
        let selectors = SelectorNames(sources: [SourceCarryOverTests.controller])
        let carried = SourceCarryOver.carry(SourceCarryOverTests.controller, path: "/app/Compose.swift", selectors: selectors)
        var lines = carried.text.components(separatedBy: "\n")
        #expect(lines.first == #"#sourceLocation(file: "/app/Compose.swift", line: 1)"#)
        #expect(lines.suffix(2) == ["#sourceLocation()", ""])
        lines = Array(lines.dropFirst().dropLast(2))
        let original = SourceCarryOverTests.controller.components(separatedBy: "\n")
        try #require(lines.count == original.count, "every line stays on its line")
        func line(_ n: Int) -> String { lines[n - 1] }
        #expect(line(1) == "import UIKit")
        #expect(line(3) == "")
        #expect(line(5) == "    weak var titleLabel: UILabel!")
        #expect(line(6) == "    var fields: [UITextField]!")
        #expect(line(7) == "    var cornerRadius: CGFloat = 4")
        #expect(line(8) == "    dynamic var draft = \"\"")
        for n in 12...17 { #expect(line(n) == original[n - 1], "comments and strings are not touched (line \(n))") }
        #expect(line(18) == #"        sendButton.addTarget(self, action: Selector("didTap:"), for: .touchUpInside)"#)
        #expect(line(19) == #"        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: Selector("dismissKeyboard")))"#)
        #expect(line(20) == #"        NotificationCenter.default.addObserver(self, selector: Selector("keyboardWillShowWithNote:"), name: nil, object: nil)"#,
                "the declaration's @objc name, found without labels")
        #expect(line(21) == #"        button.addTarget(self, action: Selector("handle:forEvent:"), for: .touchDown)"#)
        #expect(line(22) == #"        let path = "draft.count""#)
        #expect(line(23) == #"        print(raw, multi, path, Selector("frame"), Selector("setFrame:"), Selector("moveWithTo:"))"#)
        #expect(line(26) == "    func didTap(_ sender: UIButton) {}")
        #expect(line(27) == "    private func dismissKeyboard() {}")
        #expect(line(28) == "    func keyboardWillShow(_ note: Notification) {}")
        #expect(line(32) == "@main")
        #expect(carried.changes.contains(.init(line: 32, description: "@UIApplicationMain became @main")))
        #expect(carried.changes.contains(.init(line: 18, description: #"#selector(…) became Selector("didTap:")"#)))
    }

    @Test func selectorNamesFollowObjectiveCsRules() {
        #expect(SelectorNames.selector(base: "refresh", labels: []) == "refresh")
        #expect(SelectorNames.selector(base: "didTap", labels: ["_"]) == "didTap:")
        #expect(SelectorNames.selector(base: "insert", labels: ["item", "at"]) == "insertWithItem:at:")
        #expect(SelectorNames.selector(base: "tableView", labels: ["_", "didSelectRowAt"]) == "tableView:didSelectRowAt:")
        let names = SelectorNames(sources: ["class A { @objc func save(_ value: Any, to url: URL, options: [String: Int] = [:]) {} }"])
        #expect(names.selector(forBaseName: "save") == "save:to:options:")
        #expect(names.selector(forBaseName: "unknown") == "unknown")
    }

    @Test func theLexerCoversEveryByteAndNestsWhatSwiftNests() {
        let source = ###"let a = "x\("y\(1 + (2))")z" /* outer /* inner */ still */ + ##"a"#b"## // end"###
        let bytes = Array(source.utf8)
        let tokens = SwiftLexer(bytes).tokens()
        #expect(tokens.first?.range.lowerBound == 0 && tokens.last?.range.upperBound == bytes.count)
        for (a, b) in zip(tokens, tokens.dropFirst()) { #expect(a.range.upperBound == b.range.lowerBound) }
        let strings = tokens.filter { $0.kind == .string }.map { String(decoding: bytes[$0.range], as: UTF8.self) }
        #expect(strings == [#""x\("y\(1 + (2))")z""#, ###"##"a"#b"##"###])
        let comments = tokens.filter { $0.kind == .comment }.map { String(decoding: bytes[$0.range], as: UTF8.self) }
        #expect(comments == ["/* outer /* inner */ still */", "// end"])
    }
}

/// The registrations written for the methods selectors reach.
@Suite struct SelectorRegistrationTests {
    @Test func exposedMethodsAreFoundWithTheirTypesAndParameters() {
        let source = """
        @objcMembers final class Panel: UIView {
            func close() {}
            private func resize(to size: CGSize, animated: Bool = true) {}
            static func make() -> Panel { Panel() }
            var title = ""
        }
        class Outer: NSObject {
            class Inner: NSObject {
                @objc func ping(_ sender: Any?) {}
            }
            @IBAction func save(_ sender: UIBarButtonItem?) throws {}
            @objc(countWithFilter:) func count(_ filter: String) -> Int { 0 }
            func notExposed() {}
            @objc func load() async {}
            func body() {
                class Local: NSObject { @objc func hidden() {} }
            }
        }
        extension Outer.Inner {
            @objc func pong(_ a: [String: Int], with handler: @escaping (Int) -> Void) {}
        }
        class Box<T>: NSObject { @objc func open() {} }
        """
        let found = SelectorRegistrations(source: source).methods
        #expect(found.map { "\($0.type) \($0.selector)" } == [
            "Panel close", "Panel resizeWithTo:animated:", "Outer.Inner ping:", "Outer save:", "Outer countWithFilter:",
            "Outer.Inner pong:with:",
        ])
        let resize = found[1]
        #expect(resize.parameters.map(\.label) == ["to", "animated"])
        #expect(resize.parameters.map(\.type) == ["CGSize", "Bool"])
        #expect(found[3].throwsError && found[4].returnsValue)
        #expect(found[5].parameters.map(\.type) == ["[String:Int]", "@escaping(Int) -> Void"])
    }

    @Test func theRegistrationCallsEachMethodWithItsArgumentsConverted() {
        let source = """
        class Compose: UIViewController {
            @IBAction func didTap(_ sender: UIButton) {}
            @objc func handle(_ sender: Any, forEvent event: UIEvent?) {}
            @objc func title() -> String { "" }
        }
        """
        let code = SelectorRegistrations(source: source).code(suffix: "_3")
        #expect(code.calls == ["Compose.__laminaRegisterSelectors_3()"])
        #expect(code.declarations == """
        extension Compose {
            nonisolated static func __laminaRegisterSelectors_3() {
                SelectorTable.register("didTap:", on: Compose.self, returning: { target, arguments in
                    SelectorTable.callAsMainActor { target.didTap(arguments[0] as! UIButton) }
                    return nil
                })
                SelectorTable.register("handle:forEvent:", on: Compose.self, returning: { target, arguments in
                    SelectorTable.callAsMainActor { target.handle(arguments[0] as Any, forEvent: arguments[1] as? UIEvent) }
                    return nil
                })
                SelectorTable.register("title", on: Compose.self, returning: { target, arguments in
                    return SelectorTable.callAsMainActor { target.title() as Any? }
                })
            }
        }

        """)
    }
}

/// Properties reached by key-value coding (Interface Builder's runtime attributes).
@Suite struct PropertyRegistrationTests {
    @Test func inspectableAndObjcPropertiesGetAccessors() {
        let source = """
        class RoundedView: UIView {
            @IBInspectable var cornerRadius: CGFloat = 0 {
                didSet { layer.cornerRadius = cornerRadius }
            }
            @IBInspectable var borderColor: UIColor?
            @objc var summary: String { "\\(cornerRadius)" }
            @objc var count: Int {
                get { 1 }
                set { }
            }
            @objc let identifier: String = "x"
            static var shared: RoundedView?
            var plain: Int = 0
        }
        """
        let found = SelectorRegistrations(source: source).methods
        #expect(found.map(\.selector) == ["cornerRadius", "setCornerRadius:", "borderColor", "setBorderColor:", "summary",
                                          "count", "setCount:", "identifier"])
        let code = SelectorRegistrations(source: source).code(suffix: "").declarations
        #expect(code.contains("SelectorTable.callAsMainActor { target.cornerRadius = (arguments[0] as? NSNumber).map { CGFloat($0.doubleValue) } ?? arguments[0] as! CGFloat }"))
        #expect(code.contains("SelectorTable.callAsMainActor { target.borderColor = arguments[0] as? UIColor }"))
        #expect(code.contains("return SelectorTable.callAsMainActor { target.summary as Any? }"))
    }
}

/// Layer subclasses as iOS code writes them: managed properties and initializer overrides.
@Suite struct LayerSubclassCarryOverTests {
    @Test func managedPropertiesAndLayerInitializersAreCarriedOver() {
        let source = """
        class ProgressLayer: CALayer {
            @NSManaged var progress: CGFloat
            @NSManaged public var tint: UIColor?
            @NSManaged var label: String

            override init() { super.init() }
            override init(layer: Any) { super.init(layer: layer) }
            required init?(coder: NSCoder) { fatalError() }

            override class func needsDisplay(forKey key: String) -> Bool {
                key == "progress" || super.needsDisplay(forKey: key)
            }
        }
        class Panel: UIView {
            override init(frame: CGRect) { super.init(frame: frame) }
        }
        """
        let carried = SourceCarryOver.carry(source, path: "/p.swift", selectors: SelectorNames())
        let lines = carried.text.components(separatedBy: "\n").dropFirst().map { $0 }
        #expect(lines[1] == #"    var progress: CGFloat { get { let v = value(forKey: "progress"); return (v as? CGFloat) ?? (v as? NSNumber).map { CGFloat($0.doubleValue) } ?? 0 } set { setValue(newValue, forKey: "progress") } }"#)
        #expect(lines[2] == #"    public var tint: UIColor? { get { value(forKey: "tint") as? UIColor } set { setValue(newValue, forKey: "tint") } }"#)
        #expect(lines[3] == #"    var label: String { get { (value(forKey: "label") as? String)! } set { setValue(newValue, forKey: "label") } }"#)
        #expect(lines[5] == "    required override init() { super.init() }")
        #expect(lines[6] == "    required override init(layer: Any) { super.init(layer: layer) }")
        #expect(lines[7] == "    required init?(coder: NSCoder) { fatalError() }")
        #expect(lines[14] == "    override init(frame: CGRect) { super.init(frame: frame) }", "not a layer: left alone")
    }
}

/// Optional protocol requirements, which Swift has only for Objective-C protocols.
@Suite struct OptionalRequirementCarryOverTests {
    @Test func optionalRequirementsGetDefaultsAndTheirCallsBecomePlain() {
        let source = """
        @objc protocol EditorDelegate: AnyObject {
            func editorDidSave(_ editor: Editor)
            @objc optional func editor(_ editor: Editor, shouldClose animated: Bool) -> Bool
            @objc optional func editorDidCancel(_ editor: Editor)
            @objc optional func title(for editor: Editor) -> String?
        }
        final class Editor {
            weak var delegate: EditorDelegate?
            var onClose: (() -> Void)?
            func close() {
                if delegate?.editor?(self, shouldClose: true) == false { return }
                delegate?.editorDidCancel?(self)
                _ = delegate?.title!(for: self)
                onClose?()
                tableView.dataSource?.tableView?(tableView, titleForHeaderInSection: 0)
            }
        }
        """
        let selectors = SelectorNames(sources: [source])
        let carried = SourceCarryOver.carry(source, path: "/e.swift", selectors: selectors)
        let lines = carried.text.components(separatedBy: "\n")
        #expect(lines[3] == "    func editor(_ editor: Editor, shouldClose animated: Bool) -> Bool")
        #expect(lines[4] == "    func editorDidCancel(_ editor: Editor)")
        #expect(lines[11] == "        if delegate?.editor(self, shouldClose: true) == false { return }")
        #expect(lines[12] == "        delegate?.editorDidCancel(self)")
        #expect(lines[13] == "        _ = delegate?.title(for: self)")
        #expect(lines[14] == "        onClose?()", "an optional closure keeps its ?")
        #expect(lines[15] == "        tableView.dataSource?.tableView(tableView, titleForHeaderInSection: 0)")
        #expect(carried.text.contains("""
        extension EditorDelegate {
            func editor(_ editor: Editor, shouldClose animated: Bool) -> Bool { false }
        }
        """))
        #expect(carried.text.contains("func editorDidCancel(_ editor: Editor) {}"))
        #expect(carried.text.contains("func title(for editor: Editor) -> String? { nil }"))
    }
}

/// Foundation's networking types, which Linux keeps in a module of their own.
@Suite struct NetworkingImportCarryOverTests {
    @Test func aFileUsingURLSessionImportsFoundationNetworking() {
        let service = "import Foundation\n\nstruct HistoryService {\n    func fetch(_ url: URL) { URLSession.shared.dataTask(with: url).resume() }\n}\n"
        let carried = SourceCarryOver.carry(service, path: "/s.swift", selectors: SelectorNames())
        #expect(carried.text.components(separatedBy: "\n")[1] == "import Foundation; import FoundationNetworking")
        #expect(carried.changes.map(\.line) == [1])
        let model = "import Foundation\n\nstruct Note { let url: URL }\n"
        #expect(!SourceCarryOver.carry(model, path: "/m.swift", selectors: SelectorNames()).text.contains("FoundationNetworking"))
    }
}
