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
    }

    deinit {
        guard let hb = HarfBuzz.shared else { return }
        hb.fontDestroy(font)
        hb.faceDestroy(face)
        hb.blobDestroy(blob)
    }
}
