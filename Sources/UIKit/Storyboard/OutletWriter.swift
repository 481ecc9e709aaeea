import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Sets an outlet — a stored property named in a storyboard or nib — with no generated code.
///
/// Swift on Linux has no key-value coding and its runtime gives no key paths for a class's
/// properties, but it does describe each stored field: name, type, offset, whether it is a
/// `var` and whether it holds a strong reference. The writer finds the field by name (in the
/// class or a superclass), checks the value's type against the field's, and stores it as Swift
/// would: a strong `var` through a typed pointer (releasing the old value), a `weak var` through
/// the runtime's weak assignment.
///
/// - Note: Differs from Apple: the property is written directly, so `didSet` and `willSet`
///   observers on an outlet do not run (iOS sets outlets through their setters). Outlets must be
///   stored `var`s; `unowned` ones are not set.
enum OutletWriter {
    private struct FieldMetadata {
        var name: UnsafePointer<CChar>?
        var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)?
        var isStrong = false
        var isVar = false
    }

    @_silgen_name("swift_reflectionMirror_recursiveCount")
    private static func fieldCount(_ type: Any.Type) -> Int

    @_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
    private static func fieldType(_ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<FieldMetadata>) -> Any.Type

    @_silgen_name("swift_reflectionMirror_recursiveChildOffset")
    private static func fieldOffset(_ type: Any.Type, index: Int) -> Int

    private typealias WeakAssign = @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer

    /// The runtime's weak assignment (`swift_weakAssign`), found once in the loaded runtime.
    private static let weakAssign: WeakAssign? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_weakAssign") else { return nil }
        return unsafeBitCast(symbol, to: WeakAssign.self)
    }()

    /// Sets `property` of `object` to `value`; false (with a console message naming the file,
    /// class and property, as iOS's "not key value coding-compliant" exception does) when the
    /// class has no such stored `var` or the value does not fit it.
    @discardableResult
    static func set(_ property: String, of object: AnyObject, to value: Any, file: String) -> Bool {
        let type: Any.Type = Swift.type(of: object)
        let className = String(reflecting: type)
        for index in 0..<fieldCount(type) {
            var metadata = FieldMetadata()
            let field = fieldType(type, index: index, fieldMetadata: &metadata)
            defer { metadata.freeName?(metadata.name) }
            guard let name = metadata.name, String(cString: name) == property else { continue }
            guard metadata.isVar else {
                report("\(file): the outlet \(property) of \(className) is a let; make it a var.")
                return false
            }
            let address = Unmanaged.passUnretained(object).toOpaque() + fieldOffset(type, index: index)
            if !metadata.isStrong {
                // A weak reference: only objects fit, and the runtime stores them.
                // Only a plain class reference (one word): a weak protocol existential also holds
                // its witness table, which the runtime's weak assignment does not set.
                guard let referent = value as AnyObject?, fits(referent, field), isOneWord(field), let weakAssign else {
                    report("\(file): the outlet \(property) of \(className) cannot hold a \(String(reflecting: Swift.type(of: value))).")
                    return false
                }
                _ = weakAssign(address, Unmanaged.passUnretained(referent).toOpaque())
                return true
            }
            func store<Field>(_: Field.Type) -> Bool {
                guard let typed = value as? Field else { return false }
                address.assumingMemoryBound(to: Field.self).pointee = typed
                return true
            }
            guard _openExistential(field, do: store) else {
                report("\(file): the outlet \(property) of \(className) cannot hold a \(String(reflecting: Swift.type(of: value))).")
                return false
            }
            return true
        }
        report("\(file): \(className) is not key value coding-compliant for the key \(property) (no stored property of that name).")
        return false
    }

    private static func isOneWord(_ field: Any.Type) -> Bool {
        func size<Field>(_: Field.Type) -> Int { MemoryLayout<Field>.size }
        return _openExistential(field, do: size) == MemoryLayout<UnsafeRawPointer>.size
    }

    /// Whether `object` fits a weak field of type `field` (an optional of a class or protocol).
    private static func fits(_ object: AnyObject, _ field: Any.Type) -> Bool {
        func check<Field>(_: Field.Type) -> Bool { object is Field }
        return _openExistential(field, do: check)
    }

    private static func report(_ message: String) {
        ConsoleLog.report("[Interface Builder] " + message)
    }
}

/// Action methods of classes, by the selector Interface Builder names them with, so storyboard
/// and nib actions reach them: a shorthand for `SelectorTable.register(_:on:_:)`, which is
/// where storyboards, `addTarget(_:action:for:)` and every other selector look methods up.
///
/// ```swift
/// StoryboardActions.register(NotesViewController.self, "addNote:") { controller, sender in controller.addNote(sender) }
/// ```
/// - Note: Lamina addition.
public enum StoryboardActions {
    /// Registers `action` for `selector` on instances of `type` (and its subclasses).
    @MainActor
    public static func register<Target: AnyObject>(_ type: Target.Type, _ selector: String,
                                                   _ action: @escaping (Target, Any?) -> Void) {
        SelectorTable.register(Selector(selector), on: type, action)
    }

    /// The C name of the function an app may define to register its actions
    /// (`@_cdecl("lamina_register_storyboard_actions")`); it runs once, at launch or when a
    /// selector is first looked up. The `lamina` command writes it for an app's `@IBAction`s.
    public static let registrationSymbol = SelectorTable.registrationSymbol

    /// Calls the app's registration function, if it has one (once).
    static func registerGenerated() {
        SelectorTable.registerGenerated()
    }

    /// The registered action `selector` of `target`'s class or nearest superclass that has it,
    /// bound to `target` (held weakly); it takes the sender.
    @MainActor
    static func action(named selector: String, of target: AnyObject) -> ((Any?) -> Void)? {
        let selector = Selector(selector)
        guard SelectorTable.responds(target, to: selector) else { return nil }
        return { [weak target] sender in
            if let target { SelectorTable.invoke(selector, on: target, with: [sender]) }
        }
    }
}
