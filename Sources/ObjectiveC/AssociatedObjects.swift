import Foundation

/// How an associated value is held.
///
/// - Note: Differs from Apple: Swift values are always retained (or copied, for values);
///   `OBJC_ASSOCIATION_ASSIGN` holds the object weakly instead of unsafely, so reading it after
///   it is gone gives nil rather than a dangling pointer. Atomic and non-atomic policies are
///   the same here: every access is under one lock.
public enum objc_AssociationPolicy: UInt, Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// The values associated with live objects, by object and key. An object's values go when the
/// object does: each table entry watches its object weakly and is dropped once it is gone.
private final class AssociationStore: @unchecked Sendable {
    struct Entry {
        weak var owner: AnyObject?
        var values: [UnsafeRawPointer: Held] = [:]
    }

    enum Held {
        case strong(Any)
        case weak(WeakBox)
    }

    final class WeakBox {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    let lock = NSLock()
    var entries: [ObjectIdentifier: Entry] = [:]
    /// Writes since dead entries were last swept.
    var writes = 0

    /// Drops the entries of objects that are gone (their identifiers may be reused).
    func sweep() {
        entries = entries.filter { $0.value.owner != nil }
        writes = 0
    }
}

private let associations = AssociationStore()

/// Associates `value` with `object` under `key` (nil removes it), held as `policy` says.
///
/// - Note: Differs from Apple: iOS releases an object's associated values when it is
///   deallocated; Lamina releases them when the table next sweeps out dead objects (every
///   1,024 associations) — code should not rely on their `deinit` running at that moment.
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
    let owner = object as AnyObject
    let id = ObjectIdentifier(owner)
    associations.lock.lock()
    defer { associations.lock.unlock() }
    associations.writes += 1
    if associations.writes > 1024 { associations.sweep() }
    var entry = associations.entries[id]
    // A new object at a reused address starts clean.
    if entry?.owner == nil { entry = AssociationStore.Entry(owner: owner) }
    if let value {
        if policy == .OBJC_ASSOCIATION_ASSIGN, type(of: value) is AnyClass {
            entry?.values[key] = .weak(AssociationStore.WeakBox(value as AnyObject))
        } else {
            entry?.values[key] = .strong(value)
        }
    } else {
        entry?.values[key] = nil
    }
    associations.entries[id] = entry
}

/// The value associated with `object` under `key`, or nil.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    let owner = object as AnyObject
    associations.lock.lock()
    defer { associations.lock.unlock() }
    guard let entry = associations.entries[ObjectIdentifier(owner)], entry.owner === owner else { return nil }
    switch entry.values[key] {
    case .strong(let value): return value
    case .weak(let box): return box.object
    case nil: return nil
    }
}

/// Removes every value associated with `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
    let owner = object as AnyObject
    associations.lock.lock()
    defer { associations.lock.unlock() }
    associations.entries[ObjectIdentifier(owner)] = nil
}
