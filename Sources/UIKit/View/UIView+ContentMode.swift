extension UIView {
    /// How a view's contents are laid out when its bounds change.
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0
        case scaleAspectFit = 1
        case scaleAspectFill = 2
        /// Redraw (call `draw(_:)` again) when the bounds change.
        case redraw = 3
        case center = 4
        case top = 5
        case bottom = 6
        case left = 7
        case right = 8
        case topLeft = 9
        case topRight = 10
        case bottomLeft = 11
        case bottomRight = 12

        /// The layer gravity showing the contents this way on screen. Layer gravity names are
        /// y-up while iOS layers are y-down, so top and bottom swap.
        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .bottom
            case .bottom: return .top
            case .left: return .left
            case .right: return .right
            case .topLeft: return .bottomLeft
            case .topRight: return .bottomRight
            case .bottomLeft: return .topLeft
            case .bottomRight: return .topRight
            }
        }
    }
}
