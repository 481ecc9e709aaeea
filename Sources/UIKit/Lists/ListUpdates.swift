import Foundation

/// A batch of updates to a list (a table's rows or a collection's items): deletes and
/// reloads name positions as they were, inserts as they will be, moves both. It works out
/// where every surviving old item goes, checking the counts as UIKit checks them.
struct ListUpdates {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var reloadedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []
    var deletedItems: [IndexPath] = []
    var insertedItems: [IndexPath] = []
    var reloadedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    var animated = false

    /// Where each old section and item goes.
    struct Mapping {
        /// New index of each old section (nil: deleted).
        var sections: [Int?]
        /// New path of each surviving old item (reloaded ones included).
        var items: [IndexPath: IndexPath]
        /// New paths no old item went to: inserted (or in inserted sections).
        var inserted: Set<IndexPath>
    }

    /// Where each old section goes given the new count, nil when the moves and inserts do not fit.
    private func mapSections(old: Int, new: Int) -> [Int?]? {
        var result = [Int?](repeating: nil, count: old)
        var taken = [Bool](repeating: false, count: new)
        for s in insertedSections {
            guard s >= 0, s < new else { return nil }
            taken[s] = true
        }
        let movedFrom = Set(movedSections.map(\.from))
        for (from, to) in movedSections {
            guard from >= 0, from < old, to >= 0, to < new else { return nil }
            result[from] = to
            taken[to] = true
        }
        var next = 0
        for s in 0..<old where !deletedSections.contains(s) && !movedFrom.contains(s) {
            while next < new && taken[next] { next += 1 }
            guard next < new else { return nil }
            result[s] = next
            taken[next] = true
            next += 1
        }
        return result
    }

    /// The mapping from `oldCounts` to `newCounts` (items per section), or the message UIKit
    /// gives when the updates do not account for the new counts (`noun`: "rows" or "items").
    func mapping(oldCounts: [Int], newCounts: [Int], noun: String) -> Result<Mapping, ListUpdateError> {
        for (from, to) in movedSections {
            if from < 0 || from >= oldCounts.count {
                return .failure(ListUpdateError(message: "attempt to move section \(from), but there are only \(oldCounts.count) sections before the update"))
            }
            if to < 0 || to >= newCounts.count {
                return .failure(ListUpdateError(message: "attempt to move section \(from) to section \(to), but there are only \(newCounts.count) sections after the update"))
            }
        }
        let expectedSections = oldCounts.count - deletedSections.count + insertedSections.count
        guard expectedSections == newCounts.count, let sectionMap = mapSections(old: oldCounts.count, new: newCounts.count) else {
            return .failure(ListUpdateError(message: "Invalid update: invalid number of sections. The number of sections contained in the view after the update (\(newCounts.count)) must be equal to the number of sections contained in the view before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted)."))
        }
        var items: [IndexPath: IndexPath] = [:]
        let deleted = Set(deletedItems)
        let movedOut = Set(movedItems.map(\.from))
        for (from, to) in movedItems { items[from] = to }
        var oldOf = [Int?](repeating: nil, count: newCounts.count)
        for (old, new) in sectionMap.enumerated() { if let new { oldOf[new] = old } }
        for newSection in 0..<newCounts.count {
            guard let oldSection = oldOf[newSection], !reloadedSections.contains(oldSection) else { continue }
            var taken = [Bool](repeating: false, count: newCounts[newSection])
            var inserted = 0, movedIn = 0
            for path in insertedItems where path.section == newSection {
                inserted += 1
                if path.item >= 0 && path.item < taken.count { taken[path.item] = true }
            }
            for (_, to) in movedItems where to.section == newSection {
                movedIn += 1
                if to.item >= 0 && to.item < taken.count { taken[to.item] = true }
            }
            var next = 0, survivors = 0, deletedHere = 0
            for item in 0..<oldCounts[oldSection] {
                let old = IndexPath(item: item, section: oldSection)
                if deleted.contains(old) { deletedHere += 1; continue }
                guard !movedOut.contains(old) else { continue }
                survivors += 1
                while next < taken.count && taken[next] { next += 1 }
                guard next < taken.count else { continue }
                items[old] = IndexPath(item: next, section: newSection)
                taken[next] = true
                next += 1
            }
            let movedAway = movedItems.filter { $0.from.section == oldSection }.count
            guard survivors + inserted + movedIn == newCounts[newSection] else {
                return .failure(ListUpdateError(message: "Invalid update: invalid number of \(noun) in section \(newSection). The number of \(noun) contained in an existing section after the update (\(newCounts[newSection])) must be equal to the number of \(noun) contained in that section before the update (\(oldCounts[oldSection])), plus or minus the number of \(noun) inserted or deleted from that section (\(inserted) inserted, \(deletedHere) deleted) and plus or minus the number of \(noun) moved into or out of that section (\(movedIn) moved in, \(movedAway) moved out)."))
            }
        }
        let targets = Set(items.values)
        var inserted = Set<IndexPath>()
        for (section, count) in newCounts.enumerated() {
            for item in 0..<count {
                let path = IndexPath(item: item, section: section)
                if !targets.contains(path) { inserted.insert(path) }
            }
        }
        return .success(Mapping(sections: sectionMap, items: items, inserted: inserted))
    }
}

/// Why a batch update could not be applied (UIKit's exception message).
struct ListUpdateError: Error {
    let message: String
}
