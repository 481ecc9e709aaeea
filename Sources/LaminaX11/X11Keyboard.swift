import CXCB
import Foundation
import LaminaPlatform

/// The server's keyboard mapping (keycode → keysyms, from the core protocol) and what a key
/// event means to UIKit: the characters typed, with and without modifiers, and the key's USB
/// HID usage.
///
/// Keycodes are taken to be evdev's (Linux input codes + 8), as every current X server on
/// Linux uses; a key without a HID usage here reports usage 0.
final class X11Keyboard: @unchecked Sendable {
    private let lock = NSLock()
    private var minimumKeycode = 8
    private var perKeycode = 0
    private var keysyms: [UInt32] = []

    init(connection c: OpaquePointer) {
        reload(connection: c)
    }

    /// Reads the mapping again (after a MappingNotify).
    func reload(connection c: OpaquePointer) {
        guard let setup = xcb_get_setup(c) else { return }
        let first = setup.pointee.min_keycode, last = setup.pointee.max_keycode
        guard last >= first else { return }
        let cookie = xcb_get_keyboard_mapping(c, first, last - first + 1)
        guard let reply = xcb_get_keyboard_mapping_reply(c, cookie, nil) else { return }
        defer { free(reply) }
        let count = Int(xcb_get_keyboard_mapping_keysyms_length(reply))
        guard let list = xcb_get_keyboard_mapping_keysyms(reply) else { return }
        let table = Array(UnsafeBufferPointer(start: list, count: count))
        lock.withLock {
            minimumKeycode = Int(first)
            perKeycode = Int(reply.pointee.keysyms_per_keycode)
            keysyms = table
        }
    }

    /// The keysym of `keycode` at `column` (0 plain, 1 shifted), 0 when there is none.
    func keysym(_ keycode: Int, column: Int) -> UInt32 {
        lock.withLock {
            guard perKeycode > 0, keycode >= minimumKeycode else { return 0 }
            let base = (keycode - minimumKeycode) * perKeycode
            guard base + perKeycode <= keysyms.count else { return 0 }
            let plain = keysyms[base]
            // An empty shifted column means the plain keysym (letters list one case only).
            if column == 1, perKeycode > 1, keysyms[base + 1] != 0 { return keysyms[base + 1] }
            return plain
        }
    }

    /// A key event as UIKit takes it.
    func key(keycode: Int, state: UInt16, isDown: Bool, time: Double) -> PlatformWindowEvent {
        let modifiers = X11Keyboard.modifiers(state)
        let plain = keysym(keycode, column: 0)
        let shifted = modifiers.contains(.shift) ? keysym(keycode, column: 1) : plain
        var characters = X11Keyboard.characters(shifted)
        if modifiers.contains(.capsLock), characters.count == 1, characters.lowercased() != characters.uppercased() {
            characters = modifiers.contains(.shift) ? characters.lowercased() : characters.uppercased()
        }
        return .key(isDown: isDown, characters: characters, charactersIgnoringModifiers: X11Keyboard.characters(plain),
                    keyCode: X11Keyboard.hidUsage(keycode: keycode), modifiers: modifiers, time: time)
    }

    /// Modifier flags of an X event's state field (Mod1 is Alt, Mod4 the Super/Windows key,
    /// which stands in for Command).
    static func modifiers(_ state: UInt16) -> PlatformModifiers {
        var flags: PlatformModifiers = []
        if state & UInt16(XCB_MOD_MASK_SHIFT.rawValue) != 0 { flags.insert(.shift) }
        if state & UInt16(XCB_MOD_MASK_LOCK.rawValue) != 0 { flags.insert(.capsLock) }
        if state & UInt16(XCB_MOD_MASK_CONTROL.rawValue) != 0 { flags.insert(.control) }
        if state & UInt16(XCB_MOD_MASK_1.rawValue) != 0 { flags.insert(.alternate) }
        if state & UInt16(XCB_MOD_MASK_4.rawValue) != 0 { flags.insert(.command) }
        return flags
    }

    /// The text a keysym types: Latin-1 keysyms are their code points, Unicode keysyms carry
    /// theirs above 0x1000000, and the editing keys type their control characters. Arrow
    /// keys give UIKit's `UIKeyInput…Arrow` strings; other function keys type nothing.
    static func characters(_ keysym: UInt32) -> String {
        switch keysym {
        case 0x20...0x7E, 0xA0...0xFF:
            return String(UnicodeScalar(UInt8(keysym)))
        case 0x0100_0100...0x0110_FFFF:
            return UnicodeScalar(keysym - 0x0100_0000).map { String($0) } ?? ""
        case 0xFF0D, 0xFF8D: return "\r"
        case 0xFF08: return "\u{8}"
        case 0xFF09: return "\t"
        case 0xFF1B: return "\u{1B}"
        case 0xFFFF: return "\u{7F}"
        case 0xFF51: return "UIKeyInputLeftArrow"
        case 0xFF52: return "UIKeyInputUpArrow"
        case 0xFF53: return "UIKeyInputRightArrow"
        case 0xFF54: return "UIKeyInputDownArrow"
        case 0xFF55: return "UIKeyInputPageUp"
        case 0xFF56: return "UIKeyInputPageDown"
        case 0xFF50: return "UIKeyInputHome"
        case 0xFF57: return "UIKeyInputEnd"
        default: return ""
        }
    }

    /// The USB HID usage (keyboard page) of an evdev keycode, 0 when unknown.
    static func hidUsage(keycode: Int) -> Int {
        let linux = keycode - 8
        guard linux >= 0, linux < X11Keyboard.usages.count else { return 0 }
        return X11Keyboard.usages[linux]
    }

    /// HID usages by Linux input code (`KEY_*`), for the keys of a full keyboard.
    private static let usages: [Int] = {
        var table = [Int](repeating: 0, count: 128)
        let pairs: [(Int, Int)] = [
            (1, 0x29), (14, 0x2A), (15, 0x2B), (28, 0x28), (57, 0x2C), (12, 0x2D), (13, 0x2E), (26, 0x2F), (27, 0x30),
            (43, 0x31), (39, 0x33), (40, 0x34), (41, 0x35), (51, 0x36), (52, 0x37), (53, 0x38), (58, 0x39),
            (87, 0x44), (88, 0x45), (110, 0x49), (102, 0x4A), (104, 0x4B), (111, 0x4C), (107, 0x4D), (109, 0x4E),
            (106, 0x4F), (105, 0x50), (108, 0x51), (103, 0x52), (96, 0x58),
            (29, 0xE0), (42, 0xE1), (56, 0xE2), (125, 0xE3), (97, 0xE4), (54, 0xE5), (100, 0xE6), (126, 0xE7),
        ]
        for (code, usage) in pairs { table[code] = usage }
        // Digits 1…9, 0 are codes 2…11, usages 0x1E…0x27.
        for i in 0..<10 { table[2 + i] = 0x1E + i }
        // F1…F10 are codes 59…68, usages 0x3A…0x43.
        for i in 0..<10 { table[59 + i] = 0x3A + i }
        // Letters by their rows: usage 0x04 is A.
        for (row, start) in [("QWERTYUIOP", 16), ("ASDFGHJKL", 30), ("ZXCVBNM", 44)] {
            for (i, letter) in row.unicodeScalars.enumerated() { table[start + i] = 0x04 + Int(letter.value - 65) }
        }
        return table
    }()
}
