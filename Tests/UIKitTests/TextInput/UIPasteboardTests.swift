import Foundation
import Testing
import UIKit

/// UIPasteboard: typed accessors over items, change counts, named pasteboards.
@MainActor
@Suite struct UIPasteboardTests {
    @Test func stringsAndItems() {
        let board = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: board.name) }
        #expect(board.string == nil && !board.hasStrings && board.numberOfItems == 0)
        let before = board.changeCount
        board.string = "one"
        #expect(board.changeCount == before + 1)
        #expect(board.string == "one" && board.hasStrings && board.numberOfItems == 1)
        #expect(board.types == ["public.utf8-plain-text"])
        board.strings = ["a", "b"]
        #expect(board.strings == ["a", "b"] && board.string == "a" && board.numberOfItems == 2)
        board.string = nil
        #expect(board.numberOfItems == 0 && !board.hasStrings)
    }

    @Test func urlsImagesAndColorsAreTheirOwnItems() throws {
        let board = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: board.name) }
        let url = try #require(URL(string: "https://example.com/a"))
        board.url = url
        #expect(board.url == url && board.hasURLs)
        // A URL reads as text too.
        #expect(board.string == "https://example.com/a")
        board.color = .red
        #expect(board.color == .red && board.hasColors && !board.hasURLs)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { _ in }
        board.image = image
        #expect(board.image === image && board.hasImages)
        #expect(board.data(forPasteboardType: "public.png") != nil)
        board.setData(Data([1, 2, 3]), forPasteboardType: "com.example.bytes")
        #expect(board.data(forPasteboardType: "com.example.bytes") == Data([1, 2, 3]))
        #expect(board.contains(pasteboardTypes: ["com.example.bytes"]))
        #expect(!board.contains(pasteboardTypes: ["public.png"]))
    }

    @Test func namedPasteboardsAreFoundAgainUntilRemoved() {
        let name = UIPasteboard.Name("com.lamina.tests.\(UUID().uuidString)")
        #expect(UIPasteboard(name: name, create: false) == nil)
        let made = UIPasteboard(name: name, create: true)
        made?.string = "kept"
        #expect(made?.name == name)
        UIPasteboard.remove(withName: name)
        #expect(UIPasteboard(name: name, create: false) == nil)
        #expect(UIPasteboard.general === UIPasteboard.general)
        #expect(UIPasteboard.general.name == .general)
    }

    @Test func changesArePosted() {
        let board = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: board.name) }
        var posts = 0
        let observer = NotificationCenter.default.addObserver(forName: UIPasteboard.changedNotification, object: board, queue: nil) { _ in
            MainActor.assumeIsolated { posts += 1 }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        board.string = "x"
        board.items = []
        #expect(posts == 2)
    }
}
