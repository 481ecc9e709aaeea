import XCTest
@testable import NotesApp

/// The notes app's unit tests, as Xcode's template makes them (run by `lamina test`).
final class NoteStoreTests: XCTestCase {
    func testTheStoreStartsWithItsSampleNotes() {
        let store = NoteStore()
        XCTAssertFalse(store.notes.isEmpty)
    }
}
