/// An object that manages a view hierarchy: it loads its root view on first use
/// (`loadView()`, then `viewDidLoad()`), and sits in the responder chain after its view.
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    /// The nib name the controller was made with (nibs are not loaded by Lamina).
    public let nibName: String?
    /// The bundle the controller was made with.
    public let nibBundle: Bundle?

    /// A title for the controller.
    open var title: String?

    /// Creates a controller; Lamina does not load nibs, so `loadView()` builds the view.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Archives are not supported; returns nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The root view, loaded (`loadView()` then `viewDidLoad()`) the first time it is read.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// The root view if it has been loaded, without loading it.
    open var viewIfLoaded: UIView? { loadedView }

    /// Whether the root view has been loaded.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view now if it is not loaded yet.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Creates the root view; the default makes a plain view the size of the screen.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Called once after the root view is loaded.
    open func viewDidLoad() {}

    /// The root view's superview: the next responder after the controller.
    open override var next: UIResponder? {
        loadedView?.superview
    }
}
