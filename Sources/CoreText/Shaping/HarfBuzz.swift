import CoreGraphics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// HarfBuzz, loaded at run time: a fresh machine has its shared library (`libharfbuzz.so.0`)
/// but not its headers, so the few entry points Lamina calls are declared here with HarfBuzz's
/// stable C ABI and looked up with `dlsym`. When the library is absent, `HarfBuzz.shared` is
/// nil and `Shaper` maps characters to glyphs one to one with the font's own advances and
/// kerning pairs (no ligatures, marks or complex-script joining).
final class HarfBuzz: @unchecked Sendable {
    typealias Pointer = OpaquePointer

    /// hb_glyph_info_t.
    struct GlyphInfo {
        var codepoint: UInt32
        var mask: UInt32
        var cluster: UInt32
        var var1: UInt32
        var var2: UInt32
    }

    /// hb_glyph_position_t.
    struct GlyphPosition {
        var xAdvance: Int32
        var yAdvance: Int32
        var xOffset: Int32
        var yOffset: Int32
        var var0: UInt32
    }

    /// hb_feature_t.
    struct Feature {
        var tag: UInt32
        var value: UInt32
        var start: UInt32
        var end: UInt32
    }

    let blobCreateFromFile: @convention(c) (UnsafePointer<CChar>) -> Pointer?
    let blobCreate: @convention(c) (UnsafeRawPointer, UInt32, Int32, UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Pointer?
    let blobDestroy: @convention(c) (Pointer?) -> Void
    let faceCreate: @convention(c) (Pointer?, UInt32) -> Pointer?
    let faceDestroy: @convention(c) (Pointer?) -> Void
    let fontCreate: @convention(c) (Pointer?) -> Pointer?
    let fontDestroy: @convention(c) (Pointer?) -> Void
    let fontSetScale: @convention(c) (Pointer?, Int32, Int32) -> Void
    let bufferCreate: @convention(c) () -> Pointer?
    let bufferDestroy: @convention(c) (Pointer?) -> Void
    let bufferClearContents: @convention(c) (Pointer?) -> Void
    let bufferAddUTF16: @convention(c) (Pointer?, UnsafePointer<UInt16>, Int32, UInt32, Int32) -> Void
    let bufferSetDirection: @convention(c) (Pointer?, UInt32) -> Void
    let bufferSetScript: @convention(c) (Pointer?, UInt32) -> Void
    let bufferSetLanguage: @convention(c) (Pointer?, OpaquePointer?) -> Void
    let bufferGuessSegmentProperties: @convention(c) (Pointer?) -> Void
    let bufferGetLength: @convention(c) (Pointer?) -> UInt32
    let bufferGetGlyphInfos: @convention(c) (Pointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutableRawPointer?
    let bufferGetGlyphPositions: @convention(c) (Pointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutableRawPointer?
    let shape: @convention(c) (Pointer?, Pointer?, UnsafeRawPointer?, UInt32) -> Void
    let scriptFromString: @convention(c) (UnsafePointer<CChar>, Int32) -> UInt32
    let languageFromString: @convention(c) (UnsafePointer<CChar>, Int32) -> OpaquePointer?
    /// Lookup inspection (optional: without it shaped words are not cached).
    let setCreate: (@convention(c) () -> Pointer?)?
    let setDestroy: (@convention(c) (Pointer?) -> Void)?
    let setHas: (@convention(c) (Pointer?, UInt32) -> Int32)?
    let setNext: (@convention(c) (Pointer?, UnsafeMutablePointer<UInt32>) -> Int32)?
    let collectLookups: (@convention(c) (Pointer?, UInt32, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?, Pointer?) -> Void)?
    let collectGlyphs: (@convention(c) (Pointer?, UInt32, UInt32, Pointer?, Pointer?, Pointer?, Pointer?) -> Void)?
    let wouldSubstitute: (@convention(c) (Pointer?, UInt32, UnsafePointer<UInt32>, UInt32, Int32) -> Int32)?
    let glyphClass: (@convention(c) (Pointer?, UInt32) -> UInt32)?

    /// The loaded library, nil when the machine has none (`LAMINA_NO_HARFBUZZ=1` pretends so).
    static let shared: HarfBuzz? = HarfBuzz()

    /// HB_DIRECTION_LTR and HB_DIRECTION_RTL.
    static let leftToRight: UInt32 = 4
    static let rightToLeft: UInt32 = 5

    private init?() {
        guard ProcessInfo.processInfo.environment["LAMINA_NO_HARFBUZZ"] != "1" else { return nil }
        guard let handle = dlopen("libharfbuzz.so.0", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libharfbuzz.so", RTLD_NOW | RTLD_LOCAL)
        else { return nil }
        func load<T>(_ name: String, as: T.Type) -> T? {
            guard let symbol = dlsym(handle, name) else { return nil }
            return unsafeBitCast(symbol, to: T.self)
        }
        guard let blobCreateFromFile = load("hb_blob_create_from_file", as: (@convention(c) (UnsafePointer<CChar>) -> Pointer?).self),
              let blobCreate = load("hb_blob_create", as: (@convention(c) (UnsafeRawPointer, UInt32, Int32, UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Pointer?).self),
              let blobDestroy = load("hb_blob_destroy", as: (@convention(c) (Pointer?) -> Void).self),
              let faceCreate = load("hb_face_create", as: (@convention(c) (Pointer?, UInt32) -> Pointer?).self),
              let faceDestroy = load("hb_face_destroy", as: (@convention(c) (Pointer?) -> Void).self),
              let fontCreate = load("hb_font_create", as: (@convention(c) (Pointer?) -> Pointer?).self),
              let fontDestroy = load("hb_font_destroy", as: (@convention(c) (Pointer?) -> Void).self),
              let fontSetScale = load("hb_font_set_scale", as: (@convention(c) (Pointer?, Int32, Int32) -> Void).self),
              let bufferCreate = load("hb_buffer_create", as: (@convention(c) () -> Pointer?).self),
              let bufferDestroy = load("hb_buffer_destroy", as: (@convention(c) (Pointer?) -> Void).self),
              let bufferClearContents = load("hb_buffer_clear_contents", as: (@convention(c) (Pointer?) -> Void).self),
              let bufferAddUTF16 = load("hb_buffer_add_utf16", as: (@convention(c) (Pointer?, UnsafePointer<UInt16>, Int32, UInt32, Int32) -> Void).self),
              let bufferSetDirection = load("hb_buffer_set_direction", as: (@convention(c) (Pointer?, UInt32) -> Void).self),
              let bufferSetScript = load("hb_buffer_set_script", as: (@convention(c) (Pointer?, UInt32) -> Void).self),
              let bufferSetLanguage = load("hb_buffer_set_language", as: (@convention(c) (Pointer?, OpaquePointer?) -> Void).self),
              let bufferGuessSegmentProperties = load("hb_buffer_guess_segment_properties", as: (@convention(c) (Pointer?) -> Void).self),
              let bufferGetLength = load("hb_buffer_get_length", as: (@convention(c) (Pointer?) -> UInt32).self),
              let bufferGetGlyphInfos = load("hb_buffer_get_glyph_infos", as: (@convention(c) (Pointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutableRawPointer?).self),
              let bufferGetGlyphPositions = load("hb_buffer_get_glyph_positions", as: (@convention(c) (Pointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutableRawPointer?).self),
              let shape = load("hb_shape", as: (@convention(c) (Pointer?, Pointer?, UnsafeRawPointer?, UInt32) -> Void).self),
              let scriptFromString = load("hb_script_from_string", as: (@convention(c) (UnsafePointer<CChar>, Int32) -> UInt32).self),
              let languageFromString = load("hb_language_from_string", as: (@convention(c) (UnsafePointer<CChar>, Int32) -> OpaquePointer?).self)
        else { return nil }
        self.blobCreateFromFile = blobCreateFromFile
        self.blobCreate = blobCreate
        self.blobDestroy = blobDestroy
        self.faceCreate = faceCreate
        self.faceDestroy = faceDestroy
        self.fontCreate = fontCreate
        self.fontDestroy = fontDestroy
        self.fontSetScale = fontSetScale
        self.bufferCreate = bufferCreate
        self.bufferDestroy = bufferDestroy
        self.bufferClearContents = bufferClearContents
        self.bufferAddUTF16 = bufferAddUTF16
        self.bufferSetDirection = bufferSetDirection
        self.bufferSetScript = bufferSetScript
        self.bufferSetLanguage = bufferSetLanguage
        self.bufferGuessSegmentProperties = bufferGuessSegmentProperties
        self.bufferGetLength = bufferGetLength
        self.bufferGetGlyphInfos = bufferGetGlyphInfos
        self.bufferGetGlyphPositions = bufferGetGlyphPositions
        self.shape = shape
        self.scriptFromString = scriptFromString
        self.languageFromString = languageFromString
        setCreate = load("hb_set_create", as: (@convention(c) () -> Pointer?).self)
        setDestroy = load("hb_set_destroy", as: (@convention(c) (Pointer?) -> Void).self)
        setHas = load("hb_set_has", as: (@convention(c) (Pointer?, UInt32) -> Int32).self)
        setNext = load("hb_set_next", as: (@convention(c) (Pointer?, UnsafeMutablePointer<UInt32>) -> Int32).self)
        collectLookups = load("hb_ot_layout_collect_lookups",
                              as: (@convention(c) (Pointer?, UInt32, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?, Pointer?) -> Void).self)
        wouldSubstitute = load("hb_ot_layout_lookup_would_substitute",
                               as: (@convention(c) (Pointer?, UInt32, UnsafePointer<UInt32>, UInt32, Int32) -> Int32).self)
        glyphClass = load("hb_ot_layout_get_glyph_class", as: (@convention(c) (Pointer?, UInt32) -> UInt32).self)
        collectGlyphs = load("hb_ot_layout_lookup_collect_glyphs",
                             as: (@convention(c) (Pointer?, UInt32, UInt32, Pointer?, Pointer?, Pointer?, Pointer?) -> Void).self)
    }

    /// The four-letter OpenType tag as HarfBuzz's 32-bit value ("kern" → 0x6B65726E).
    static func tag(_ text: String) -> UInt32 {
        text.utf8.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// A HarfBuzz font for one face, scaled to font units (advances come back in font units, so
/// one shaping serves every size: text is unhinted). `@unchecked Sendable`: HarfBuzz fonts are
/// immutable once made and safe to shape with from several threads.
final class HarfBuzzFont: @unchecked Sendable {
    let font: OpaquePointer
    private let face: OpaquePointer
    private let blob: OpaquePointer
    /// Whether no substitution or positioning lookup of the face involves the space glyph:
    /// then text shapes the same word by word, and shaped words can be cached (as browsers
    /// do); false when it cannot be told.
    let spaceIsIndependent: Bool
    /// Shaped words, by direction, features and text (bounded; cleared when full).
    let words = Locked<[ShapedWordKey: ShapedWord]>([:])
    /// Widths of shaped words for measuring, by a hash of the text and features (the text is
    /// kept to tell colliding words apart; bounded, cleared when full).
    let widths = Locked(WordWidthTable())

    private static let cache = Locked<[Int: HarfBuzzFont]>([:])

    /// The font for `face`, made once per face; nil without HarfBuzz or for faces it cannot read.
    static func font(for face: FontFace) -> HarfBuzzFont? {
        guard let hb = HarfBuzz.shared else { return nil }
        return cache.withLock { fonts in
            if let known = fonts[face.identifier] { return known }
            guard let made = HarfBuzzFont(hb, face) else { return nil }
            fonts[face.identifier] = made
            return made
        }
    }

    private init?(_ hb: HarfBuzz, _ source: FontFace) {
        let blob: OpaquePointer?
        if let path = source.path {
            blob = hb.blobCreateFromFile(path)
        } else {
            return nil
        }
        guard let blob, let face = hb.faceCreate(blob, UInt32(source.index)), let font = hb.fontCreate(face) else {
            return nil
        }
        hb.fontSetScale(font, Int32(source.unitsPerEm), Int32(source.unitsPerEm))
        self.blob = blob
        self.face = face
        self.font = font
        spaceIsIndependent = HarfBuzzFont.lookupsAvoid(glyph: UInt32(source.glyph(for: 0x20)), face: face, hb)
    }

    /// Whether the features that join or space neighbouring characters leave `glyph` (the
    /// space) alone: no GPOS kerning or distance lookup holds it, and the GSUB ligature and
    /// contextual lookups that hold it substitute no pair of it with a glyph that is not a
    /// mark (fonts join the space with a following combining mark; the caller shapes text
    /// with a mark after a space whole).
    private static func lookupsAvoid(glyph: UInt32, face: OpaquePointer, _ hb: HarfBuzz) -> Bool {
        guard glyph != 0, let setCreate = hb.setCreate, let setDestroy = hb.setDestroy, let setHas = hb.setHas,
              let setNext = hb.setNext, let collectLookups = hb.collectLookups, let collectGlyphs = hb.collectGlyphs,
              let wouldSubstitute = hb.wouldSubstitute, let glyphClass = hb.glyphClass
        else { return false }
        for (table, featureNames) in [("GSUB", ["liga", "clig", "calt", "rlig", "dlig"]), ("GPOS", ["kern", "dist"])] {
            let tag = HarfBuzz.tag(table)
            guard let lookups = setCreate(), let glyphs = setCreate() else { return false }
            defer {
                setDestroy(lookups)
                setDestroy(glyphs)
            }
            let features = featureNames.map(HarfBuzz.tag) + [0]
            features.withUnsafeBufferPointer { collectLookups(face, tag, nil, nil, UnsafeRawPointer($0.baseAddress), lookups) }
            var index = UInt32.max   // HB_SET_VALUE_INVALID: start of the iteration
            while setNext(lookups, &index) != 0 {
                collectGlyphs(face, tag, index, glyphs, glyphs, glyphs, glyphs)
                guard setHas(glyphs, glyph) != 0 else { continue }
                guard table == "GSUB" else { return false }
                // Every pair of the space with a glyph of the lookup that is not a mark (class 3).
                var other = UInt32.max
                while setNext(glyphs, &other) != 0 {
                    guard other != glyph, glyphClass(face, other) != 3 else { continue }
                    for pair in [[glyph, other], [other, glyph]] where wouldSubstitute(face, index, pair, 2, 0) != 0 {
                        return false
                    }
                }
            }
        }
        return true
    }

    deinit {
        guard let hb = HarfBuzz.shared else { return }
        hb.fontDestroy(font)
        hb.faceDestroy(face)
        hb.blobDestroy(blob)
    }
}

/// A shaped word's measurements: its width (font units), cluster count, and whether every
/// glyph is a real one.
struct WordWidth {
    let width: Int32
    let clusters: Int32
    let isComplete: Bool
}

/// Shaped words' widths by a 64-bit hash of their text and features, for measuring: an
/// open-addressed table over flat arrays (no per-word allocation, no rehashing of the hash),
/// each word's text kept in one pool to tell colliding words apart. It grows from 1024 slots
/// to 32,768 and is emptied when that is half full.
struct WordWidthTable {
    private static let maximumSlots = 1 << 15
    private var keys: [UInt64] = []
    private var values: [WordWidth] = []
    /// Each slot's text: its start in `pool` and its length.
    private var spans: [(start: Int32, count: Int32)] = []
    private var pool: [UInt16] = []
    private(set) var count = 0

    @inline(__always)
    private func firstSlot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: key >> 17) & (keys.count - 1) }

    /// The width of the word `text` with hash `hash`, nil when not kept.
    func width(_ hash: UInt64, text: UnsafeBufferPointer<UInt16>) -> WordWidth? {
        guard !keys.isEmpty else { return nil }
        let key = hash | 1, mask = keys.count - 1
        var slot = firstSlot(key)
        return keys.withUnsafeBufferPointer { keys in
            while keys[slot] != 0 {
                if keys[slot] == key {
                    let span = spans[slot]
                    if Int(span.count) == text.count, pool.withUnsafeBufferPointer({
                        memcmp($0.baseAddress! + Int(span.start), text.baseAddress!, 2 * text.count) == 0
                    }) {
                        return values[slot]
                    }
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Keeps a word's width.
    mutating func insert(_ hash: UInt64, text: [UInt16], _ value: WordWidth) {
        if keys.isEmpty || count >= keys.count / 2 {
            if keys.count >= WordWidthTable.maximumSlots || pool.count > 1 << 20 { removeAll() } else { grow() }
        }
        let key = hash | 1, mask = keys.count - 1
        var slot = firstSlot(key)
        while keys[slot] != 0 {
            if keys[slot] == key, Int(spans[slot].count) == text.count,
               pool[Int(spans[slot].start)..<Int(spans[slot].start) + text.count].elementsEqual(text) { return }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = value
        spans[slot] = (Int32(pool.count), Int32(text.count))
        pool += text
        count += 1
    }

    /// Doubles the slots (1024 at first), placing the kept words again.
    private mutating func grow() {
        let old = (keys, values, spans)
        let slots = Swift.max(1024, keys.count * 2)
        keys = [UInt64](repeating: 0, count: slots)
        values = [WordWidth](repeating: WordWidth(width: 0, clusters: 0, isComplete: false), count: slots)
        spans = [(start: Int32, count: Int32)](repeating: (0, 0), count: slots)
        for i in old.0.indices where old.0[i] != 0 {
            var slot = firstSlot(old.0[i])
            while keys[slot] != 0 { slot = (slot + 1) & (slots - 1) }
            keys[slot] = old.0[i]
            values[slot] = old.1[i]
            spans[slot] = old.2[i]
        }
    }

    mutating func removeAll() {
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        pool.removeAll(keepingCapacity: true)
        count = 0
    }
}

/// What a shaped word is cached by.
struct ShapedWordKey: Hashable {
    let text: [UInt16]
    let rightToLeft: Bool
    let kerning: Bool
    let ligatures: Bool
    let script: UInt32
}

/// A word as HarfBuzz shaped it, in font units, clusters from the word's start.
struct ShapedWord {
    var glyphs: [UInt16]
    var clusters: [Int32]
    var advances: [Int32]
    var offsets: [(x: Int32, y: Int32)]

    /// The sum of the advances, font units.
    var width: Int32 { advances.reduce(0, &+) }
    /// How many clusters (characters for tracking) the word has.
    var clusterCount: Int {
        var count = 0
        for i in clusters.indices where i == 0 || clusters[i] != clusters[i - 1] { count += 1 }
        return count
    }
    /// Whether every glyph is a real one (no .notdef: no fallback font was needed).
    var isComplete: Bool { !glyphs.contains(0) }
}

/// Whether shaped words of the font's face are cached (for diagnostics and tests).
package func spaceIndependent(_ font: CTFont) -> Bool {
    HarfBuzzFont.font(for: font.face)?.spaceIsIndependent ?? false
}
