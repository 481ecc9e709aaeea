import Foundation

/// A storyboard: view controller scenes read at run time from the `.storyboard` file Xcode
/// saves (its XML), found in a bundle by name.
@preconcurrency @MainActor
open class UIStoryboard: NSObject {
    let document: IBDocument
    let bundle: Bundle
    let name: String

    /// The storyboard `name` (without `.storyboard`) in `bundle` (the app's when nil): at the
    /// bundle's top, in its `Base.lproj` or a language folder, or one folder down. Stops the app,
    /// as iOS raises, when there is no such file or it cannot be read.
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        let bundle = storyboardBundleOrNil ?? AppBundle.current
        guard let url = UIStoryboard.locate(name: name, extension: "storyboard", in: bundle) else {
            fatalError("Could not find a storyboard named '\(name)' in bundle NSBundle <\(bundle.bundlePath)>")
        }
        do {
            document = try IBStore.document(at: url)
        } catch {
            fatalError("Could not load the storyboard '\(name)': \(error)")
        }
        self.bundle = bundle
        self.name = name
        super.init()
    }

    /// Makes the storyboard's initial view controller (nil when it has none).
    open func instantiateInitialViewController() -> UIViewController? {
        instantiateInitialViewController(creator: nil)
    }

    /// Makes the initial view controller with `creator` (given the coder; nil makes it the usual
    /// way).
    open func instantiateInitialViewController<ViewController: UIViewController>(
        creator block: ((NSCoder) -> ViewController?)? = nil) -> ViewController? {
        guard let id = document.root["initialViewController"], let element = document.elements[id] else { return nil }
        return instantiate(element, creator: block) as? ViewController
    }

    /// Makes the controller whose storyboard ID is `identifier`. Stops the app, as iOS raises,
    /// when there is none.
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        instantiateViewController(identifier: identifier, creator: nil)
    }

    /// Makes the controller whose storyboard ID is `identifier` with `creator`.
    open func instantiateViewController<ViewController: UIViewController>(
        identifier: String, creator block: ((NSCoder) -> ViewController?)? = nil) -> ViewController {
        guard let element = scene(identifier: identifier) else {
            fatalError("Storyboard (<UIStoryboard: \(name)>) doesn't contain a view controller with identifier '\(identifier)'")
        }
        guard let made = instantiate(element, creator: block) as? ViewController else {
            fatalError("The view controller with identifier '\(identifier)' in storyboard '\(name)' is not a \(ViewController.self)")
        }
        return made
    }

    /// The scene controller element with `storyboardIdentifier`.
    func scene(identifier: String) -> IBElement? {
        for scene in document.root.child("scenes")?.children(named: "scene") ?? [] {
            for object in scene.child("objects")?.children ?? [] where object["storyboardIdentifier"] == identifier {
                return object
            }
        }
        return nil
    }

    /// Makes a scene's controller (its view loads later, when first asked for).
    func instantiate<ViewController: UIViewController>(_ element: IBElement,
                                                       creator: ((NSCoder) -> ViewController?)?) -> UIViewController? {
        let load = IBLoad(document: document, bundle: bundle, storyboard: self)
        let controller: UIViewController?
        if let creator {
            controller = creator(IBCoder(element: element, load: load))
        } else {
            controller = load.instantiate(element) as? UIViewController
        }
        load.finish()
        return controller
    }

    /// The file for a document `name` in `bundle`.
    static func locate(name: String, extension fileExtension: String, in bundle: Bundle) -> URL? {
        let fileName = name.hasSuffix("." + fileExtension) ? name : name + "." + fileExtension
        let bundle = AppBundle.standIn(for: bundle)
        let root = bundle.bundleURL
        var candidates = [root.appendingPathComponent(fileName)]
        if let language = LocalizedStrings.language(of: bundle, table: name) {
            candidates.append(root.appendingPathComponent("\(language).lproj/" + fileName))
        }
        candidates.append(root.appendingPathComponent("Base.lproj/" + fileName))
        candidates.append(root.appendingPathComponent("en.lproj/" + fileName))
        if let folders = try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil) {
            for folder in folders.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
                candidates.append(folder.appendingPathComponent(fileName))
                candidates.append(folder.appendingPathComponent("Base.lproj/" + fileName))
            }
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}

/// Interface Builder documents, parsed once per file.
@MainActor
enum IBStore {
    private static var documents: [String: IBDocument] = [:]

    private static var nibs: [String: Set<String>] = [:]

    /// Whether the bundle has a nib `name` (its nib names are listed once).
    static func hasNib(named name: String, in bundle: Bundle) -> Bool {
        let root = bundle.bundleURL.standardizedFileURL
        if let known = nibs[root.path] { return known.contains(name) }
        var names = Set<String>()
        let fileManager = FileManager.default
        var folders = [root]
        for child in (try? fileManager.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? [] {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: child.path, isDirectory: &isDirectory), isDirectory.boolValue { folders.append(child) }
        }
        for folder in folders {
            for file in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] where file.hasSuffix(".xib") {
                names.insert(String(file.dropLast(4)))
            }
        }
        nibs[root.path] = names
        return names.contains(name)
    }

    /// The document at `url`; a `Base.lproj` document with the strings of the bundle's chosen
    /// localization (`<language>.lproj/<name>.strings`, keys `<object id>.<property>`) applied.
    static func document(at url: URL) throws -> IBDocument {
        let standard = url.standardizedFileURL
        var strings: [String: String] = [:]
        var language = ""
        let folder = standard.deletingLastPathComponent()
        if folder.lastPathComponent == "Base.lproj", let bundle = Bundle(url: folder.deletingLastPathComponent()) {
            let name = standard.deletingPathExtension().lastPathComponent
            if let chosen = LocalizedStrings.language(of: bundle, table: name) {
                language = chosen
                let file = folder.deletingLastPathComponent().appendingPathComponent("\(chosen).lproj/\(name).strings")
                if let data = FileManager.default.contents(atPath: file.path) {
                    strings = StringsFile.strings(data, name: "\(chosen).lproj/\(name).strings") ?? [:]
                }
            }
        }
        let key = standard.path + "\u{0}" + language
        if let known = documents[key] { return known }
        let document = try IBDocument(url: url)
        if !strings.isEmpty { document.localize(with: strings) }
        documents[key] = document
        return document
    }
}

extension UIViewController {
    /// The storyboard the controller was made from (nil for one made in code).
    public var storyboard: UIStoryboard? { storyboardSource?.storyboard }
}
