/// The root of a view hierarchy. Its root view controller's view fills it.
@MainActor
open class UIWindow: UIView {
    /// The controller whose view fills the window.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            oldValue?.viewIfLoaded?.removeFromSuperview()
            if let controller = rootViewController {
                let view: UIView = controller.view
                view.frame = bounds
                addSubview(view)
            }
        }
    }

    /// The screen the window is shown on.
    open var screen: UIScreen = .main

    /// Composites the window into its platform surface (made at the first frame).
    var compositor: WindowCompositor?

    /// Whether this is the key window.
    open private(set) var isKeyWindow = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    /// Makes the window key and shows it.
    open func makeKeyAndVisible() {
        makeKey()
        isHidden = false
    }

    /// Makes the window the key window.
    open func makeKey() {
        UIWindow.keyWindow?.isKeyWindow = false
        isKeyWindow = true
        UIWindow.keyWindow = self
    }

    static weak var keyWindow: UIWindow?
}
