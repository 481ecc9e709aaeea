import Foundation

/// The region text is laid out in: its size, the padding at each line's ends, and how many
/// lines fit. A `UITextView` has one that follows its width.
///
/// - Note: Differs from Apple: exclusion paths are kept but not laid around; there is no
///   layout manager (`UITextView` lays out its text with Core Text directly).
open class NSTextContainer: NSObject, @unchecked Sendable {
    /// The container's size (`.greatestFiniteMagnitude` for unbounded dimensions).
    open var size: CGSize { didSet { changed?() } }
    /// Space left empty at both ends of every line (5 points by default).
    open var lineFragmentPadding: CGFloat = 5 { didSet { changed?() } }
    /// The most lines laid out (0: no limit).
    open var maximumNumberOfLines = 0 { didSet { changed?() } }
    /// How the last line breaks when lines run out.
    open var lineBreakMode: NSLineBreakMode = .byWordWrapping { didSet { changed?() } }
    /// Whether the container's width follows its text view's.
    open var widthTracksTextView = false
    /// Whether the container's height follows its text view's.
    open var heightTracksTextView = false
    /// Regions text should flow around (kept, not used for layout).
    open var exclusionPaths: [UIBezierPath] = []

    /// Told when a setting that changes the layout changed (the owning text view).
    var changed: (() -> Void)?

    /// A container of `size`.
    public init(size: CGSize) {
        self.size = size
        super.init()
    }

    /// An unbounded container.
    public override convenience init() {
        self.init(size: CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude))
    }
}
