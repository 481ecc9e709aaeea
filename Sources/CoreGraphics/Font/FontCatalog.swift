import CFontconfig
import Foundation

/// One installed font face as fontconfig lists it.
package struct FontRecord: Sendable {
    package let path: String
    package let index: Int
    package let family: String
    /// Other names of the family (a face listed as "DejaVu Sans" and "DejaVu Sans Light").
    package let familyAliases: [String]
    package let style: String
    package let postScriptName: String
    package let fullName: String
    /// fontconfig's weight (80 regular, 200 bold), slant (0 roman, 100 italic, 110 oblique),
    /// width (100 normal) and spacing (100 mono).
    package let weight: Int
    package let slant: Int
    package let width: Int
    package let isMonospaced: Bool
    /// Whether the face has colour glyphs (emoji).
    package let isColor: Bool
}

/// The fonts on the machine, from fontconfig: listed once, faces loaded on demand and kept.
///
/// Lookups by name, by family and traits, and for a character no chosen face has (fallback,
/// through each face's character set). `@unchecked Sendable`: every field is reached under
/// `lock`; fontconfig's character sets are only read after listing.
package final class FontCatalog: @unchecked Sendable {
    package static let shared = FontCatalog()

    private let lock = NSLock()
    private var listed = false
    private var records: [FontRecord] = []
    /// Each record's character set (owned by `fontSet`, which is never freed).
    private var charsets: [OpaquePointer?] = []
    private var fontSet: UnsafeMutablePointer<FcFontSet>?
    private var faces: [String: FontFace] = [:]
    private var fallbacks: [UInt32: Int] = [:]
    private var colorFallbacks: [UInt32: Int] = [:]
    /// Font files the process registered, in order.
    private var registered: [String] = []
    /// The fontconfig configuration listed: nil for the machine's, else one holding only the
    /// pinned files (`pin(to:)`).
    private var pinnedConfig: OpaquePointer?
    /// Bumped whenever the listing changes, so caches of chosen faces know to choose again.
    private var listingGeneration = 0
    package var generation: Int { lock.withLock { listingGeneration } }

    /// Every installed face.
    package var allRecords: [FontRecord] {
        lock.withLock {
            listIfNeeded()
            return records
        }
    }

    /// The loaded face of a record (one face per file and index, for the process).
    package func face(for record: FontRecord) -> FontFace? {
        lock.withLock { loadFace(record) }
    }

    private func loadFace(_ record: FontRecord) -> FontFace? {
        let key = "\(record.index):\(record.path)"
        if let known = faces[key] { return known }
        guard let face = FontFace(path: record.path, index: record.index) else { return nil }
        faces[key] = face
        return face
    }

    /// The face whose PostScript name, full name or family (regular style) is `name`,
    /// compared without case; nil when none is installed.
    package func face(named name: String) -> FontFace? {
        let wanted = name.lowercased()
        return lock.withLock {
            listIfNeeded()
            if let record = records.first(where: { $0.postScriptName.lowercased() == wanted })
                ?? records.first(where: { $0.fullName.lowercased() == wanted }) {
                return loadFace(record)
            }
            let family = records.filter { $0.family.lowercased() == wanted || $0.familyAliases.contains { $0.lowercased() == wanted } }
            guard let best = FontCatalog.closest(family, weight: 80, slant: 0) else { return nil }
            return loadFace(best)
        }
    }

    /// The installed family names, sorted.
    package var familyNames: [String] {
        Array(Set(allRecords.map(\.family))).sorted()
    }

    /// The faces of a family.
    package func records(inFamily family: String) -> [FontRecord] {
        let wanted = family.lowercased()
        return allRecords.filter { $0.family.lowercased() == wanted }
    }

    /// The face of the first installed family in `families` nearest to a fontconfig weight and
    /// slant, optionally monospaced.
    package func face(families: [String], weight: Int, slant: Int, monospaced: Bool = false) -> FontFace? {
        lock.withLock {
            listIfNeeded()
            for family in families {
                let wanted = family.lowercased()
                let members = records.filter {
                    $0.family.lowercased() == wanted && (!monospaced || $0.isMonospaced) && $0.width == 100
                }
                if let best = FontCatalog.closest(members, weight: weight, slant: slant) { return loadFace(best) }
            }
            let any = records.filter { !monospaced || $0.isMonospaced }
            return FontCatalog.closest(any, weight: weight, slant: slant).flatMap { loadFace($0) }
        }
    }

    /// An installed face that has a glyph for `scalar`, preferring faces of the same weight
    /// class; nil when no installed face has one.
    package func fallbackFace(for scalar: UInt32, like face: FontFace) -> FontFace? {
        lock.withLock {
            listIfNeeded()
            if let known = fallbacks[scalar] { return known >= 0 ? loadFace(records[known]) : nil }
            var best = -1, bestScore = Int.max
            for (i, record) in records.enumerated() {
                guard let charset = charsets[i], FcCharSetHasChar(charset, FcChar32(scalar)) != 0 else { continue }
                let score = abs(record.weight - FontCatalog.fontconfigWeight(face.weightClass)) * 4
                    + (record.slant == 0 ? 0 : 50) + (record.width == 100 ? 0 : 20)
                if score < bestScore { (best, bestScore) = (i, score) }
            }
            fallbacks[scalar] = best
            return best >= 0 ? loadFace(records[best]) : nil
        }
    }

    /// An installed colour face (emoji) with a glyph for `scalar`; nil when none has one.
    package func colorFace(for scalar: UInt32) -> FontFace? {
        lock.withLock {
            listIfNeeded()
            if let known = colorFallbacks[scalar] { return known >= 0 ? loadFace(records[known]) : nil }
            let found = records.indices.first { i in
                records[i].isColor && charsets[i].map { FcCharSetHasChar($0, FcChar32(scalar)) != 0 } == true
            }
            colorFallbacks[scalar] = found ?? -1
            return found.map { loadFace(records[$0]) } ?? nil
        }
    }

    /// Replaces the machine's fonts with the faces of `paths` for the rest of the process (and
    /// keeps fonts registered since): what is drawn then no longer depends on what the machine
    /// has installed. False, with the machine's fonts kept, when a file holds no face.
    package func pin(to paths: [String]) -> Bool {
        lock.withLock {
            checkedEnvironment = true
            return pinLocked(to: paths)
        }
    }

    /// `pin(to:)` with `lock` held.
    private func pinLocked(to paths: [String]) -> Bool {
        guard !paths.isEmpty, FcInit() != 0, let config = FcConfigCreate() else { return false }
        for path in paths + registered {
            let added = path.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { FcConfigAppFontAddFile(config, $0) != 0 }
            }
            guard added else {
                FcConfigDestroy(config)
                return false
            }
        }
        if let pinnedConfig { FcConfigDestroy(pinnedConfig) }
        pinnedConfig = config
        faces = [:]
        relist()
        return true
    }

    /// Whether `LAMINA_FONT_DIRECTORY` was looked at (once, before the first listing).
    private var checkedEnvironment = false

    /// `LAMINA_FONT_DIRECTORY`: when it names a folder, the process draws with only the fonts
    /// in it (and those it registers) — deterministic text whatever the machine has installed.
    /// Test processes that link `LaminaSnapshotTesting` set it to the pinned snapshot fonts.
    private func pinFromEnvironmentIfAsked() {
        guard !checkedEnvironment else { return }
        checkedEnvironment = true
        guard let folder = ProcessInfo.processInfo.environment["LAMINA_FONT_DIRECTORY"], !folder.isEmpty else { return }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        let fonts = names.filter { name in [".ttf", ".otf", ".ttc"].contains { name.lowercased().hasSuffix($0) } }
        if !pinLocked(to: fonts.map { folder + "/" + $0 }) {
            FileHandle.standardError.write(Data("LAMINA_FONT_DIRECTORY=\(folder): no readable fonts there; using the machine's fonts\n".utf8))
        }
    }

    /// Whether `pin(to:)` replaced the machine's fonts.
    package var isPinned: Bool { lock.withLock { pinnedConfig != nil } }

    /// Adds a font file's faces to the process's fonts (fontconfig's application fonts);
    /// false when it is registered already or fontconfig refuses it. Callers check first
    /// that the file holds a face (`FontFace(path:)`).
    package func register(path: String) -> Bool {
        lock.withLock {
            guard !registered.contains(path), FcInit() != 0, addApplicationFont(path) else { return false }
            registered.append(path)
            relist()
            return true
        }
    }

    /// Removes a file registered with `register(path:)`; false when it was not registered.
    package func unregister(path: String) -> Bool {
        lock.withLock {
            guard let at = registered.firstIndex(of: path) else { return false }
            registered.remove(at: at)
            // fontconfig removes application fonts only all together: add the others back.
            FcConfigAppFontClear(pinnedConfig)
            for other in registered { _ = addApplicationFont(other) }
            relist()
            return true
        }
    }

    private func addApplicationFont(_ path: String) -> Bool {
        path.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { FcConfigAppFontAddFile(pinnedConfig, $0) != 0 }
        }
    }

    /// Forgets the listing so the next lookup lists again; called with `lock` held.
    private func relist() {
        listingGeneration += 1
        listed = false
        records = []
        charsets = []
        fallbacks = [:]
        colorFallbacks = [:]
        if let fontSet { FcFontSetDestroy(fontSet) }
        fontSet = nil
    }

    /// fontconfig's weight scale for an OS/2 weight class.
    package static func fontconfigWeight(_ weightClass: Int) -> Int {
        Int(FcWeightFromOpenType(Int32(weightClass)))
    }

    private static func closest(_ candidates: [FontRecord], weight: Int, slant: Int) -> FontRecord? {
        candidates.min { a, b in
            // Upright against slanted matters most (italic and oblique both count as slanted).
            let sa = abs(a.weight - weight) + ((a.slant != 0) == (slant != 0) ? abs(a.slant - slant) : 1000) + (a.width == 100 ? 0 : 50)
            let sb = abs(b.weight - weight) + ((b.slant != 0) == (slant != 0) ? abs(b.slant - slant) : 1000) + (b.width == 100 ? 0 : 50)
            return sa != sb ? sa < sb : a.style.count < b.style.count
        }
    }

    /// Lists the scalable fonts once; called with `lock` held.
    private func listIfNeeded() {
        pinFromEnvironmentIfAsked()
        guard !listed else { return }
        listed = true
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddBool(pattern, FC_SCALABLE, 1)
        let names = [FC_FILE, FC_INDEX, FC_FAMILY, FC_STYLE, FC_POSTSCRIPT_NAME, FC_FULLNAME, FC_WEIGHT, FC_SLANT,
                     FC_WIDTH, FC_SPACING, FC_CHARSET, FC_COLOR]
        guard let objects = FcObjectSetCreate() else { return }
        defer { FcObjectSetDestroy(objects) }
        for name in names { FcObjectSetAdd(objects, name) }
        guard let set = FcFontList(pinnedConfig, pattern, objects) else { return }
        fontSet = set
        var seen = Set<String>()
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            func string(_ object: String, _ n: Int32 = 0) -> String? {
                var value: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(font, object, n, &value) == FcResultMatch, let value else { return nil }
                return String(cString: value)
            }
            func bool(_ object: String) -> Bool {
                var value: FcBool = 0
                return FcPatternGetBool(font, object, 0, &value) == FcResultMatch && value != 0
            }
            func integer(_ object: String, _ fallback: Int) -> Int {
                var value: Int32 = 0
                return FcPatternGetInteger(font, object, 0, &value) == FcResultMatch ? Int(value) : fallback
            }
            guard let file = string(FC_FILE), let family = string(FC_FAMILY) else { continue }
            let index = integer(FC_INDEX, 0)
            // Variable fonts list each named instance with an index above 0xFFFF: keep the face.
            guard index <= 0xFFFF, seen.insert("\(index):\(file)").inserted else { continue }
            var aliases: [String] = []
            var n: Int32 = 1
            while let alias = string(FC_FAMILY, n) { aliases.append(alias); n += 1 }
            var charset: OpaquePointer?
            _ = FcPatternGetCharSet(font, FC_CHARSET, 0, &charset)
            let style = string(FC_STYLE) ?? "Regular"
            records.append(FontRecord(
                path: file, index: index, family: family, familyAliases: aliases, style: style,
                postScriptName: string(FC_POSTSCRIPT_NAME) ?? (family + "-" + style).replacingOccurrences(of: " ", with: ""),
                fullName: string(FC_FULLNAME) ?? family + " " + style,
                weight: integer(FC_WEIGHT, 80), slant: integer(FC_SLANT, 0), width: integer(FC_WIDTH, 100),
                isMonospaced: integer(FC_SPACING, 0) == 100, isColor: bool(FC_COLOR)))
            charsets.append(charset)
        }
    }
}
