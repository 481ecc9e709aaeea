import Foundation

/// A nib: the objects of a `.xib` file, read at run time from the XML Xcode saves, made anew
/// each time it is instantiated.
@preconcurrency @MainActor
open class UINib: NSObject {
    /// Options for `instantiate(withOwner:options:)`.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Objects to stand for the nib's external placeholders, by their identifiers.
        public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
    }

    let document: IBDocument
    let bundle: Bundle

    /// The nib `name` (without `.xib`) in `bundle` (the app's when nil). Stops the app, as iOS
    /// raises, when there is no such file or it cannot be read.
    public init(nibName name: String, bundle bundleOrNil: Bundle?) {
        let bundle = bundleOrNil ?? AppBundle.current
        guard let url = UIStoryboard.locate(name: name, extension: "xib", in: bundle) else {
            fatalError("Could not load NIB in bundle: 'NSBundle <\(bundle.bundlePath)> (loaded)' with name '\(name)'")
        }
        do {
            document = try IBStore.document(at: url)
        } catch {
            fatalError("Could not load NIB '\(name)': \(error)")
        }
        self.bundle = bundle
        super.init()
    }

    /// A nib whose XML is `data` (read from the `.xib` source).
    ///
    /// - Note: Differs from Apple: `data` is the `.xib` XML, not a compiled nib.
    public init(data: Data, bundle bundleOrNil: Bundle?) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("UINib-\(UUID().uuidString).xib")
        do {
            try data.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            document = try IBDocument(url: url)
        } catch {
            fatalError("Could not load NIB from data: \(error)")
        }
        bundle = bundleOrNil ?? AppBundle.current
        super.init()
    }

    /// Whether `name` names a nib in `bundle`.
    static func exists(named name: String, in bundle: Bundle) -> Bool {
        UIStoryboard.locate(name: name, extension: "xib", in: bundle) != nil
    }

    /// Makes the nib's objects: the top-level ones are returned (placeholders are not), the
    /// File's Owner placeholder stands for `ownerOrNil`, outlets and actions are connected, and
    /// every object made hears `awakeFromNib`.
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [UINib.OptionsKey: Any]? = nil) -> [Any] {
        let load = IBLoad(document: document, bundle: bundle, storyboard: nil)
        let objects = document.root.child("objects")?.children ?? []
        let external = optionsOrNil?[.externalObjects] as? [String: Any] ?? [:]
        for placeholder in objects where placeholder.name == "placeholder" {
            guard let id = placeholder["id"] else { continue }
            let stand: AnyObject?
            switch placeholder["placeholderIdentifier"] {
            case "IBFilesOwner": stand = ownerOrNil as AnyObject?
            case "IBFirstResponder": stand = nil
            case let identifier?: stand = external[identifier] as AnyObject?
            case nil: stand = nil
            }
            guard let stand else { continue }
            load.objects[id] = stand
            if let connections = placeholder.child("connections") { load.addConnections(source: stand, connections) }
        }
        var topLevel: [Any] = []
        for element in objects where element.name != "placeholder" {
            if let object = load.instantiate(element) { topLevel.append(object) }
        }
        load.finish()
        return topLevel
    }
}

extension Bundle {
    /// Makes the objects of the nib `name` in this bundle with `owner` as its File's Owner; the
    /// top-level objects, or nil when there is no such nib.
    @MainActor
    public func loadNibNamed(_ name: String, owner: Any?, options: [UINib.OptionsKey: Any]? = nil) -> [Any]? {
        guard UINib.exists(named: name, in: self) else {
            fatalError("Could not load NIB in bundle: 'NSBundle <\(bundlePath)> (loaded)' with name '\(name)'")
        }
        return UINib(nibName: name, bundle: self).instantiate(withOwner: owner, options: options)
    }
}

/// Outlets of UIKit's own classes that are not stored properties (a controller's `view`, a
/// table's `dataSource`), set through their setters.
@MainActor
enum UIKitOutlets {
    static func set(_ property: String, of source: AnyObject, to value: AnyObject) -> Bool {
        switch (property, source) {
        case ("view", let controller as UIViewController):
            guard let view = value as? UIView else { return false }
            controller.view = view
        case ("tableView", let controller as UITableViewController):
            guard let table = value as? UITableView else { return false }
            controller.tableView = table
        case ("collectionView", let controller as UICollectionViewController):
            guard let collection = value as? UICollectionView else { return false }
            controller.collectionView = collection
        case ("dataSource", let table as UITableView):
            table.dataSource = value as? any UITableViewDataSource
        case ("dataSource", let collection as UICollectionView):
            collection.dataSource = value as? any UICollectionViewDataSource
        case ("delegate", let table as UITableView):
            table.delegate = value as? any UITableViewDelegate
        case ("delegate", let collection as UICollectionView):
            collection.delegate = value as? any UICollectionViewDelegate
        case ("delegate", let scroll as UIScrollView):
            scroll.delegate = value as? any UIScrollViewDelegate
        case ("delegate", let field as UITextField):
            field.delegate = value as? any UITextFieldDelegate
        default:
            return false
        }
        return true
    }
}
