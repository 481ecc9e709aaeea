import Foundation

struct Note {
    var title: String
    var body: String
    var tags: [String]
    var isPinned: Bool
    var edited: Date
}

final class NoteStore {
    static let shared = NoteStore()

    var notes: [Note] = [
        Note(title: "Groceries", body: "Milk, eggs, flour, lemons and a good olive oil.", tags: ["home", "weekly"],
             isPinned: true, edited: Date(timeIntervalSince1970: 1_764_000_000)),
        Note(title: "Trip to Lisbon", body: "Tram 28 early, then the castle. Pastéis in Belém.", tags: ["travel"],
             isPinned: true, edited: Date(timeIntervalSince1970: 1_763_500_000)),
        Note(title: "Book ideas", body: "A lighthouse keeper who collects lost letters.", tags: ["writing", "ideas", "later"],
             isPinned: false, edited: Date(timeIntervalSince1970: 1_762_000_000)),
        Note(title: "Standup", body: "Ship the storyboard loader; review the font patch.", tags: ["work"],
             isPinned: false, edited: Date(timeIntervalSince1970: 1_761_000_000)),
    ]

    func save() {}
}
