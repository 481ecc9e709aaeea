import Foundation
import Testing
@testable import UIKit

/// Localized strings as an iOS app asks for them, from `Fixtures/LocalizedApp`: `.strings`
/// (UTF-8 and UTF-16), `.stringsdict` plurals, an `.xcstrings` catalogue and a localized
/// storyboard, in the language the user prefers.
@MainActor
@Suite(.serialized) struct LocalizationTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/LocalizedApp")
    let bundle = Bundle(url: LocalizationTests.app)!

    /// Runs `body` with the user preferring `languages`.
    func speaking(_ languages: [String], _ body: () throws -> Void) rethrows {
        LocalizedStrings.overridePreferredLanguages(languages)
        defer { LocalizedStrings.overridePreferredLanguages(nil) }
        try body()
    }

    @Test func theEnvironmentNamesTheLanguages() {
        #expect(LocalizedStrings.languages(from: ["LANG": "zh_CN.UTF-8"]) == ["zh-CN"])
        #expect(LocalizedStrings.languages(from: ["LANG": "en_US.UTF-8", "LC_ALL": "fr_FR.UTF-8"]) == ["fr-FR"])
        #expect(LocalizedStrings.languages(from: ["LANGUAGE": "pt_BR:pt", "LANG": "en_US.UTF-8"]) == ["pt-BR", "pt", "en-US"])
        #expect(LocalizedStrings.languages(from: ["LANG": "C.UTF-8"]) == [])
        #expect(LocalizedStrings.languages(from: ["LC_ALL": "de_DE@euro"]) == ["de-DE"])
    }

    @Test func theBestLocalizationIsChosenAsIOSChoosesIt() {
        let available = ["en", "fr", "zh-Hans", "zh-Hant", "pt-BR"]
        func best(_ preferred: [String]) -> String? {
            LocalizedStrings.bestLocalization(available: available, preferred: preferred, developmentRegion: "en")
        }
        #expect(best(["zh-CN"]) == "zh-Hans")
        #expect(best(["zh-TW"]) == "zh-Hant")
        #expect(best(["zh-Hant-HK"]) == "zh-Hant")
        #expect(best(["fr-CA"]) == "fr")
        #expect(best(["pt-BR"]) == "pt-BR")
        #expect(best(["de-DE", "fr-FR"]) == "fr")
        // Nothing the user reads: the development region.
        #expect(best(["ja-JP"]) == "en")
        #expect(best([]) == "en")
    }

    @Test func stringsComeFromThePreferredLocalization() {
        speaking(["zh-CN"]) {
            #expect(NSLocalizedString("Notes", bundle: bundle, comment: "The list's title") == "笔记")
            #expect(String(format: NSLocalizedString("Welcome, %@!", bundle: bundle, comment: ""), "Ana") == "欢迎，Ana！")
            // A key the localization lacks: the value given, else the key (iOS does not look in
            // another language).
            #expect(NSLocalizedString("only.english", bundle: bundle, comment: "") == "only.english")
            #expect(NSLocalizedString("only.english", bundle: bundle, value: "Fallback", comment: "") == "Fallback")
        }
        speaking(["en-GB"]) {
            #expect(NSLocalizedString("quote", bundle: bundle, comment: "") == "She said \"hi\"\nthen left\t(tab) é")
            #expect(NSLocalizedString("only.english", bundle: bundle, comment: "") == "Only in English")
        }
        // A UTF-16 file, as older Xcode versions wrote them.
        speaking(["fr-FR"]) {
            #expect(NSLocalizedString("Notes", bundle: bundle, comment: "") == "Carnet")
        }
        speaking(["ja"]) {
            #expect(NSLocalizedString("Notes", bundle: bundle, comment: "") == "Notes")
        }
    }

    @Test func pluralsFollowTheLanguagesRules() {
        speaking(["en"]) {
            let format = NSLocalizedString("%lld notes", bundle: bundle, comment: "")
            #expect(String.localizedStringWithFormat(format, 0) == "No notes")
            #expect(String.localizedStringWithFormat(format, 1) == "1 note")
            #expect(String(format: format, 5) == "5 notes")
            // Two variables and an object in one format.
            #expect(String(localized: "\("Ana") has \(1) files in \(3) folders", bundle: bundle) == "Ana has 1 file in 3 folders")
            #expect(String(localized: "\("Ana") has \(7) files in \(1) folders", bundle: bundle) == "Ana has 7 files in one folder")
            // Arguments Foundation formats read the `other` forms, and never stop the process.
            let files = NSLocalizedString("%@ has %lld files in %lld folders", bundle: bundle, comment: "")
            #expect(String(format: files, "Ana" as NSString, 7, 3) == "Ana has 7 files in 3 folders")
            let notes = NSLocalizedString("%lld notes", bundle: bundle, comment: "")
            #expect(String(format: notes, Int32(1)) == "1 notes")
        }
        speaking(["ru"]) {
            let format = NSLocalizedString("%lld notes", bundle: bundle, comment: "")
            // Russian: one (1, 21), few (2–4, 22), many (5–20, 25).
            #expect(String.localizedStringWithFormat(format, 1) == "1 заметка")
            #expect(String.localizedStringWithFormat(format, 3) == "3 заметки")
            #expect(String.localizedStringWithFormat(format, 5) == "5 заметок")
            #expect(String.localizedStringWithFormat(format, 21) == "21 заметка")
            #expect(String.localizedStringWithFormat(format, 22) == "22 заметки")
        }
        speaking(["zh-Hans"]) {
            #expect(String(localized: "\(1) notes", bundle: bundle) == "1 条笔记")
            #expect(String(localized: "\(12) notes", bundle: bundle) == "12 条笔记")
        }
    }

    @Test func stringLocalizedReadsStringsAndCatalogues() {
        speaking(["zh-Hans"]) {
            #expect(String(localized: "Notes", bundle: bundle) == "笔记")
            #expect(String(localized: "Welcome, \("Li")!", bundle: bundle) == "欢迎，Li！")
            #expect(String(localized: "Hello, \("Li")", table: "Catalog", bundle: bundle) == "你好，Li")
            #expect(String(localized: "settings.title", defaultValue: "Settings", table: "Catalog", bundle: bundle) == "设置")
            // A catalogue key without this language: the source language's.
            #expect(String(localized: "\(2) photos", table: "Catalog", bundle: bundle) == "2 photos")
        }
        speaking(["fr"]) {
            #expect(String(localized: "\(1) photos", table: "Catalog", bundle: bundle) == "1 photo")
            #expect(String(localized: "\(3) photos", table: "Catalog", bundle: bundle) == "3 photos (fr)")
            // Not in any table: the literal with its values.
            #expect(String(localized: "Nothing for \(3) here", bundle: bundle) == "Nothing for 3 here")
            #expect(String(localized: "100% sure", bundle: bundle) == "100% sure")
        }
    }

    @Test func storyboardsTakeTheirLocalizationsStrings() throws {
        try speaking(["zh-Hans"]) {
            let controller = try #require(UIStoryboard(name: "Greeting", bundle: bundle).instantiateInitialViewController())
            let view = try #require(controller.view)
            #expect((view.subviews[0] as? UILabel)?.text == "你好")
            #expect((view.subviews[1] as? UIButton)?.title(for: .normal) == "继续")
            #expect((view.subviews[2] as? UITextField)?.placeholder == "你的名字")
            #expect(controller.navigationItem.title == "问候")
        }
        try speaking(["en"]) {
            let controller = try #require(UIStoryboard(name: "Greeting", bundle: bundle).instantiateInitialViewController())
            #expect((controller.view.subviews[0] as? UILabel)?.text == "Hello")
        }
    }

    @Test func brokenTablesAreReportedAndSkipped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("\"a\" = \"b\"\n\"c\" = ".utf8).write(to: folder.appendingPathComponent("en.lproj/Localizable.strings"))
        try Data("not a plist".utf8).write(to: folder.appendingPathComponent("en.lproj/Localizable.stringsdict"))
        try Data("{ nope".utf8).write(to: folder.appendingPathComponent("Localizable.xcstrings"))
        let broken = try #require(Bundle(url: folder))
        speaking(["en"]) {
            #expect(NSLocalizedString("a", bundle: broken, comment: "") == "a")
        }
        #expect(ConsoleLog.messages.contains { $0.contains("en.lproj/Localizable.strings: line 2: expected ';'") })
        #expect(ConsoleLog.messages.contains { $0.contains("Localizable.stringsdict is not a property list") })
        #expect(ConsoleLog.messages.contains { $0.contains("Localizable.xcstrings is not a string catalogue") })
    }
}
