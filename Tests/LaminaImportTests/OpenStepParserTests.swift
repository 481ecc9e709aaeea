import Foundation
import Testing
@testable import LaminaImport

/// The OpenStep property-list format as Xcode writes `project.pbxproj`.
@Suite struct OpenStepParserTests {
    private func parse(_ text: String) throws -> PropertyListValue {
        try OpenStepParser.parse(Data(text.utf8))
    }

    @Test func readsDictionariesArraysStringsAndData() throws {
        let value = try parse("""
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            /* a comment */ list = ( a, "b c", /* inline */ "$(SRCROOT)/x.swift", );
            nested = { key = "value"; empty = ( ); };
            bytes = <0fbd 77>;
            "quoted key" = -Onone;
        }
        """)
        let top = try #require(value.dictionary)
        #expect(top.keys == ["archiveVersion", "list", "nested", "bytes", "quoted key"], "order kept")
        #expect(top["archiveVersion"] == .string("1"))
        #expect(top["list"]?.strings == ["a", "b c", "$(SRCROOT)/x.swift"])
        #expect(top["nested"]?.dictionary?["key"] == .string("value"))
        #expect(top["nested"]?.dictionary?["empty"] == .array([]))
        #expect(top["bytes"] == .data([0x0F, 0xBD, 0x77]))
        #expect(top["quoted key"] == .string("-Onone"))
    }

    @Test func quotedStringsTakeEscapes() throws {
        let value = try parse(#"{ a = "say \"hi\"\n\ttab \\ \U00e9 \101"; b = 'single'; }"#)
        #expect(value.dictionary?["a"] == .string("say \"hi\"\n\ttab \\ é A"))
        #expect(value.dictionary?["b"] == .string("single"))
    }

    @Test func damagedFilesSayWhatAndWhichLine() {
        func failure(_ text: String) -> PropertyListError? {
            do {
                _ = try parse(text)
                return nil
            } catch {
                return error as? PropertyListError
            }
        }
        #expect(failure("{\n a = b\n}")?.line == 3, "the missing ';' is found at the '}'")
        #expect(failure("{\n a = b\n}")?.message.contains("expected ';'") == true)
        #expect(failure("{ a = \"open; }")?.message == "a quoted string is never closed")
        #expect(failure("{ a = ( b, c }")?.message.contains("array") == true)
        #expect(failure("/* never closed")?.message == "a comment is never closed")
        #expect(failure("{ a = <0fb>; }")?.message.contains("odd number") == true)
        #expect(failure("{ a = b; } extra")?.message == "unexpected text after the end")
        // Hostile nesting fails instead of exhausting the stack.
        #expect(failure(String(repeating: "(", count: 100_000))?.message.contains("nest deeper") == true)
    }
}
