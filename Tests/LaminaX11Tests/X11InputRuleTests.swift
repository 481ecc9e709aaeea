import CoreGraphics
@testable import LaminaX11
import LaminaPlatform
import Testing

/// The rules the backend applies without a server: the scale setting, X resources, keysyms
/// to characters, keycodes to HID usages, modifier bits.
@Suite struct X11InputRuleTests {
    @Test func scaleComesFromTheSettingThenTheDPI() {
        #expect(X11Backend.scale(setting: "2", dpi: 144) == 2)
        #expect(X11Backend.scale(setting: "1.5", dpi: nil) == 1.5)
        #expect(X11Backend.scale(setting: nil, dpi: 144) == 1.5)
        #expect(X11Backend.scale(setting: nil, dpi: 96) == 1)
        #expect(X11Backend.scale(setting: nil, dpi: nil) == 1)
        // Settings that are not a usable scale fall through to the next rule.
        #expect(X11Backend.scale(setting: "0", dpi: 192) == 2)
        #expect(X11Backend.scale(setting: "-1", dpi: nil) == 1)
        #expect(X11Backend.scale(setting: "nan", dpi: nil) == 1)
        #expect(X11Backend.scale(setting: "huge", dpi: nil) == 1)
    }

    @Test func xftDPIIsReadFromResources() {
        #expect(X11Connection.dpi(inResources: "Xft.antialias:\t1\nXft.dpi:\t144\nXft.hinting:\t0\n") == 144)
        #expect(X11Connection.dpi(inResources: "Xft.dpi: 120.5") == 120.5)
        #expect(X11Connection.dpi(inResources: "Xcursor.size:\t24\n") == nil)
        #expect(X11Connection.dpi(inResources: "Xft.dpi:\t-3\n") == nil)
    }

    @Test func keysymsTypeTheirCharacters() {
        #expect(X11Keyboard.characters(0x61) == "a")
        #expect(X11Keyboard.characters(0x41) == "A")
        #expect(X11Keyboard.characters(0xE9) == "é")
        #expect(X11Keyboard.characters(0x0100_20AC) == "€")
        #expect(X11Keyboard.characters(0xFF0D) == "\r")
        #expect(X11Keyboard.characters(0xFF08) == "\u{8}")
        #expect(X11Keyboard.characters(0xFF1B) == "\u{1B}")
        #expect(X11Keyboard.characters(0xFF52) == "UIKeyInputUpArrow")
        #expect(X11Keyboard.characters(0xFFE1) == "", "Shift types nothing")
    }

    @Test func evdevKeycodesMapToHIDUsages() {
        // evdev keycode = Linux input code + 8: KEY_A (30) is 38, HID usage 0x04.
        #expect(X11Keyboard.hidUsage(keycode: 38) == 0x04)
        #expect(X11Keyboard.hidUsage(keycode: 24) == 0x14, "Q")
        #expect(X11Keyboard.hidUsage(keycode: 58) == 0x10, "M")
        #expect(X11Keyboard.hidUsage(keycode: 10) == 0x1E, "1")
        #expect(X11Keyboard.hidUsage(keycode: 19) == 0x27, "0")
        #expect(X11Keyboard.hidUsage(keycode: 36) == 0x28, "Return")
        #expect(X11Keyboard.hidUsage(keycode: 9) == 0x29, "Escape")
        #expect(X11Keyboard.hidUsage(keycode: 67) == 0x3A, "F1")
        #expect(X11Keyboard.hidUsage(keycode: 96) == 0x45, "F12")
        #expect(X11Keyboard.hidUsage(keycode: 111) == 0x52, "Up")
        #expect(X11Keyboard.hidUsage(keycode: 50) == 0xE1, "Left Shift")
        #expect(X11Keyboard.hidUsage(keycode: 3) == 0, "below evdev's range")
        #expect(X11Keyboard.hidUsage(keycode: 255) == 0)
    }

    @Test func stateBitsAreModifiers() {
        #expect(X11Keyboard.modifiers(0) == [])
        #expect(X11Keyboard.modifiers(1) == .shift)
        #expect(X11Keyboard.modifiers(2 | 4) == [.capsLock, .control])
        #expect(X11Keyboard.modifiers(8 | 64) == [.alternate, .command])
        #expect(X11Keyboard.modifiers(256) == [], "a button held is not a modifier")
    }
}
