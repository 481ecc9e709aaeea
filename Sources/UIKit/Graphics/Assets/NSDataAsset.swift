import Foundation

/// The name of a data set in an asset catalogue.
public typealias NSDataAssetName = String

/// The contents of a data set in an asset catalogue: any file, with its type.
open class NSDataAsset: NSObject, @unchecked Sendable {
    /// The data set's name.
    public let name: NSDataAssetName
    /// The file's contents.
    public let data: Data
    /// The file's uniform type identifier (`public.data` when the set does not say).
    public let typeIdentifier: String

    /// The data set `name` in the app's asset catalogues; nil when there is none.
    public convenience init?(name: NSDataAssetName) {
        self.init(name: name, bundle: AssetCatalog.bundle(nil))
    }

    /// The data set `name` in `bundle`'s asset catalogues; nil when there is none or its file
    /// cannot be read.
    public init?(name: NSDataAssetName, bundle: Bundle) {
        for catalog in AssetCatalog.catalogs(in: bundle) {
            guard let set: AssetDataSet = catalog.parsedSet(named: name, kind: .data, parse: { AssetDataSet($0) }) else { continue }
            guard let data = try? Data(contentsOf: set.file) else {
                ConsoleLog.report("[Assets] \(set.file.path) is missing.")
                return nil
            }
            self.name = name
            self.data = data
            typeIdentifier = set.typeIdentifier
            super.init()
            return
        }
        return nil
    }
}

/// The app's accent colour, found once for each app bundle.
enum AccentColor {
    /// The colour found, and the bundle object it was found in (compared by identity: every
    /// view asks for its tint, and a bundle's path is costly to read on Linux).
    private static let known = Locked<(bundle: ObjectIdentifier, color: UIColor)?>(nil)

    static var current: UIColor {
        let bundle = AppBundle.current
        if let known = known.withLock({ $0 }), known.bundle == ObjectIdentifier(bundle) { return known.color }
        let info = AppBundle.infoDictionary(of: bundle)
        let name = info["NSAccentColorName"] as? String ?? info["UIAccentColorName"] as? String ?? "AccentColor"
        let color = UIColor.lookUp(named: name, in: bundle) ?? .systemBlue
        known.withLock { $0 = (ObjectIdentifier(bundle), color) }
        return color
    }

    /// Forgets the colour (the app's bundle changed).
    static func forget() {
        known.withLock { $0 = nil }
    }
}
