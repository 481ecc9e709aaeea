import Foundation

/// A place in a text object's text, between two characters. Text objects make their own
/// subclasses; compare positions through the text object (`compare(_:to:)`, `offset(from:to:)`).
@preconcurrency @MainActor
open class UITextPosition: NSObject {
    public override init() {
        super.init()
    }
}

/// A range of a text object's text, from one position to another.
@preconcurrency @MainActor
open class UITextRange: NSObject {
    /// The position the range starts at.
    open var start: UITextPosition { UITextPosition() }
    /// The position the range ends at.
    open var end: UITextPosition { UITextPosition() }
    /// Whether the range holds no characters (an insertion point).
    open var isEmpty: Bool { true }

    public override init() {
        super.init()
    }
}

/// A UTF-16 offset into a Lamina text object's text.
final class IndexedTextPosition: UITextPosition {
    let offset: Int
    init(_ offset: Int) {
        self.offset = offset
        super.init()
    }
    override var description: String { "<UITextPosition \(offset)>" }
    override func isEqual(_ object: Any?) -> Bool { (object as? IndexedTextPosition)?.offset == offset }
    override var hash: Int { offset }
}

/// A UTF-16 range of a Lamina text object's text.
final class IndexedTextRange: UITextRange {
    let range: NSRange
    init(_ range: NSRange) {
        self.range = range
        super.init()
    }
    override var start: UITextPosition { IndexedTextPosition(range.location) }
    override var end: UITextPosition { IndexedTextPosition(range.location + range.length) }
    override var isEmpty: Bool { range.length == 0 }
    override var description: String { "<UITextRange \(range.location)..<\(range.location + range.length)>" }
    override func isEqual(_ object: Any?) -> Bool { (object as? IndexedTextRange)?.range == range }
    override var hash: Int { range.location &* 31 &+ range.length }
}

/// A direction on screen.
public enum UITextLayoutDirection: Int, Sendable {
    case right = 2
    case left = 3
    case up = 4
    case down = 5
}

/// A direction in the stored text: towards its end or its start.
public enum UITextStorageDirection: Int, Sendable {
    case forward = 0
    case backward = 1
}

/// A storage or layout direction, for tokenizers.
public struct UITextDirection: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func storage(_ direction: UITextStorageDirection) -> UITextDirection {
        UITextDirection(rawValue: direction.rawValue)
    }

    public static func layout(_ direction: UITextLayoutDirection) -> UITextDirection {
        UITextDirection(rawValue: direction.rawValue)
    }

    /// Whether the direction points towards the text's end (forward, right or down).
    var isForward: Bool { rawValue == 0 || rawValue == 2 || rawValue == 5 }
}

/// Units of text a tokenizer finds boundaries of.
public enum UITextGranularity: Int, Sendable {
    case character = 0
    case word = 1
    case sentence = 2
    case paragraph = 3
    case line = 4
    case document = 5
}

/// One rectangle of a selection's highlight.
@preconcurrency @MainActor
open class UITextSelectionRect: NSObject {
    /// The rectangle, in the text object's coordinates.
    open var rect: CGRect { storedRect }
    open var writingDirection: NSWritingDirection { .leftToRight }
    /// Whether the rectangle holds the selection's start.
    open var containsStart: Bool { storedContainsStart }
    /// Whether the rectangle holds the selection's end.
    open var containsEnd: Bool { storedContainsEnd }
    open var isVertical: Bool { false }

    private let storedRect: CGRect
    private let storedContainsStart: Bool
    private let storedContainsEnd: Bool

    public override init() {
        storedRect = .zero
        storedContainsStart = false
        storedContainsEnd = false
        super.init()
    }

    init(rect: CGRect, containsStart: Bool, containsEnd: Bool) {
        storedRect = rect
        storedContainsStart = containsStart
        storedContainsEnd = containsEnd
        super.init()
    }
}

/// Told by a text object when its text or selection is about to change or changed.
@preconcurrency @MainActor
public protocol UITextInputDelegate: AnyObject {
    func selectionWillChange(_ textInput: UITextInput?)
    func selectionDidChange(_ textInput: UITextInput?)
    func textWillChange(_ textInput: UITextInput?)
    func textDidChange(_ textInput: UITextInput?)
}

/// Finds the boundaries of characters, words, lines and paragraphs around positions.
@preconcurrency @MainActor
public protocol UITextInputTokenizer: AnyObject {
    func rangeEnclosingPosition(_ position: UITextPosition, with granularity: UITextGranularity,
                                inDirection direction: UITextDirection) -> UITextRange?
    func isPosition(_ position: UITextPosition, atBoundary granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool
    func position(from position: UITextPosition, toBoundary granularity: UITextGranularity,
                  inDirection direction: UITextDirection) -> UITextPosition?
    func isPosition(_ position: UITextPosition, withinTextUnit granularity: UITextGranularity,
                    inDirection direction: UITextDirection) -> Bool
}

/// The text-input protocol of an editable text object: its positions and ranges, the
/// selection, replacing text, marked (composing) text and the geometry of carets and
/// selections. `UITextField` and `UITextView` adopt it.
///
/// - Note: Differs from Apple: the less used requirements (marked-text style, writing
///   direction, `characterRange(byExtending:in:)`) have defaults in an extension.
@preconcurrency @MainActor
public protocol UITextInput: UIKeyInput {
    func text(in range: UITextRange) -> String?
    func replace(_ range: UITextRange, withText text: String)
    var selectedTextRange: UITextRange? { get set }
    var markedTextRange: UITextRange? { get }
    var markedTextStyle: [NSAttributedString.Key: Any]? { get set }
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    func unmarkText()
    var beginningOfDocument: UITextPosition { get }
    var endOfDocument: UITextPosition { get }
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition?
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    var inputDelegate: UITextInputDelegate? { get set }
    var tokenizer: UITextInputTokenizer { get }
    func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition?
    func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange?
    func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection
    func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange)
    func firstRect(for range: UITextRange) -> CGRect
    func caretRect(for position: UITextPosition) -> CGRect
    func selectionRects(for range: UITextRange) -> [UITextSelectionRect]
    func closestPosition(to point: CGPoint) -> UITextPosition?
    func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition?
    func characterRange(at point: CGPoint) -> UITextRange?
}

extension UITextInput {
    public var markedTextStyle: [NSAttributedString.Key: Any]? { get { nil } set {} }

    public func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        let forward = direction == .right || direction == .down
        guard let other = self.position(from: position, offset: forward ? 1 : -1) else { return nil }
        return forward ? textRange(from: position, to: other) : textRange(from: other, to: position)
    }

    public func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection {
        .natural
    }

    public func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) {}
}
