import Foundation

/// Where inserted rows start and deleted rows go for each `UITableView.RowAnimation`:
/// `.fade` (and `.automatic`) through transparency, `.left`/`.right` sliding by the row's
/// width, `.top`/`.bottom` by its height, `.middle` collapsing to or growing from its middle
/// line, `.none` at once.
@MainActor
enum RowMotion {
    /// Puts an inserted `cell` (whose final frame is `frame`) where it animates in from.
    static func start(_ cell: UITableViewCell, at frame: CGRect, style: UITableView.RowAnimation) {
        cell.frame = from(frame, style: style)
        cell.alpha = style == .fade || style == .automatic ? 0 : 1
        if style == .middle { cell.clipsToBounds = true }
    }

    /// The inserted row's end state, set inside the update's animation.
    static func finish(_ cell: UITableViewCell, at frame: CGRect) {
        cell.frame = frame
        cell.alpha = 1
    }

    /// A deleted row's end state, set inside the update's animation.
    static func leave(_ cell: UITableViewCell, style: UITableView.RowAnimation) {
        switch style {
        case .fade, .automatic: cell.alpha = 0
        case .none: break
        default:
            if style == .middle { cell.clipsToBounds = true }
            cell.frame = from(cell.frame, style: style)
        }
    }

    /// A retired row made ready for reuse.
    static func restore(_ cell: UITableViewCell) {
        cell.alpha = 1
        cell.isHidden = false
        cell.clipsToBounds = false
    }

    private static func from(_ frame: CGRect, style: UITableView.RowAnimation) -> CGRect {
        switch style {
        case .left: return frame.offsetBy(dx: -frame.width, dy: 0)
        case .right: return frame.offsetBy(dx: frame.width, dy: 0)
        case .top: return frame.offsetBy(dx: 0, dy: -frame.height)
        case .bottom: return frame.offsetBy(dx: 0, dy: frame.height)
        case .middle: return CGRect(x: frame.minX, y: frame.midY, width: frame.width, height: 0)
        default: return frame
        }
    }
}
