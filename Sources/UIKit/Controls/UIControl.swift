import Foundation

/// A view that turns touches into control events (`touchDown`, `touchUpInside`,
/// `valueChanged`, …) and sends them to targets and actions.
///
/// Tracking: a touch that begins in an enabled control calls `beginTracking(_:with:)`,
/// highlights the control and sends `.touchDown` (`.touchDownRepeat` for repeated taps);
/// moves call `continueTracking(_:with:)` and send drag events, with the highlight following
/// whether the touch is inside (the bounds grown by 70 points, as on iOS); lifting calls
/// `endTracking(_:with:)` and sends `.touchUpInside` or `.touchUpOutside`; a cancellation
/// calls `cancelTracking(with:)` and sends `.touchCancel`.
///
/// Target–action takes unapplied method references (`Handler.tapped` for
/// `func tapped(_ sender: UIButton)`, `func tapped()` or `func tapped(_ sender:, event:)`)
/// where iOS code writes `#selector(tapped)`; `addAction(_:for:)` takes a `UIAction`.
///
/// - Note: Differs from Apple: `removeTarget(_:action:for:)` is `removeTarget(_:for:)`
///   (method references cannot be compared); a single-tap recognizer of an enclosing view does
///   not begin for touches in a control (its default action wins, as on iOS 6 and later).
@preconcurrency @MainActor
open class UIControl: UIView {
    override var defaultIsAccessibilityElement: Bool { true }

    /// The states a control can be in.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// The events a control sends.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// How content lines up vertically in a control.
    public enum ContentVerticalAlignment: Int, Sendable {
        case center = 0
        case top = 1
        case bottom = 2
        case fill = 3
    }

