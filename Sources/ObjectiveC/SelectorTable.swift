import Foundation

/// Lamina's stand-in for the Objective-C runtime's method lists: which method a selector names
/// on a class.
///
/// On iOS, `@objc` makes a method reachable by its selector; Swift on Linux has neither, so a
/// class registers the methods it lets selectors reach. The `lamina` command writes these
/// registrations for an app's `@objc` and `@IBAction` methods; code written straight against
/// the package registers its own, once, before the selector is used:
///
/// ```swift
/// final class ViewController: UIViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         SelectorTable.register("didTap:", on: ViewController.self) { controller, sender in
///             controller.didTap(sender as! UIButton)
///         }
///         button.addTarget(self, action: Selector("didTap:"), for: .touchUpInside)
///     }
///     func didTap(_ sender: UIButton) { … }
/// }
/// ```
///
/// A method registered on a class answers for its subclasses, and a subclass's own
/// registration of the same selector overrides it. Registration and lookup are thread-safe.
public enum SelectorTable {
    /// A registered method: how many arguments it takes and how to call it.
    struct Method {
        let argumentCount: Int
        let call: (AnyObject, [Any?]) -> Any?
    }

    /// `@unchecked Sendable`: the table is only reached under `lock`.
    private final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var methods: [ObjectIdentifier: [Selector: Method]] = [:]
    }

    private static let storage = Storage()

    private static func add<Target: AnyObject>(_ type: Target.Type, _ selector: Selector, _ method: Method) {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        storage.methods[ObjectIdentifier(type), default: [:]][selector] = method
    }

    /// Registers a method without arguments (`refresh`).
    public static func register<Target: AnyObject>(_ selector: Selector, on type: Target.Type,
                                                   _ method: @escaping (Target) -> Void) {
        add(type, selector, Method(argumentCount: 0) { target, _ in
            method(unsafeDowncast(target, to: Target.self))
            return nil
        })
    }

    /// Registers a method of one argument (`didTap:`): an action's sender, a notification, a
    /// timer, a display link, or `perform(_:with:)`'s object.
    public static func register<Target: AnyObject>(_ selector: Selector, on type: Target.Type,
                                                   _ method: @escaping (Target, Any?) -> Void) {
        add(type, selector, Method(argumentCount: 1) { target, arguments in
            method(unsafeDowncast(target, to: Target.self), arguments.first ?? nil)
            return nil
        })
    }

    /// Registers a method of two arguments (`handle:forEvent:`): an action's sender and event.
    public static func register<Target: AnyObject>(_ selector: Selector, on type: Target.Type,
                                                   _ method: @escaping (Target, Any?, Any?) -> Void) {
        add(type, selector, Method(argumentCount: 2) { target, arguments in
            method(unsafeDowncast(target, to: Target.self), arguments.count > 0 ? arguments[0] : nil,
                   arguments.count > 1 ? arguments[1] : nil)
            return nil
        })
    }

    /// Registers a method that returns a value (what `perform(_:)` hands back), taking the
    /// arguments its selector's colons count.
    public static func register<Target: AnyObject>(_ selector: Selector, on type: Target.Type,
                                                   returning method: @escaping (Target, [Any?]) -> Any?) {
        add(type, selector, Method(argumentCount: selector.argumentCount) { target, arguments in
            method(unsafeDowncast(target, to: Target.self), arguments)
        })
    }

    /// The C name of the function the `lamina` command generates for an app: it registers the
    /// app's methods, and runs (once) before the first selector is looked up.
    public static let registrationSymbol = "lamina_register_storyboard_actions"

    /// Runs the app's generated registrations, if it has them: once, on first use. (UIKit also
    /// asks at launch, before any storyboard is read.)
    public static func registerGenerated() {
        _ = generated
    }

    private static let generated: Void = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, registrationSymbol) else { return }
        unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)()
    }()

    /// The method `selector` names on `type` or the nearest superclass that registered it.
    static func method(_ selector: Selector, in type: AnyClass) -> Method? {
        registerGenerated()
        storage.lock.lock()
        defer { storage.lock.unlock() }
        var current: AnyClass? = type
        while let found = current {
            if let method = storage.methods[ObjectIdentifier(found)]?[selector] { return method }
            current = _getSuperclass(found)
        }
        return nil
    }

    /// Runs `body` as main-actor code without checking the thread, as Objective-C's dispatch
    /// calls a main-thread class's method from wherever the selector was sent. The `lamina`
    /// command's registrations call app methods (mostly `@MainActor` UIKit subclasses') through
    /// it, so a Swift 6 app's registrations compile.
    public static func callAsMainActor<Result>(_ body: @MainActor () throws -> Result) rethrows -> Result {
        try withoutActuallyEscaping(body) { escapable in
            try unsafeBitCast(escapable, to: (() throws -> Result).self)()
        }
    }

    /// Whether `target`'s class (or a superclass) has a method for `selector`.
    public static func responds(_ target: AnyObject, to selector: Selector) -> Bool {
        method(selector, in: type(of: target)) != nil
    }

    /// Calls the method `selector` names on `target` with as many of `arguments` as it takes
    /// (missing ones are nil); nil, without calling anything, when there is none.
    /// Returns whether a method was found, and what it returned.
    @discardableResult
    public static func invoke(_ selector: Selector, on target: AnyObject, with arguments: [Any?] = []) -> (found: Bool, result: Any?) {
        guard let method = method(selector, in: type(of: target)) else { return (false, nil) }
        var given = Array(arguments.prefix(method.argumentCount))
        while given.count < method.argumentCount { given.append(nil) }
        return (true, method.call(target, given))
    }

    /// Calls the method, or stops the program as iOS does for a selector no method answers:
    /// "unrecognized selector sent to instance".
    @discardableResult
    public static func send(_ selector: Selector, to target: AnyObject, with arguments: [Any?] = []) -> Any? {
        let (found, result) = invoke(selector, on: target, with: arguments)
        if !found { unrecognized(selector, target) }
        return result
    }

    /// iOS's message for a selector no method answers (an `NSInvalidArgumentException`).
    public static func unrecognizedSelectorMessage(_ selector: Selector, _ target: AnyObject) -> String {
        let address = String(UInt(bitPattern: ObjectIdentifier(target).hashValue), radix: 16)
        return "-[\(String(reflecting: type(of: target))) \(selector)]: unrecognized selector sent to instance 0x\(address)"
    }

    static func unrecognized(_ selector: Selector, _ target: AnyObject) -> Never {
        let reason = unrecognizedSelectorMessage(selector, target)
        fatalError("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '\(reason)'"
                   + " (Lamina: register the method with SelectorTable.register, or build with the lamina command)")
    }
}
