import Foundation

/// Navigation items and their bar button items, navigation and tab bars, and tab bar items.
@MainActor
extension IBCoder {
    private static let barSystemItems: [String: UIBarButtonItem.SystemItem] = [
        "done": .done, "cancel": .cancel, "edit": .edit, "save": .save, "add": .add, "flexibleSpace": .flexibleSpace,
        "fixedSpace": .fixedSpace, "compose": .compose, "reply": .reply, "action": .action, "organize": .organize,
        "bookmarks": .bookmarks, "search": .search, "refresh": .refresh, "stop": .stop, "camera": .camera, "trash": .trash,
        "play": .play, "pause": .pause, "rewind": .rewind, "fastForward": .fastForward, "undo": .undo, "redo": .redo,
        "close": .close,
    ]

    /// A `<barButtonItem>`: a system item or a title and image, its style, tint and tag; its
    /// action (through `StoryboardActions`) and its segue (from `controller`) are connected.
    func barButtonItem(_ element: IBElement, controller: UIViewController?) -> UIBarButtonItem {
        let item: UIBarButtonItem
        if let name = element["systemItem"], let system = IBCoder.barSystemItems[name] {
            item = UIBarButtonItem(systemItem: system)
        } else {
            item = UIBarButtonItem()
            if let title = element["title"] { item.title = title }
            let coder = IBCoder(element: element, load: load)
            if let image = coder.image(attribute: "image", key: "image") { item.image = image }
        }
        if element["style"] == "done" { item.style = .done }
        if let enabled = element["enabled"] { item.isEnabled = enabled == "YES" }
        if let tag = element["tag"].flatMap({ Int($0) }) { item.tag = tag }
        if let width = element["width"].flatMap(Double.init) { item.width = CGFloat(width) }
        if let color = element.child("color", key: "tintColor").flatMap({ load.document.color($0, bundle: load.bundle) }) {
            item.tintColor = color
        }
        if let id = element["id"] { load.objects[id] = item }
        if let connections = element.child("connections") {
            for segue in connections.children(named: "segue") {
                guard let controller else { continue }
                let trigger = IBSegueTrigger(element: segue, controller: controller)
                item.setStoryboardAction { [weak item] in trigger.trigger(sender: item) }
            }
            if connections.children(named: "action").isEmpty == false {
                load.addConnections(source: item, connections)
            }
        }
        return item
    }

    /// A `<navigationItem>` into `navigationItem` (a controller's, or one of a standalone
    /// bar's items): its title, prompt, large-title mode, bar button items (single or lists,
    /// left and right, and the back button's) and title view.
    func decodeNavigationItem(_ itemElement: IBElement, into navigationItem: UINavigationItem, controller: UIViewController?) {
        if let title = itemElement["title"] { navigationItem.title = title }
        if let prompt = itemElement["prompt"] { navigationItem.prompt = prompt }
        switch itemElement["largeTitleDisplayMode"] {
        case "always": navigationItem.largeTitleDisplayMode = .always
        case "never": navigationItem.largeTitleDisplayMode = .never
        default: break
        }
        if let left = itemElement.child("barButtonItem", key: "leftBarButtonItem") {
            navigationItem.leftBarButtonItem = barButtonItem(left, controller: controller)
        }
        if let right = itemElement.child("barButtonItem", key: "rightBarButtonItem") {
            navigationItem.rightBarButtonItem = barButtonItem(right, controller: controller)
        }
        if let back = itemElement.child("barButtonItem", key: "backBarButtonItem") {
            navigationItem.backBarButtonItem = barButtonItem(back, controller: controller)
        }
        if let lefts = itemElement.child("leftBarButtonItems") {
            navigationItem.leftBarButtonItems = lefts.children(named: "barButtonItem").map { barButtonItem($0, controller: controller) }
        }
        if let rights = itemElement.child("rightBarButtonItems") {
            navigationItem.rightBarButtonItems = rights.children(named: "barButtonItem").map { barButtonItem($0, controller: controller) }
        }
        if let backTitle = itemElement["backButtonTitle"] { navigationItem.backButtonTitle = backTitle }
        if let titleView = itemElement.child(key: "titleView"), let view = load.instantiate(titleView) as? UIView {
            navigationItem.titleView = view
        }
        if let id = itemElement["id"] { load.objects[id] = navigationItem }
    }

    /// A `<navigationBar>`: a navigation controller's (its settings) or one placed in a view
    /// (its settings and its `<items>`, the last one on top).
    func decodeNavigationBar(_ bar: UINavigationBar) {
        if bool("largeTitles") == true { bar.prefersLargeTitles = true }
        if let translucent = bool("translucent") { bar.isTranslucent = translucent }
        if let color = color("tintColor") { bar.tintColor = color }
        if let color = color("barTintColor") { bar.barTintColor = color }
        if let items = element.child("items") {
            let made = items.children(named: "navigationItem").map { itemElement in
                let item = UINavigationItem()
                decodeNavigationItem(itemElement, into: item, controller: load.sceneController)
                return item
            }
            bar.setItems(made, animated: false)
        }
    }

    /// A `<tabBar>` placed in a view: its settings and its `<items>`.
    func decodeTabBar(_ bar: UITabBar) {
        if let translucent = bool("translucent") { bar.isTranslucent = translucent }
        if let color = color("barTintColor") { bar.barTintColor = color }
        if let color = color("selectedImageTintColor") { bar.tintColor = color }
        if let items = element.child("items") {
            bar.setItems(items.children(named: "tabBarItem").map(tabBarItem), animated: false)
        }
    }

    private static let tabSystemItems: [String: UITabBarItem.SystemItem] = [
        "more": .more, "favorites": .favorites, "featured": .featured, "topRated": .topRated, "recents": .recents,
        "contacts": .contacts, "history": .history, "bookmarks": .bookmarks, "search": .search, "downloads": .downloads,
        "mostRecent": .mostRecent, "mostViewed": .mostViewed,
    ]

    /// A controller's `<tabBarItem key="tabBarItem">`.
    func decodeTabBarItem(of controller: UIViewController) {
        guard let element = element.child("tabBarItem", key: "tabBarItem") else { return }
        controller.tabBarItem = tabBarItem(element)
    }

    /// A `<tabBarItem>`: a system item, or a title and images; its tag and badge.
    func tabBarItem(_ element: IBElement) -> UITabBarItem {
        let tag = element["tag"].flatMap { Int($0) } ?? 0
        let item: UITabBarItem
        if let name = element["systemItem"], let system = IBCoder.tabSystemItems[name] {
            item = UITabBarItem(tabBarSystemItem: system, tag: tag)
        } else {
            let coder = IBCoder(element: element, load: load)
            item = UITabBarItem(title: element["title"], image: coder.image(attribute: "image", key: "image"),
                                selectedImage: coder.image(attribute: "selectedImage", key: "selectedImage"))
            item.tag = tag
        }
        if let badge = element["badgeValue"] { item.badgeValue = badge }
        if let enabled = element["enabled"] { item.isEnabled = enabled == "YES" }
        if let id = element["id"] { load.objects[id] = item }
        return item
    }
}

extension UIBarButtonItem {
    /// What a storyboard connects the item to: its action, or a segue.
    func setStoryboardAction(_ run: @escaping () -> Void) {
        targetAction = run
    }
}
