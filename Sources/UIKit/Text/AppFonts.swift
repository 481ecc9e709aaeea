import CoreText
import Foundation

/// The app's own fonts: the files `Info.plist`'s `UIAppFonts` lists (paths inside the app's
/// bundle) and any other `.ttf`, `.otf` or `.ttc` file in the bundle, registered once per bundle
/// (at launch, or at the first font looked up by name) so `UIFont(name:size:)` and font
/// descriptors find them by PostScript, full and family name.
enum AppFonts {
    private static let done = Locked<Set<String>>([])

    /// Registers the bundle's fonts, once.
    static func register(in bundle: Bundle) {
        let root = bundle.bundleURL.standardizedFileURL
        let isNew = done.withLock { $0.insert(root.path).inserted }
        guard isNew else { return }
        var files: [URL] = []
        let listed = AppBundle.infoDictionary(of: bundle)["UIAppFonts"] as? [String] ?? []
        for entry in listed {
            let file = root.appendingPathComponent(entry)
            if FileManager.default.fileExists(atPath: file.path) {
                files.append(file)
            } else {
                ConsoleLog.report("UIAppFonts lists \"\(entry)\", which is not in the app's bundle \(root.path).")
            }
        }
        files += fontFiles(in: root, depth: 0)
        var seen = Set<String>()
        for file in files where seen.insert(file.standardizedFileURL.path).inserted {
            CTFontManagerRegisterFontsForURL(file as CFURL, .process, nil)
        }
    }

    /// Font files under `folder`, at most four folders down; asset catalogues, language folders
    /// and links are not entered.
    private static func fontFiles(in folder: URL, depth: Int) -> [URL] {
        guard depth <= 4,
              let children = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey])
        else { return [] }
        var found: [URL] = []
        for child in children.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            let values = try? child.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            if values?.isDirectory == true {
                guard values?.isSymbolicLink != true, !["xcassets", "lproj"].contains(child.pathExtension),
                      // Lamina's own resource bundles (beside a test or tool built in place) hold
                      // its fonts, not the app's.
                      !child.lastPathComponent.hasPrefix("Lamina_") else { continue }
                found += fontFiles(in: child, depth: depth + 1)
            } else if ["ttf", "otf", "ttc"].contains(child.pathExtension.lowercased()) {
                found.append(child)
            }
        }
        return found
    }
}
