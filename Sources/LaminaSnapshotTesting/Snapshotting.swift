import Foundation

/// A value produced now or later: a snapshot that has to wait for something (a web page, an
/// image loaded in the background) hands its result to the callback when it has it.
public struct Async<Value> {
    /// Starts the work; the callback receives the value once.
    public let run: (@escaping (Value) -> Void) -> Void

    public init(run: @escaping (_ callback: @escaping (Value) -> Void) -> Void) {
        self.run = run
    }

    /// A value that is already there.
    public init(value: Value) {
        self.init { callback in callback(value) }
    }

    /// The value, transformed when it arrives.
    public func map<NewValue>(_ transform: @escaping (Value) -> NewValue) -> Async<NewValue> {
        Async<NewValue> { callback in run { callback(transform($0)) } }
    }
}

/// How to turn a value into something that can be compared with a recorded reference: the
/// snapshot (`Format`), how it is stored (`diffing`) and the reference file's extension.
///
/// Strategies are values: make a new one from an existing strategy with `pullback`
/// (`Snapshotting<UIView, UIImage>.image.pullback { (cell: MyCell) in cell.contentView }`).
public struct Snapshotting<Value, Format> {
    /// The reference file's extension (`png`, `txt`), nil for none.
    public var pathExtension: String?
    /// How snapshots of this kind are stored and compared.
    public var diffing: Diffing<Format>
    /// Takes the snapshot of a value.
    public var snapshot: (Value) -> Async<Format>

    public init(pathExtension: String?, diffing: Diffing<Format>,
                asyncSnapshot: @escaping (_ value: Value) -> Async<Format>) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = asyncSnapshot
    }

    public init(pathExtension: String?, diffing: Diffing<Format>, snapshot: @escaping (_ value: Value) -> Format) {
        self.init(pathExtension: pathExtension, diffing: diffing) { value in Async(value: snapshot(value)) }
    }

    /// The strategy for another kind of value, made by first turning that value into this
    /// strategy's.
    public func pullback<NewValue>(_ transform: @escaping (_ otherValue: NewValue) -> Value) -> Snapshotting<NewValue, Format> {
        asyncPullback { Async(value: transform($0)) }
    }

    /// As `pullback`, for a transform that delivers its value later.
    public func asyncPullback<NewValue>(_ transform: @escaping (_ otherValue: NewValue) -> Async<Value>)
        -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { newValue in
            Async { callback in transform(newValue).run { value in snapshot(value).run(callback) } }
        }
    }
}

/// A strategy whose snapshot is the value itself (images, strings).
public typealias SimplySnapshotting<Format> = Snapshotting<Format, Format>

extension Snapshotting where Value == Format {
    public init(pathExtension: String?, diffing: Diffing<Format>) {
        self.init(pathExtension: pathExtension, diffing: diffing) { $0 }
    }
}

/// How a kind of snapshot is written to and read from a reference file, and compared.
public struct Diffing<Value> {
    /// The bytes of a reference file.
    public var toData: (Value) -> Data
    /// A reference read back from its file's bytes.
    public var fromData: (Data) -> Value
    /// Nil when the two match; else a message saying how they differ, and attachments
    /// (for images: the reference, the new snapshot and their difference).
    public var diff: (Value, Value) -> (String, [XCTAttachment])?

    public init(toData: @escaping (_ value: Value) -> Data, fromData: @escaping (_ data: Data) -> Value,
                diff: @escaping (_ lhs: Value, _ rhs: Value) -> (String, [XCTAttachment])?) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }
}

/// A file or image a failed comparison leaves for the reader: on Linux, where XCTest keeps no
/// attachments, a failed image comparison writes them beside the failure (see
/// `assertSnapshot`).
///
/// - Note: Differs from Apple: XCTest on Linux has no `XCTAttachment`; this stands in for it
///   so that strategies written for Apple's platforms compile unchanged.
open class XCTAttachment {
    /// The attachment's name (`reference`, `failure`, `difference`).
    open var name: String?
    /// Its bytes.
    public let data: Data
    /// Its uniform type (`public.png`, `public.plain-text`), nil when unknown.
    public let uniformTypeIdentifier: String?

    public init(data: Data) {
        self.data = data
        uniformTypeIdentifier = nil
    }

    public init(data: Data, uniformTypeIdentifier: String) {
        self.data = data
        self.uniformTypeIdentifier = uniformTypeIdentifier
    }

    public init(string: String) {
        data = Data(string.utf8)
        uniformTypeIdentifier = "public.plain-text"
    }
}
