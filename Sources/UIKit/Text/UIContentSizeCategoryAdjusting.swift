import Foundation

/// A view whose fonts can follow the Dynamic Type size of its traits.
@MainActor
public protocol UIContentSizeCategoryAdjusting: NSObjectProtocol {
    /// Whether fonts made for a text style (`UIFont.preferredFont(forTextStyle:)`, or scaled
    /// by `UIFontMetrics`) are made again when the traits' content size category changes.
    var adjustsFontForContentSizeCategory: Bool { get set }
}
extension UILabel: UIContentSizeCategoryAdjusting {}
extension UITextField: UIContentSizeCategoryAdjusting {}
extension UITextView: UIContentSizeCategoryAdjusting {}