    /// How content lines up horizontally in a control.
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center = 0
        case left = 1
        case right = 2
        case fill = 3
        case leading = 4
        case trailing = 5
    }

    /// Where the content sits vertically (text fields centre their text).
    open var contentVerticalAlignment: ContentVerticalAlignment = .center {
        didSet { setNeedsLayout() }
    }

    /// Where the content sits horizontally.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center {
        didSet { setNeedsLayout() }
    }

    /// The horizontal alignment with leading and trailing resolved (left to right).
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        switch contentHorizontalAlignment {
        case .leading: .left
        case .trailing: .right
        default: contentHorizontalAlignment
        }
    }

    struct Entry {
        var events: Event
        var target: ObjectIdentifier?
        var action: UIAction?
        var call: (UIControl, UIEvent?) -> Void
        /// A selector action's selector, and its target (nil: the responder chain).
        var selector: Selector? = nil
        weak var targetObject: AnyObject?
    }

    var entries: [Entry] = []

    /// Whether the control responds to touches (`.disabled` in `state` when false).
    open var isEnabled = true {
        didSet { if oldValue != isEnabled { controlStateDidChange() } }
    }
    /// Whether the control is selected.
    open var isSelected = false {
        didSet { if oldValue != isSelected { controlStateDidChange() } }
    }
    /// Whether the control is highlighted (a touch is down inside it).
    open var isHighlighted = false {
        didSet { if oldValue != isHighlighted { controlStateDidChange() } }
    }
    /// Whether a touch is being tracked.
    open private(set) var isTracking = false
    /// Whether the tracked touch is inside the control.
    open private(set) var isTouchInside = false

    /// The state flags.
    open var state: State {
        var s = State.normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// Whether `.touchUpInside` also sends `.primaryActionTriggered` (buttons).
    var sendsPrimaryActionOnTouchUp: Bool { false }

    /// Called when enabled, selected or highlighted changed (subclasses restyle).
    func controlStateDidChange() {}

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A control that performs `primaryAction` on `.primaryActionTriggered`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// A control from a storyboard or nib: enabled, selected, highlighted and the content
    /// alignments come from the coder.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        guard let ib = coder as? IBCoder else { return }
        if let enabled = ib.bool("enabled") { isEnabled = enabled }
        if let selected = ib.bool("selected") { isSelected = selected }
        if let highlighted = ib.bool("highlighted") { isHighlighted = highlighted }
        let horizontal: [String: ContentHorizontalAlignment] = [
            "center": .center, "left": .left, "right": .right, "fill": .fill, "leading": .leading, "trailing": .trailing,
        ]
        let vertical: [String: ContentVerticalAlignment] = ["center": .center, "top": .top, "bottom": .bottom, "fill": .fill]
        if let alignment = ib.string("contentHorizontalAlignment").flatMap({ horizontal[$0] }) { contentHorizontalAlignment = alignment }
        if let alignment = ib.string("contentVerticalAlignment").flatMap({ vertical[$0] }) { contentVerticalAlignment = alignment }
    }

    // MARK: Targets and actions

    /// Calls `action` (a method reference taking the sender) on `target` for `controlEvents`.
    open func addTarget<Target: AnyObject, Sender: UIControl>(_ target: Target, action: @escaping (Target) -> (Sender) -> Void,
                                                             for controlEvents: Event) {
        entries.append(Entry(events: controlEvents, target: ObjectIdentifier(target), action: nil) { [weak target] control, _ in
            guard let target, let sender = control as? Sender else { return }
            action(target)(sender)
        })
    }

    /// Calls `action` (a method reference taking sender and event) on `target`.
    open func addTarget<Target: AnyObject, Sender: UIControl>(_ target: Target,
                                                             action: @escaping (Target) -> (Sender, UIEvent?) -> Void,
                                                             for controlEvents: Event) {
        entries.append(Entry(events: controlEvents, target: ObjectIdentifier(target), action: nil) { [weak target] control, event in
            guard let target, let sender = control as? Sender else { return }
            action(target)(sender, event)
        })
    }

    /// Calls `action` (a method reference taking nothing) on `target`.
    open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void, for controlEvents: Event) {
        entries.append(Entry(events: controlEvents, target: ObjectIdentifier(target), action: nil) { [weak target] _, _ in
            guard let target else { return }
            action(target)()
        })
    }

    /// Removes `target`'s actions for `controlEvents` (every target's for nil).
    open func removeTarget(_ target: AnyObject?, for controlEvents: Event) {
        removeEvents(controlEvents) { $0.action == nil && (target == nil || $0.target == target.map(ObjectIdentifier.init)) }
    }

    /// Takes `controlEvents` from the entries `matches` picks; entries left with none go.
    func removeEvents(_ controlEvents: Event, where matches: (Entry) -> Bool) {
        entries = entries.compactMap { entry in
            guard matches(entry) else { return entry }
            var e = entry
            e.events.subtract(controlEvents)
            return e.events.isEmpty ? nil : e
        }
    }

    /// Performs `action` for `controlEvents` (replacing an action with the same identifier).
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        if let index = entries.firstIndex(where: { $0.action?.identifier == action.identifier }) {
            entries[index].events.formUnion(controlEvents)
            return
        }
        entries.append(Entry(events: controlEvents, target: nil, action: action) { control, _ in action.perform(sender: control) })
    }

    /// Stops performing `action` for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Stops performing the action with `actionIdentifier` for `controlEvents`.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        removeEvents(controlEvents) { $0.action?.identifier == actionIdentifier }
    }

    /// The events any target or action is registered for.
    open var allControlEvents: Event {
        entries.reduce(Event()) { $0.union($1.events) }
    }

    /// Sends the actions registered for any of `controlEvents`, in the order added.
    open func sendActions(for controlEvents: Event) {
        sendActions(for: controlEvents, event: nil)
    }

    func sendActions(for controlEvents: Event, event: UIEvent?) {
        for entry in entries where !entry.events.intersection(controlEvents).isEmpty { entry.call(self, event) }
    }

    /// Performs `action` with this control as the sender.
    open func sendAction(_ action: UIAction) {
        action.perform(sender: self)
    }

    // MARK: Tracking

    /// A touch began in the control; return whether to keep tracking it.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch moved; return whether to keep tracking it.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Tracking ended (the touch lifted, or `continueTracking` returned false).
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Tracking was cancelled.
    open func cancelTracking(with event: UIEvent?) {}

    private weak var trackedTouch: UITouch?

    // MARK: Menus

    /// How a control's menu was asked for.
    enum MenuTrigger { case primary, secondaryClick }

    /// Whether the control shows its menu on a secondary click (buttons turn it on when
    /// given a menu).
    open var isContextMenuInteractionEnabled = false

    /// Whether a touch shows the control's menu at once (instead of performing its primary
    /// action). It shows on touch down; the finger can slide to an item and lift to choose
    /// it, or lift on the control and tap an item after.
    open var showsMenuAsPrimaryAction = false

    /// The interaction behind the control's menu.
    ///
    /// - Note: Differs from Apple: nil; a control's menu is shown by the control itself.
    open var contextMenuInteraction: UIContextMenuInteraction? { nil }

    /// The menu the control shows (a button's `menu`).
    var controlMenu: UIMenu? { nil }

    /// A menu action was chosen from the control's menu (a pop-up button shows it).
    func controlMenuChose(_ action: UIAction) {}

    private var tracksMenu = false

    /// Shows the control's menu below it (above when there is no room). Returns whether it
    /// showed.
    @discardableResult
    func presentControlMenu(from trigger: MenuTrigger) -> Bool {
        guard let menu = controlMenu, let window else { return false }
        let anchor = convert(bounds, to: window)
        MenuPresenter.present(menu, in: window, anchor: anchor, sender: self, onChoose: { [weak self] action in
            self?.controlMenuChose(action)
        })
        if trigger == .primary { sendActions(for: .menuActionTriggered) }
        return true
    }

    private func isInside(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -70, dy: -70).contains(touch.location(in: self))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, trackedTouch == nil, let touch = touches.first else {
            if !isEnabled { super.touchesBegan(touches, with: event) }
            return
        }
        trackedTouch = touch
        if showsMenuAsPrimaryAction, controlMenu != nil {
            // The menu shows on touch down, and the touch goes on to choose in it.
            tracksMenu = true
            sendActions(for: .touchDown, event: event)
            presentControlMenu(from: .primary)
            return
        }
        isTracking = beginTracking(touch, with: event)
        isTouchInside = true
        isHighlighted = true
        var events: Event = .touchDown
        if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
        sendActions(for: events, event: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        if tracksMenu {
            MenuPresenter.current?.track(to: touch.location(in: nil))
            return
        }
        let inside = isInside(touch)
        var events: Event = inside ? .touchDragInside : .touchDragOutside
        if inside != isTouchInside { events.insert(inside ? .touchDragEnter : .touchDragExit) }
        isTouchInside = inside
        isHighlighted = inside
        if isTracking && !continueTracking(touch, with: event) {
            isTracking = false
            endTracking(touch, with: event)
        }
        sendActions(for: events, event: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        if tracksMenu {
            tracksMenu = false
            trackedTouch = nil
            // Lifted on an item: chosen. Lifted anywhere else: the menu stays for a tap.
            let point = touch.location(in: nil)
            if let menu = MenuPresenter.current, menu.contains(point) { menu.release(at: point) }
            return
        }
        let inside = isInside(touch)
        trackedTouch = nil
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        isHighlighted = false
        isTouchInside = inside
        sendActions(for: inside ? .touchUpInside : .touchUpOutside, event: event)
        // Then the primary action, as its own event.
        if inside && sendsPrimaryActionOnTouchUp { sendActions(for: .primaryActionTriggered, event: event) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        trackedTouch = nil
        if tracksMenu {
            tracksMenu = false
            return
        }
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        isHighlighted = false
        sendActions(for: .touchCancel, event: event)
    }

    /// A single-tap recognizer of an enclosing view does not begin for touches in the control.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = gestureRecognizer as? UITapGestureRecognizer, tap.view !== self,
           tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 {
            return false
        }
        return true
    }
}
