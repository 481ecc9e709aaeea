import Foundation
import LaminaPlatform

/// Items copied for pasting: strings, URLs, images, colours and data by type identifier.
///
/// `general` is the system pasteboard: in a window backend with a clipboard (X11's CLIPBOARD
/// selection) its text is shared with other applications; headless, it lives in memory for
/// the process. Named pasteboards (`withUniqueName()`, `init(name:create:)`) are always in
/// memory.
///
/// - Note: Differs from Apple: only text crosses to other applications; images, URLs and
///   colours stay within the app. There is no paste permission prompt.
open class UIPasteboard: NSObject, @unchecked Sendable {
    /// A pasteboard's name.
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let general = Name("com.apple.UIKit.pboard.general")
    }

    /// Options for `setItems(_:options:)`.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let expirationDate = OptionsKey(rawValue: "com.apple.UIKit.pboard.expirationDate")
        public static let localOnly = OptionsKey(rawValue: "com.apple.UIKit.pboard.localOnly")
    }

    /// Posted when a pasteboard's items change.
    public static let changedNotification = Notification.Name("UIPasteboardChangedNotification")
    /// Posted when a named pasteboard is removed.
    public static let removedNotification = Notification.Name("UIPasteboardRemovedNotification")

    static let textType = "public.utf8-plain-text"
    static let urlType = "public.url"
    static let imageType = "public.png"
    static let colorType = "com.apple.uikit.color"

    private let lock = NSLock()
    private var storedItems: [[String: Any]] = []
    private var storedChangeCount = 0
    /// The clipboard text this pasteboard last put on (or read from) the system clipboard.
    private var systemText: String?
    private var systemChangeCount = -1
    private let isGeneral: Bool

    /// The pasteboard's name.
    public let name: Name

    private init(name: Name) {
        self.name = name
        isGeneral = name == .general
        super.init()
    }

    nonisolated(unsafe) private static var named: [Name: UIPasteboard] = [:]
    private static let namedLock = NSLock()

    /// The system pasteboard.
    open class var general: UIPasteboard {
        namedLock.withLock {
            if let existing = named[.general] { return existing }
            let made = UIPasteboard(name: .general)
            named[.general] = made
            return made
        }
    }

    /// The pasteboard called `pasteboardName`, made if `create` says so (nil otherwise).
    public convenience init?(name pasteboardName: Name, create: Bool) {
        guard create || UIPasteboard.namedLock.withLock({ UIPasteboard.named[pasteboardName] != nil }) else { return nil }
        self.init(name: pasteboardName)
        UIPasteboard.namedLock.withLock {
            if UIPasteboard.named[pasteboardName] == nil { UIPasteboard.named[pasteboardName] = self }
        }
    }

    /// A new pasteboard with a name no other has.
    open class func withUniqueName() -> UIPasteboard {
        let pasteboard = UIPasteboard(name: Name(UUID().uuidString))
        namedLock.withLock { named[pasteboard.name] = pasteboard }
        return pasteboard
    }

    /// Forgets the pasteboard called `pasteboardName`.
    open class func remove(withName pasteboardName: Name) {
        let removed = namedLock.withLock { named.removeValue(forKey: pasteboardName) }
        if let removed { NotificationCenter.default.post(name: removedNotification, object: removed) }
    }

    private var clipboard: PlatformClipboard? {
        isGeneral ? Platform.backend as? PlatformClipboard : nil
    }

    /// Brings in the system clipboard's text when another application changed it.
    private func syncFromSystem() -> [[String: Any]] {
        guard let clipboard else { return lock.withLock { storedItems } }
        let count = clipboard.clipboardChangeCount
        let known = lock.withLock { systemChangeCount }
        if count != known {
            let text = clipboard.clipboardText()
            lock.withLock {
                systemChangeCount = count
                if text != systemText {
                    systemText = text
                    storedItems = text.map { [[UIPasteboard.textType: $0]] } ?? []
                    storedChangeCount += 1
                }
            }
        }
        return lock.withLock { storedItems }
    }

    /// A number that goes up whenever the pasteboard's items change.
    open var changeCount: Int {
        _ = syncFromSystem()
        return lock.withLock { storedChangeCount }
    }

    // MARK: Items

    /// Every item: a dictionary of representations by type identifier.
    open var items: [[String: Any]] {
        get { syncFromSystem() }
        set { setItems(newValue) }
    }

    /// Replaces the items.
    open func setItems(_ items: [[String: Any]], options: [OptionsKey: Any] = [:]) {
        lock.withLock {
            storedItems = items
            storedChangeCount += 1
        }
        if let clipboard {
            let text = items.lazy.compactMap { UIPasteboard.text(of: $0) }.first
            clipboard.setClipboardText(text)
            lock.withLock {
                systemText = text
                systemChangeCount = clipboard.clipboardChangeCount
            }
        }
        NotificationCenter.default.post(name: UIPasteboard.changedNotification, object: self)
    }

    /// Adds items after the ones there.
    open func addItems(_ items: [[String: Any]]) {
        setItems(self.items + items)
    }

    /// How many items there are.
    open var numberOfItems: Int { items.count }

    /// The type identifiers of the first item.
    open var types: [String] { items.first.map { Array($0.keys) } ?? [] }

    /// Whether the first item has any of `pasteboardTypes`.
    open func contains(pasteboardTypes: [String]) -> Bool {
        guard let first = items.first else { return false }
        return pasteboardTypes.contains { first[$0] != nil }
    }

    /// The first item's value of type `pasteboardType`.
    open func value(forPasteboardType pasteboardType: String) -> Any? {
        items.first?[pasteboardType]
    }

    /// Makes the pasteboard one item holding `value` as `pasteboardType`.
    open func setValue(_ value: Any, forPasteboardType pasteboardType: String) {
        setItems([[pasteboardType: value]])
    }

    /// The first item's data of type `pasteboardType`.
    open func data(forPasteboardType pasteboardType: String) -> Data? {
        switch value(forPasteboardType: pasteboardType) {
        case let data as Data: data
        case let string as String: string.data(using: .utf8)
        case let image as UIImage: image.pngData()
        default: nil
        }
    }

    /// Makes the pasteboard one item holding `data` as `pasteboardType`.
    open func setData(_ data: Data, forPasteboardType pasteboardType: String) {
        setItems([[pasteboardType: data]])
    }

    private static func text(of item: [String: Any]) -> String? {
        if let string = item[textType] as? String { return string }
        if let string = item["public.plain-text"] as? String { return string }
        if let url = item[urlType] as? URL { return url.absoluteString }
        return nil
    }

    // MARK: Typed access

    /// The first item's text; setting makes the pasteboard that one text (nil empties it).
    open var string: String? {
        get { items.lazy.compactMap { UIPasteboard.text(of: $0) }.first }
        set { setItems(newValue.map { [[UIPasteboard.textType: $0]] } ?? []) }
    }

    /// Every item's text.
    open var strings: [String]? {
        get { nonEmpty(items.compactMap { UIPasteboard.text(of: $0) }) }
        set { setItems((newValue ?? []).map { [UIPasteboard.textType: $0] }) }
    }

    /// The first item's URL.
    open var url: URL? {
        get { urls?.first }
        set { setItems(newValue.map { [[UIPasteboard.urlType: $0]] } ?? []) }
    }

    /// Every item's URL.
    open var urls: [URL]? {
        get { nonEmpty(items.compactMap { $0[UIPasteboard.urlType] as? URL }) }
        set { setItems((newValue ?? []).map { [UIPasteboard.urlType: $0] }) }
    }

    /// The first item's image.
    open var image: UIImage? {
        get { images?.first }
        set { setItems(newValue.map { [[UIPasteboard.imageType: $0]] } ?? []) }
    }

    /// Every item's image.
    open var images: [UIImage]? {
        get { nonEmpty(items.compactMap { $0[UIPasteboard.imageType] as? UIImage }) }
        set { setItems((newValue ?? []).map { [UIPasteboard.imageType: $0] }) }
    }

    /// The first item's colour.
    open var color: UIColor? {
        get { colors?.first }
        set { setItems(newValue.map { [[UIPasteboard.colorType: $0]] } ?? []) }
    }

    /// Every item's colour.
    open var colors: [UIColor]? {
        get { nonEmpty(items.compactMap { $0[UIPasteboard.colorType] as? UIColor }) }
        set { setItems((newValue ?? []).map { [UIPasteboard.colorType: $0] }) }
    }

    open var hasStrings: Bool { string != nil }
    open var hasURLs: Bool { urls != nil }
    open var hasImages: Bool { images != nil }
    open var hasColors: Bool { colors != nil }

    private func nonEmpty<T>(_ values: [T]) -> [T]? { values.isEmpty ? nil : values }
}
