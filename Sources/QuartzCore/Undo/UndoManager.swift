import Foundation

/// A record of changes that can be taken back and redone: registered undo actions collected
/// into groups, each undone as one step.
///
/// Foundation on Linux has no undo manager, so Lamina provides Apple's, here below UIKit (and
/// AppKit) where text views and documents reach it through their responder's `undoManager`.
///
/// Groups: with `groupsByEvent` (the default) an action registered outside any group opens
/// one that closes when the event being handled has been delivered, so everything one key
/// press or one tap registered is one step.
///
/// - Note: Differs from Apple: the event group closes when UIKit finishes delivering an
///   event (there is no run-loop observer); there are no selector or invocation-based
///   registrations (Linux has no Objective-C runtime), only `registerUndo(withTarget:handler:)`.
open class UndoManager: NSObject {
    /// One registered action; the target is held weakly, as Apple's undo manager does not
    /// keep targets alive.
    private struct Action {
        weak var target: AnyObject?
        let run: (AnyObject) -> Void
    }

    /// The actions of one step, run last first; nested groups arrive as their own actions.
    private final class Group {
        var actions: [Action] = []
        var name = ""
        var isDiscardable = false
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    private var openGroups: [Group] = []
    /// Whether the outermost open group was opened by a registration (closed with the event).
    private var openedForEvent = false
    private var disabledCount = 0
    private var collecting: Group?

    public override init() {
        super.init()
    }

    // MARK: Groups

    /// Whether a registration outside any group opens one that closes after the event.
    open var groupsByEvent = true

    /// How many steps are kept (0: no limit); older steps are dropped.
    open var levelsOfUndo = 0 {
        didSet { trim() }
    }

    /// How deeply groups are nested now (0 outside any group).
    open var groupingLevel: Int { openGroups.count }

    /// Opens a group: everything registered until the matching `endUndoGrouping()` is one
    /// step (or part of the enclosing group's step).
    open func beginUndoGrouping() {
        openGroups.append(Group())
        if openGroups.count == 1, !isUndoing, !isRedoing {
            NotificationCenter.default.post(name: .NSUndoManagerDidOpenUndoGroup, object: self)
        }
    }

    /// Closes the innermost open group. A group left empty adds no step.
    open func endUndoGrouping() {
        guard let group = openGroups.popLast() else { return }
        if openGroups.isEmpty { openedForEvent = false }
        if let parent = openGroups.last {
            if !group.actions.isEmpty {
                let nested = group.actions
                parent.actions.append(Action(target: self) { _ in nested.reversed().forEach { UndoManager.perform($0) } })
            }
            return
        }
        guard !group.actions.isEmpty else { return }
        if let collecting {
            collecting.actions.append(contentsOf: group.actions)
        } else {
            undoStack.append(group)
            trim()
        }
        NotificationCenter.default.post(name: .NSUndoManagerDidCloseUndoGroup, object: self)
    }

    // MARK: Registering

    /// Registers `handler`, called with `target` when the current step is undone (or, while
    /// undoing, when it is redone). Nothing is recorded while registration is disabled.
    open func registerUndo<TargetType: AnyObject>(withTarget target: TargetType, handler: @escaping (TargetType) -> Void) {
        guard isUndoRegistrationEnabled else { return }
        let action = Action(target: target) { object in
            if let typed = object as? TargetType { handler(typed) }
        }
        if let collecting, openGroups.isEmpty {
            collecting.actions.append(action)
            return
        }
        if openGroups.isEmpty {
            beginUndoGrouping()
            openedForEvent = true
            UndoManager.eventGrouped.append(WeakManager(manager: self))
        }
        if !isUndoing, !isRedoing { redoStack.removeAll() }
        openGroups[openGroups.count - 1].actions.append(action)
    }

    /// Names the step being registered, for menus ("Undo Typing").
    open func setActionName(_ actionName: String) {
        (openGroups.first ?? collecting ?? undoStack.last)?.name = actionName
    }

    /// Marks the step being registered as one that changes nothing worth saving.
    open func setActionIsDiscardable(_ discardable: Bool) {
        (openGroups.first ?? collecting ?? undoStack.last)?.isDiscardable = discardable
    }

    /// Stops recording registrations (calls nest).
    open func disableUndoRegistration() { disabledCount += 1 }

    /// Resumes recording after `disableUndoRegistration()`.
    open func enableUndoRegistration() { disabledCount = Swift.max(0, disabledCount - 1) }

    /// Whether registrations are recorded.
    open var isUndoRegistrationEnabled: Bool { disabledCount == 0 }

    // MARK: Undoing and redoing

    /// Whether there is a step to undo (a group still open for the event counts).
    open var canUndo: Bool {
        !undoStack.isEmpty || (openedForEvent && openGroups.count == 1 && !openGroups[0].actions.isEmpty)
    }

    /// Whether there is an undone step to redo.
    open var canRedo: Bool { !redoStack.isEmpty }

    /// Whether an undo is running its actions.
    open private(set) var isUndoing = false
    /// Whether a redo is running its actions.
    open private(set) var isRedoing = false

