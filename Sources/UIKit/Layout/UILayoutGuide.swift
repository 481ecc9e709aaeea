import Foundation

/// A rectangle in a view's layout that constraints can relate to without a view: spacing
/// between views, the layout margins, the safe area.
@preconcurrency @MainActor
open class UILayoutGuide: NSObject {
    /// A name for logs.
    open var identifier = ""
    /// The view the guide belongs to (`addLayoutGuide(_:)`).
    open internal(set) weak var owningView: UIView?
    /// What the guide's rectangle is when it stands for part of its view: its margins, its
    /// safe area, its readable width (nil for guides apps make).
    var system: SystemGuide?

    enum SystemGuide { case margins, safeArea, readableContent, scrollContent, scrollFrame }

    public override init() {
        super.init()
    }

    /// The guide's rectangle in its owning view's coordinates: for the system guides, the
    /// view's margins, safe area or readable width; for a guide an app adds, where its
    /// constraints put it (`.zero` outside a view, or before any constraint names it).
    open var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        guard let system else {
            guard let solved = view.layoutEngine.rect(of: self), solved.minX.isFinite, solved.minY.isFinite,
                  solved.width.isFinite, solved.height.isFinite else { return .zero }
            return solved
        }
        switch system {
        case .margins, .readableContent: return view.bounds.inset(by: view.layoutMargins)
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        case .scrollContent: return CGRect(origin: .zero, size: (view as? UIScrollView)?.contentSize ?? .zero)
        case .scrollFrame: return view.bounds
        }
    }

    open private(set) lazy var leadingAnchor = NSLayoutXAxisAnchor(item: self, attribute: .leading)
    open private(set) lazy var trailingAnchor = NSLayoutXAxisAnchor(item: self, attribute: .trailing)
    open private(set) lazy var leftAnchor = NSLayoutXAxisAnchor(item: self, attribute: .left)
    open private(set) lazy var rightAnchor = NSLayoutXAxisAnchor(item: self, attribute: .right)
    open private(set) lazy var centerXAnchor = NSLayoutXAxisAnchor(item: self, attribute: .centerX)
    open private(set) lazy var topAnchor = NSLayoutYAxisAnchor(item: self, attribute: .top)
    open private(set) lazy var bottomAnchor = NSLayoutYAxisAnchor(item: self, attribute: .bottom)
    open private(set) lazy var centerYAnchor = NSLayoutYAxisAnchor(item: self, attribute: .centerY)
    open private(set) lazy var widthAnchor = NSLayoutDimension(item: self, attribute: .width)
    open private(set) lazy var heightAnchor = NSLayoutDimension(item: self, attribute: .height)
}
