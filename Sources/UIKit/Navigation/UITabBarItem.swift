import Foundation

/// One tab of a tab bar: a title, an image (and one for when selected), a badge.
@preconcurrency @MainActor
open class UITabBarItem: NSObject {
    public enum SystemItem: Int, Sendable {
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed

        var title: String {
            switch self {
            case .more: return "More"
            case .favorites: return "Favorites"
            case .featured: return "Featured"
            case .topRated: return "Top Rated"
            case .recents: return "Recents"
            case .contacts: return "Contacts"
            case .history: return "History"
            case .bookmarks: return "Bookmarks"
            case .search: return "Search"
            case .downloads: return "Downloads"
            case .mostRecent: return "Most Recent"
            case .mostViewed: return "Most Viewed"
            }
        }
    }

    open var title: String? { didSet { changed?() } }
    open var image: UIImage? { didSet { changed?() } }
    /// The image while the tab is selected (nil: `image`).
    open var selectedImage: UIImage? { didSet { changed?() } }
    /// Text in a red badge at the image's corner (nil: none; "" a dot).
    open var badgeValue: String? { didSet { changed?() } }
    /// The badge's colour (nil: the system red).
    open var badgeColor: UIColor? { didSet { changed?() } }
    open var isEnabled = true { didSet { changed?() } }
    open var tag = 0
    /// Told when something shown changed.
    var changed: (() -> Void)?
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    /// The appearance properties set on this item itself.
    var explicitAppearanceKeys: Set<String> = []

    /// Text attributes (font, colour) of the title in `state` (`.normal`, `.selected`).
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        appearanceSet("titleTextAttributes.\(state.rawValue)") { $0.setTitleTextAttributes(attributes, for: state) }
        if !AppearanceRegistry.isApplying { changed?() }
    }

    /// The title's text attributes for `state`.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    public override init() {
        super.init()
    }

    public init(title: String?, image: UIImage?, tag: Int) {
        self.title = title
        self.image = image
        self.tag = tag
        super.init()
    }

    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
        super.init()
    }

    /// A system tab, titled by name.
    /// - Note: Differs from Apple: system items show their titles without Apple's glyphs.
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.title = systemItem.title
        self.tag = tag
        super.init()
    }
}
