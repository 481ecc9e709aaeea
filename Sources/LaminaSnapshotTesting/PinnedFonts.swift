import CoreGraphics
import Foundation
import LaminaSnapshotBootstrap

/// The fonts every snapshot draws with, shipped with the package so that a snapshot's pixels
/// do not depend on the fonts the machine has: Inter as the system face (eleven weights and
/// styles), JetBrains Mono for monospaced text, and Droid Sans Fallback for Chinese, Japanese and
/// Korean. Their licences (SIL Open Font License 1.1, Apache 2.0) are beside them in `Fonts/`.
///
/// A test executable that links this module draws all its text with them from its start
/// (`LAMINA_FONT_DIRECTORY` is pointed at them before any test runs); another program pins
/// them at its first snapshot. Fonts the process registers itself
/// (`CTFontManagerRegisterFontsForURL`, an app's `UIAppFonts`) are drawn too; the machine's
/// never are.
///
/// - Note: Lamina addition.
public enum PinnedFonts {
    /// The pinned font files.
    public static var files: [URL] {
        let folder = Bundle.module.resourceURL?.appendingPathComponent("Fonts") ?? URL(fileURLWithPath: "Fonts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".otf") || $0.hasSuffix(".ttf") }.sorted().map { folder.appendingPathComponent($0) }
    }

    private static let pinning = ResultBox<Bool>()

    /// Pins the fonts for the process (once); false when they could not be read (the machine's
    /// fonts are then kept, and a warning printed once).
    @discardableResult
    public static func pin() -> Bool {
        if let done = pinning.value { return done }
        // A test process was pinned as it started (LaminaSnapshotBootstrap); listing the fonts
        // reads LAMINA_FONT_DIRECTORY.
        _ = lamina_snapshot_font_directory()
        _ = FontCatalog.shared.allRecords
        if FontCatalog.shared.isPinned {
            pinning.set(true)
            return true
        }
        let paths = files.map(\.path)
        let pinned = !paths.isEmpty && FontCatalog.shared.pin(to: paths)
        if !pinned {
            FileHandle.standardError.write(Data("LaminaSnapshotTesting: the pinned fonts could not be read from \(Bundle.module.bundlePath); snapshots use the machine's fonts\n".utf8))
        }
        pinning.set(pinned)
        return pinning.value ?? pinned
    }
}
