import Foundation

/// The state of a list's data: sections and their items, named by identifiers. Build one,
/// apply it to a diffable data source, and the table or collection view animates from the
/// last snapshot to this one.
///
/// - Note: Differs from Apple: duplicate identifiers are logged and skipped rather than
///   raising an exception.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    private var sections: [SectionIdentifierType] = []
    private var items: [[ItemIdentifierType]] = []
    /// Items marked for reloading (their cells are made again).
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    /// Items marked for reconfiguring (their cells are configured again in place).
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []
    /// Sections marked for reloading.
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []

    public init() {}

    public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    public var numberOfSections: Int { sections.count }
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        indexOfSection(identifier).map { items[$0].count } ?? 0
    }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        indexOfSection(identifier).map { items[$0] } ?? []
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        location(of: identifier).map { sections[$0.section] }
    }

    /// The item's position among all items.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        var offset = 0
        for list in items {
            if let i = list.firstIndex(of: identifier) { return offset + i }
            offset += list.count
        }
        return nil
    }

    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        sections.firstIndex(of: identifier)
    }

    func location(of identifier: ItemIdentifierType) -> (section: Int, item: Int)? {
        for (s, list) in items.enumerated() {
            if let i = list.firstIndex(of: identifier) { return (s, i) }
        }
        return nil
    }

    func item(at path: IndexPath) -> ItemIdentifierType? {
        guard path.count == 2, path.section >= 0, path.section < items.count, path.item >= 0, path.item < items[path.section].count else { return nil }
        return items[path.section][path.item]
    }

    func itemsBySection() -> [[ItemIdentifierType]] { items }

    // MARK: Items

    private func fresh(_ identifiers: [ItemIdentifierType]) -> [ItemIdentifierType] {
        var seen = Set(itemIdentifiers)
        var result: [ItemIdentifierType] = []
        for id in identifiers {
            if seen.insert(id).inserted { result.append(id) } else {
                print("NSDiffableDataSourceSnapshot: supplied item identifiers are not unique; skipping duplicate \(id)")
            }
        }
        return result
    }

    /// Adds items at the end of `sectionIdentifier` (the last section when nil).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let target = sectionIdentifier.flatMap { indexOfSection($0) } ?? (sectionIdentifier == nil ? sections.indices.last : nil)
        guard let target else {
            print("NSDiffableDataSourceSnapshot: no section to append items to")
            return
        }
        items[target] += fresh(identifiers)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        guard let at = location(of: beforeIdentifier) else { return }
        items[at.section].insert(contentsOf: fresh(identifiers), at: at.item)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        guard let at = location(of: afterIdentifier) else { return }
        items[at.section].insert(contentsOf: fresh(identifiers), at: at.item + 1)
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        for s in items.indices { items[s].removeAll { gone.contains($0) } }
    }

    public mutating func deleteAllItems() {
        sections.removeAll()
        items.removeAll()
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        guard identifier != toIdentifier, let from = location(of: identifier) else { return }
        items[from.section].remove(at: from.item)
        guard let to = location(of: toIdentifier) else { items[from.section].insert(identifier, at: from.item); return }
        items[to.section].insert(identifier, at: to.item)
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        guard identifier != toIdentifier, let from = location(of: identifier) else { return }
        items[from.section].remove(at: from.item)
        guard let to = location(of: toIdentifier) else { items[from.section].insert(identifier, at: from.item); return }
        items[to.section].insert(identifier, at: to.item + 1)
    }

    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        reloadedItemIdentifiers += identifiers.filter { location(of: $0) != nil }
    }

    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        reconfiguredItemIdentifiers += identifiers.filter { location(of: $0) != nil }
    }

    // MARK: Sections

    private func freshSections(_ identifiers: [SectionIdentifierType]) -> [SectionIdentifierType] {
        var seen = Set(sections)
        return identifiers.filter { id in
            guard seen.insert(id).inserted else {
                print("NSDiffableDataSourceSnapshot: supplied section identifiers are not unique; skipping duplicate \(id)")
                return false
            }
            return true
        }
    }

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        let new = freshSections(identifiers)
        sections += new
        items += new.map { _ in [] }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        guard let at = indexOfSection(toIdentifier) else { return }
        let new = freshSections(identifiers)
        sections.insert(contentsOf: new, at: at)
        items.insert(contentsOf: new.map { _ in [] }, at: at)
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        guard let at = indexOfSection(toIdentifier) else { return }
        let new = freshSections(identifiers)
        sections.insert(contentsOf: new, at: at + 1)
        items.insert(contentsOf: new.map { _ in [] }, at: at + 1)
    }

    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let gone = Set(identifiers)
        for s in sections.indices.reversed() where gone.contains(sections[s]) {
            sections.remove(at: s)
            items.remove(at: s)
        }
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        guard identifier != toIdentifier, let from = indexOfSection(identifier) else { return }
        let section = sections.remove(at: from), list = items.remove(at: from)
        let to = indexOfSection(toIdentifier) ?? from
        sections.insert(section, at: to)
        items.insert(list, at: to)
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        guard identifier != toIdentifier, let from = indexOfSection(identifier) else { return }
        let section = sections.remove(at: from), list = items.remove(at: from)
        let to = indexOfSection(toIdentifier).map { $0 + 1 } ?? from
        sections.insert(section, at: to)
        items.insert(list, at: to)
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        reloadedSectionIdentifiers += identifiers.filter { indexOfSection($0) != nil }
    }

    /// The marks for reloading cleared (they apply once).
    func clearingMarks() -> NSDiffableDataSourceSnapshot {
        var copy = self
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        copy.reloadedSectionIdentifiers = []
        return copy
    }

    /// The updates that turn `old` into this snapshot: sections and items deleted (at their
    /// old places), inserted (at their new ones) and moved (those outside the longest run
    /// that kept its order), and the reloads this snapshot marks.
    func updates(from old: NSDiffableDataSourceSnapshot) -> (updates: ListUpdates, reconfigure: [IndexPath]) {
        var u = ListUpdates()
        var oldSectionIndex: [SectionIdentifierType: Int] = [:]
        for (i, s) in old.sections.enumerated() { oldSectionIndex[s] = i }
        var newSectionIndex: [SectionIdentifierType: Int] = [:]
        for (i, s) in sections.enumerated() { newSectionIndex[s] = i }
        for (i, s) in old.sections.enumerated() where newSectionIndex[s] == nil { u.deletedSections.insert(i) }
        for (i, s) in sections.enumerated() where oldSectionIndex[s] == nil { u.insertedSections.insert(i) }
        // Surviving sections out of order move.
        let survivingSections = sections.enumerated().compactMap { (i, s) in oldSectionIndex[s].map { (old: $0, new: i) } }
        let keptSections = Set(longestIncreasingRun(survivingSections.map(\.old)))
        for pair in survivingSections where !keptSections.contains(pair.old) { u.movedSections.append((pair.old, pair.new)) }
        for s in reloadedSectionIdentifiers { if let i = oldSectionIndex[s] { u.reloadedSections.insert(i) } }
        // Items.
        var oldPath: [ItemIdentifierType: IndexPath] = [:]
        for (s, list) in old.items.enumerated() { for (i, id) in list.enumerated() { oldPath[id] = IndexPath(item: i, section: s) } }
        var newPath: [ItemIdentifierType: IndexPath] = [:]
        for (s, list) in items.enumerated() { for (i, id) in list.enumerated() { newPath[id] = IndexPath(item: i, section: s) } }
        for (id, path) in oldPath where newPath[id] == nil && !u.deletedSections.contains(path.section) { u.deletedItems.append(path) }
        for (s, list) in items.enumerated() {
            let sectionIsNew = u.insertedSections.contains(s)
            // Items that were in the section this one was: those in order stay, others move.
            var survivors: [(id: ItemIdentifierType, old: Int)] = []
            for (i, id) in list.enumerated() {
                let to = IndexPath(item: i, section: s)
                guard let from = oldPath[id], !u.deletedSections.contains(from.section) else {
                    // New, or its section went: inserted (an inserted section brings its items).
                    if !sectionIsNew { u.insertedItems.append(to) }
                    continue
                }
                if sectionIsNew || newSectionIndex[old.sections[from.section]] != s {
                    u.movedItems.append((from, to))
                } else {
                    survivors.append((id, from.item))
                }
            }
            let kept = Set(longestIncreasingRun(survivors.map(\.old)))
            for survivor in survivors where !kept.contains(survivor.old) {
                u.movedItems.append((oldPath[survivor.id]!, newPath[survivor.id]!))
            }
        }
        for id in reloadedItemIdentifiers { if let path = oldPath[id], newPath[id] != nil { u.reloadedItems.append(path) } }
        let reconfigure = reconfiguredItemIdentifiers.compactMap { newPath[$0] }
        return (u, reconfigure)
    }
}

/// The values of the longest strictly increasing subsequence of `values` (patience sorting,
/// O(n log n)).
func longestIncreasingRun(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    var tails: [Int] = []
    var tailIndex: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
        var lo = 0, hi = tails.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tails[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0 { previous[i] = tailIndex[lo - 1] }
        if lo == tails.count {
            tails.append(v)
            tailIndex.append(i)
        } else {
            tails[lo] = v
            tailIndex[lo] = i
        }
    }
    var run: [Int] = []
    var k = tailIndex.last ?? -1
    while k >= 0 {
        run.append(values[k])
        k = previous[k]
    }
    return run.reversed()
}
