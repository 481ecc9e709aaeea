import Foundation
import QuartzCore
import Testing

/// UndoManager: groups, undo turning into redo, nesting, names, levels, disabled
/// registration and targets held weakly, as Foundation's behaves on Apple's systems.
@Suite struct UndoManagerTests {
    final class Counter {
        var value = 0
        func set(_ newValue: Int, on manager: UndoManager) {
            let old = value
            manager.registerUndo(withTarget: self) { $0.set(old, on: manager) }
            value = newValue
        }
    }

    func manager() -> UndoManager {
        let manager = UndoManager()
        manager.groupsByEvent = false
        return manager
    }

    @Test func anExplicitGroupIsOneStepAndUndoBecomesRedo() {
        let undo = manager()
        let counter = Counter()
        undo.beginUndoGrouping()
        counter.set(1, on: undo)
        counter.set(2, on: undo)
        undo.endUndoGrouping()
        #expect(undo.canUndo && !undo.canRedo)
        undo.undo()
        #expect(counter.value == 0)
        #expect(!undo.canUndo && undo.canRedo)
        undo.redo()
        #expect(counter.value == 2)
        #expect(undo.canUndo && !undo.canRedo)
    }

    @Test func aNewChangeClearsRedo() {
        let undo = manager()
        let counter = Counter()
        undo.beginUndoGrouping(); counter.set(1, on: undo); undo.endUndoGrouping()
        undo.undo()
        #expect(undo.canRedo)
        undo.beginUndoGrouping(); counter.set(5, on: undo); undo.endUndoGrouping()
        #expect(!undo.canRedo)
    }

    @Test func nestedGroupsUndoWithTheirParent() {
        let undo = manager()
        let counter = Counter()
        undo.beginUndoGrouping()
        counter.set(1, on: undo)
        undo.beginUndoGrouping()
        #expect(undo.groupingLevel == 2)
        counter.set(2, on: undo)
        undo.endUndoGrouping()
        counter.set(3, on: undo)
        undo.endUndoGrouping()
        undo.undo()
        #expect(counter.value == 0)
    }

    @Test func namesAndMenuTitles() {
        let undo = manager()
        let counter = Counter()
        undo.beginUndoGrouping()
        counter.set(1, on: undo)
        undo.setActionName("Change Value")
        undo.endUndoGrouping()
        #expect(undo.undoActionName == "Change Value")
        #expect(undo.undoMenuItemTitle == "Undo Change Value")
        undo.undo()
        #expect(undo.redoActionName == "Change Value")
        #expect(undo.redoMenuItemTitle == "Redo Change Value")
        #expect(UndoManager().undoMenuItemTitle == "Undo")
    }

    @Test func levelsOfUndoDropTheOldestSteps() {
        let undo = manager()
        undo.levelsOfUndo = 2
        let counter = Counter()
        for value in 1...3 {
            undo.beginUndoGrouping(); counter.set(value, on: undo); undo.endUndoGrouping()
        }
        undo.undo()
        undo.undo()
        #expect(counter.value == 1)
        #expect(!undo.canUndo)
    }

    @Test func disabledRegistrationRecordsNothing() {
        let undo = manager()
        let counter = Counter()
        undo.disableUndoRegistration()
        undo.beginUndoGrouping(); counter.set(1, on: undo); undo.endUndoGrouping()
        #expect(!undo.isUndoRegistrationEnabled && !undo.canUndo)
        undo.enableUndoRegistration()
        #expect(undo.isUndoRegistrationEnabled)
    }

    @Test func aRegistrationOutsideAGroupOpensOneUntilTheEventEnds() {
        let undo = UndoManager()
        let counter = Counter()
        counter.set(1, on: undo)
        counter.set(2, on: undo)
        #expect(undo.groupingLevel == 1 && undo.canUndo)
        UndoManager.closeEventGroups()
        #expect(undo.groupingLevel == 0)
        counter.set(3, on: undo)
        // undo() closes the event's open group first, then undoes it.
        undo.undo()
        #expect(counter.value == 2)
        undo.undo()
        #expect(counter.value == 0)
    }

    @Test func targetsAreNotKeptAlive() {
        let undo = manager()
        weak var gone: Counter?
        do {
            let counter = Counter()
            gone = counter
            undo.beginUndoGrouping(); counter.set(1, on: undo); undo.endUndoGrouping()
        }
        #expect(gone == nil)
        undo.undo()
        #expect(!undo.canRedo)
    }

    @Test func removingATargetsActions() {
        let undo = manager()
        let a = Counter(), b = Counter()
        undo.beginUndoGrouping(); a.set(1, on: undo); undo.endUndoGrouping()
        undo.beginUndoGrouping(); b.set(1, on: undo); undo.endUndoGrouping()
        undo.removeAllActions(withTarget: b)
        undo.undo()
        #expect(a.value == 0 && b.value == 1)
        #expect(!undo.canUndo)
    }

    @Test func undoPostsItsNotifications() {
        let undo = manager()
        let counter = Counter()
        final class Names: @unchecked Sendable { var list: [String] = [] }
        let names = Names()
        let observers = [NSNotification.Name.NSUndoManagerWillUndoChange, .NSUndoManagerDidUndoChange].map { name in
            NotificationCenter.default.addObserver(forName: name, object: undo, queue: nil) { names.list.append($0.name.rawValue) }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        undo.beginUndoGrouping(); counter.set(1, on: undo); undo.endUndoGrouping()
        undo.undo()
        #expect(names.list == ["NSUndoManagerWillUndoChangeNotification", "NSUndoManagerDidUndoChangeNotification"])
    }
}