    /// Undoes the last step: runs its actions last first; what they register becomes the step
    /// `redo()` runs. A group opened for the current event is closed first.
    open func undo() {
        if openedForEvent, openGroups.count == 1 { endUndoGrouping() }
        guard openGroups.isEmpty, let group = undoStack.popLast() else { return }
        NotificationCenter.default.post(name: .NSUndoManagerWillUndoChange, object: self)
        isUndoing = true
        let inverse = run(group)
        isUndoing = false
        if !inverse.actions.isEmpty { redoStack.append(inverse) }
        NotificationCenter.default.post(name: .NSUndoManagerDidUndoChange, object: self)
    }

    /// Redoes the last undone step; what it registers becomes undoable again.
    open func redo() {
        guard openGroups.isEmpty, let group = redoStack.popLast() else { return }
        NotificationCenter.default.post(name: .NSUndoManagerWillRedoChange, object: self)
        isRedoing = true
        let inverse = run(group)
        isRedoing = false
        if !inverse.actions.isEmpty {
            undoStack.append(inverse)
            trim()
        }
        NotificationCenter.default.post(name: .NSUndoManagerDidRedoChange, object: self)
    }

    /// Undoes the innermost open group's actions so far (or the last step when none is open).
    open func undoNestedGroup() {
        if let open = openGroups.last, !open.actions.isEmpty {
            let actions = open.actions
            open.actions.removeAll()
            isUndoing = true
            actions.reversed().forEach { UndoManager.perform($0) }
            isUndoing = false
        } else {
            undo()
        }
    }

    /// Forgets every step, undo and redo.
    open func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        openGroups.removeAll()
        openedForEvent = false
    }

    /// Forgets the actions registered with `target`; steps left empty go.
    open func removeAllActions(withTarget target: Any) {
        let object = target as AnyObject
        for stack in [undoStack, redoStack, openGroups] {
            for group in stack { group.actions.removeAll { $0.target === object } }
        }
        undoStack.removeAll { $0.actions.isEmpty }
        redoStack.removeAll { $0.actions.isEmpty }
    }

    /// The name of the step `undo()` would undo ("" when unnamed or none).
    open var undoActionName: String { undoStack.last?.name ?? "" }
    /// The name of the step `redo()` would redo.
    open var redoActionName: String { redoStack.last?.name ?? "" }
    /// Whether the step `undo()` would undo is discardable.
    open var undoActionIsDiscardable: Bool { undoStack.last?.isDiscardable ?? false }
    /// Whether the step `redo()` would redo is discardable.
    open var redoActionIsDiscardable: Bool { redoStack.last?.isDiscardable ?? false }

    /// A menu title for undoing: "Undo" and the step's name.
    open var undoMenuItemTitle: String { undoMenuTitle(forUndoActionName: undoActionName) }
    /// A menu title for redoing: "Redo" and the step's name.
    open var redoMenuItemTitle: String { redoMenuTitle(forUndoActionName: redoActionName) }

    open func undoMenuTitle(forUndoActionName actionName: String) -> String {
        actionName.isEmpty ? "Undo" : "Undo \(actionName)"
    }

    open func redoMenuTitle(forUndoActionName actionName: String) -> String {
        actionName.isEmpty ? "Redo" : "Redo \(actionName)"
    }

    // MARK: Running

    /// Runs a step's actions last first, collecting what they register as the inverse step.
    private func run(_ group: Group) -> Group {
        let inverse = Group()
        inverse.name = group.name
        let outer = collecting
        collecting = inverse
        group.actions.reversed().forEach { UndoManager.perform($0) }
        collecting = outer
        return inverse
    }

    private static func perform(_ action: Action) {
        guard let target = action.target else { return }
        action.run(target)
    }

    private func trim() {
        if levelsOfUndo > 0, undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
    }

    // MARK: Event groups

    private struct WeakManager { weak var manager: UndoManager? }
    nonisolated(unsafe) private static var eventGrouped: [WeakManager] = []

    /// Closes the groups registrations opened during the event just delivered. UIKit calls it
    /// after each event; call it on the main thread.
    package static func closeEventGroups() {
        guard !eventGrouped.isEmpty else { return }
        let managers = eventGrouped
        eventGrouped.removeAll()
        for entry in managers {
            guard let manager = entry.manager, manager.openedForEvent, manager.groupsByEvent || manager.openGroups.count == 1 else { continue }
            while manager.openGroups.count > 1 { manager.endUndoGrouping() }
            manager.endUndoGrouping()
        }
    }
}

extension NSNotification.Name {
    /// Posted when an undo manager opens an outermost group.
    public static let NSUndoManagerDidOpenUndoGroup = NSNotification.Name("NSUndoManagerDidOpenUndoGroupNotification")
    /// Posted when an undo manager closes an outermost group with actions in it.
    public static let NSUndoManagerDidCloseUndoGroup = NSNotification.Name("NSUndoManagerDidCloseUndoGroupNotification")
    /// Posted before an undo manager undoes a step.
    public static let NSUndoManagerWillUndoChange = NSNotification.Name("NSUndoManagerWillUndoChangeNotification")
    /// Posted after an undo manager undid a step.
    public static let NSUndoManagerDidUndoChange = NSNotification.Name("NSUndoManagerDidUndoChangeNotification")
    /// Posted before an undo manager redoes a step.
    public static let NSUndoManagerWillRedoChange = NSNotification.Name("NSUndoManagerWillRedoChangeNotification")
    /// Posted after an undo manager redid a step.
    public static let NSUndoManagerDidRedoChange = NSNotification.Name("NSUndoManagerDidRedoChangeNotification")
}
