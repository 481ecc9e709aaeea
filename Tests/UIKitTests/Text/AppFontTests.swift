import CoreText
import Foundation
import Testing
@testable import UIKit

/// An app's own fonts, as iOS finds them: listed under `UIAppFonts` in `Info.plist`, or shipped
/// as font files in the bundle (the fixture `Fixtures/FontApp` holds one of each, made for the
/// tests so no installed font has their names).
@MainActor
@Suite(.serialized) struct AppFontTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/FontApp")

    @Test func fontsInTheAppsBundleAreFoundByName() throws {
        setenv("LAMINA_APP_BUNDLE", AppFontTests.app.path, 1)
        AppBundle.relocate()
        defer {
            unsetenv("LAMINA_APP_BUNDLE")
            AppBundle.relocate()
        }
        // Listed in UIAppFonts: by PostScript, full and family name.
        let script = try #require(UIFont(name: "LaminaTestScript-Italic", size: 20))
        #expect(script.fontName == "LaminaTestScript-Italic")
        #expect(script.familyName == "Lamina Test Script")
        #expect(script.pointSize == 20)
        #expect(UIFont(name: "Lamina Test Script Italic", size: 12) != nil)
        #expect(UIFont.familyNames.contains("Lamina Test Script"))
        #expect(UIFont.fontNames(forFamilyName: "Lamina Test Script") == ["LaminaTestScript-Italic"])
        // A font file in the bundle that UIAppFonts does not list.
        #expect(UIFont(name: "LaminaTestMono-Bold", size: 14)?.familyName == "Lamina Test Mono")
        // A descriptor finds it by family.
        let descriptor = UIFontDescriptor(fontAttributes: [.family: "Lamina Test Mono"])
        #expect(UIFont(descriptor: descriptor, size: 10).fontName == "LaminaTestMono-Bold")
        // A listed file that is missing is reported.
        #expect(ConsoleLog.messages.contains { $0.contains("UIAppFonts lists \"Fonts/Gone.ttf\"") })
        // Text laid out in the app's font uses its advances (narrower than the system's here).
        let label = UILabel()
        label.font = script
        label.text = "Notes"
        #expect(label.intrinsicContentSize.width > 0)
        #expect(label.intrinsicContentSize.width != { let l = UILabel(); l.font = .systemFont(ofSize: 20); l.text = "Notes"; return l.intrinsicContentSize.width }())
    }

    @Test func aMissingFontFileIsNotRegistered() {
        var error: Unmanaged<CFError>?
        let missing = AppFontTests.app.appendingPathComponent("Missing.ttf")
        #expect(!CTFontManagerRegisterFontsForURL(missing as CFURL, .process, &error))
        #expect(error != nil)
        error?.release()
    }
}
