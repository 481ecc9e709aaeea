internal import UIKit
import LaminaPlatform

/// Told about a window's life.
@preconcurrency @MainActor
public protocol NSWindowDelegate: AnyObject {
    func windowShouldClose(_ sender: NSWindow) -> Bool
    func windowWillClose(_ notification: Notification)
    func windowDidResize(_ notification: Notification)
    func windowDidBecomeKey(_ notification: Notification)
}

extension NSWindowDelegate {
    public func windowShouldClose(_ sender: NSWindow) -> Bool { true }
    public func windowWillClose(_ notification: Notification) {}
    public func windowDidResize(_ notification: Notification) {}
    public func windowDidBecomeKey(_ notification: Notification) {}
}

/// A window: a content view filling its content rectangle (y-up from the bottom-left), shown
/// with `makeKeyAndOrderFront(_:)` on the same backends as UIKit's windows — headless, or an
/// X11 window. Mouse events go to the view under the pointer (drags and the mouse up to the
/// view that took the mouse down), key events to the first responder, and moving the pointer
/// reports to the views' tracking areas.
///
/// - Note: Differs from Apple: the frame is the content rectangle (the title bar and borders
///   are the window system's); `styleMask` is kept.
@preconcurrency @MainActor
open class NSWindow: NSResponder {
    public struct StyleMask: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let borderless = StyleMask([])
        public static let titled = StyleMask(rawValue: 1 << 0)
        public static let closable = StyleMask(rawValue: 1 << 1)
        public static let miniaturizable = StyleMask(rawValue: 1 << 2)
        public static let resizable = StyleMask(rawValue: 1 << 3)
        public static let unifiedTitleAndToolbar = StyleMask(rawValue: 1 << 12)
        public static let fullScreen = StyleMask(rawValue: 1 << 14)
        public static let fullSizeContentView = StyleMask(rawValue: 1 << 15)
    }

    public enum BackingStoreType: UInt, Sendable { case retained = 0, nonretained = 1, buffered = 2 }

    private let host: HostWindow
    private let hostView: WindowHostView
    /// The y-up space the content view's layer lives in.
    let rootLayer = CALayer()
    private var storedContentView: NSView?
    private var storedFrame: NSRect
    private var mouseTarget: NSView?
    private static var nextNumber = 1

    open var styleMask: StyleMask
    open weak var delegate: (any NSWindowDelegate)?
    public let windowNumber: Int
    /// Whether closing releases the window (kept; windows stay while referenced).
    open var isReleasedWhenClosed = true
    open private(set) var isVisible = false

    /// A window whose content fills `contentRect` (its origin places the window on screen).
    public init(contentRect: NSRect, styleMask style: StyleMask, backing backingStoreType: BackingStoreType, defer flag: Bool) {
        styleMask = style
        storedFrame = contentRect.isFiniteRect ? contentRect : .zero
        windowNumber = NSWindow.nextNumber
        NSWindow.nextNumber += 1
        let size = storedFrame.size
        host = HostWindow(frame: CGRect(origin: .zero, size: size))
        hostView = WindowHostView(frame: CGRect(origin: .zero, size: size))
        super.init()
        hostView.owner = self
        host.owner = self
        let controller = HostController(view: hostView)
        host.rootViewController = controller
        rootLayer.isGeometryFlipped = true
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = NSColor.windowBackgroundColor.cgColor
        hostView.layer.addSublayer(rootLayer)
        contentView = NSView(frame: NSRect(origin: .zero, size: size))
        NSApplication.shared.register(self)
    }

    /// The window's title (the X11 window's name).
    open var title: String = "" {
        didSet { (host.rootViewController as? HostController)?.title = title.isEmpty ? nil : title }
    }

    /// The view filling the window; set it to replace the content.
    open var contentView: NSView? {
        get { storedContentView }
        set {
            guard newValue !== storedContentView else { return }
            if let old = storedContentView {
                old.renderLayer.removeFromSuperlayer()
                old.hostingWindow = nil
                old.nextResponder = nil
                old.notifyMovedToWindow()
            }
            storedContentView = newValue
            guard let view = newValue else { return }
            view.removeFromSuperview()
            view.viewWillMove(toWindow: self)
            view.hostingWindow = self
            view.nextResponder = self
            view.frame = NSRect(origin: .zero, size: storedFrame.size)
            view.autoresizingMask = [.width, .height]
            rootLayer.addSublayer(view.renderLayer)
            view.syncLayerGeometry()
            view.updateBacking()
            view.notifyMovedToWindow()
            if firstResponder == nil || firstResponder === self { storedFirstResponder = nil }
        }
    }

    /// The window's background, behind the content view.
    open var backgroundColor: NSColor! = NSColor.windowBackgroundColor {
        didSet { rootLayer.backgroundColor = (backgroundColor ?? .windowBackgroundColor).cgColor }
    }

    /// The window's frame (its content rectangle; see the type's notes).
    open var frame: NSRect { storedFrame }

    /// The content area in window coordinates.
    open var contentLayoutRect: NSRect { NSRect(origin: .zero, size: storedFrame.size) }

    /// Pixels per point of the window's screen.
    open var backingScaleFactor: CGFloat { UIScreen.main.scale }

    /// Moves and resizes the window (the content view follows).
    open func setFrame(_ frameRect: NSRect, display flag: Bool) {
        guard frameRect.isFiniteRect, frameRect.width >= 0, frameRect.height >= 0 else { return }
        let resized = frameRect.size != storedFrame.size
        storedFrame = frameRect
        guard resized else { return }
        host.frame = CGRect(origin: .zero, size: frameRect.size)
        hostView.frame = host.bounds
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.frame = host.bounds
        CATransaction.commit()
        storedContentView?.frame = NSRect(origin: .zero, size: frameRect.size)
        delegate?.windowDidResize(Notification(name: NSWindow.didResizeNotification, object: self))
        if flag { displayIfNeeded() }
    }

    open func setContentSize(_ size: NSSize) {
        setFrame(NSRect(origin: storedFrame.origin, size: size), display: true)
    }

    /// Centres the window on the screen.
    open func center() {
        let screen = UIScreen.main.bounds.size
        storedFrame.origin = NSPoint(x: ((screen.width - storedFrame.width) / 2).rounded(), y: ((screen.height - storedFrame.height) / 2).rounded())
    }

    // MARK: Showing

    /// Shows the window and makes it the key window.
    open func makeKeyAndOrderFront(_ sender: Any?) {
        orderFront(sender)
        NSApplication.shared.keyWindow = self
        hostView.becomeFirstResponder()
        delegate?.windowDidBecomeKey(Notification(name: NSWindow.didBecomeKeyNotification, object: self))
    }

    open func orderFront(_ sender: Any?) {
        isVisible = true
        NSApplication.shared.windowDidShow(self)
        host.makeKeyAndVisible()
        displayIfNeeded()
    }

    open func orderOut(_ sender: Any?) {
        isVisible = false
        host.isHidden = true
        NSApplication.shared.windowDidHide(self)
    }

    /// Closes the window (after asking the delegate, for `performClose(_:)`).
    open func close() {
        delegate?.windowWillClose(Notification(name: NSWindow.willCloseNotification, object: self))
        orderOut(nil)
        NSApplication.shared.windowDidClose(self)
    }

    open func performClose(_ sender: Any?) {
        if delegate?.windowShouldClose(self) == false { return }
        close()
    }

    open var isKeyWindow: Bool { NSApplication.shared.keyWindow === self }

    // MARK: Drawing

    /// Lays out and redraws what needs it.
    open func displayIfNeeded() {
        storedContentView?.layoutSubtreeIfNeeded()
        storedContentView?.displayIfNeeded()
    }

    /// Redraws every view.
    open func display() {
        storedContentView?.layoutSubtreeIfNeeded()
        storedContentView?.display()
    }

    func setNeedsUpdate() {
        hostView.setNeedsLayout()
    }

    /// The window's pixels as of `t` on the media clock: laid out, drawn and composited as a
    /// frame on its backend's surface (headless unless a display backend is installed).
    ///
    /// - Note: Lamina addition (macOS composites windows in the window server).
    public func renderedImage(atTime t: CFTimeInterval = CACurrentMediaTime()) -> CGImage? {
        displayIfNeeded()
        return host.renderedImage(atTime: t)
    }

    /// The surface the window's frames go to (made by the installed backend at the first
    /// frame; nil before).
    ///
    /// - Note: Lamina addition, as `UIWindow.surface`.
    public var surface: PlatformSurface? { host.surface }

    /// The backend this window's surface comes from, when not the installed one (tests put a
    /// window on a display without installing its backend for every other window).
    package var platformBackend: PlatformBackend? {
        get { host.platformBackend }
        set { host.platformBackend = newValue }
    }

    // MARK: Responders and events

    private var storedFirstResponder: NSResponder?

    /// The responder key events go to (the window itself when none).
    open var firstResponder: NSResponder? { storedFirstResponder ?? self }

    /// The view to make first responder when the window is first shown.
    open weak var initialFirstResponder: NSView?

    /// Makes `responder` the first responder if the current one resigns and it accepts
    /// (nil: the window itself).
    @discardableResult
    open func makeFirstResponder(_ responder: NSResponder?) -> Bool {
        if let current = storedFirstResponder, current !== responder, !current.resignFirstResponder() { return false }
        guard let responder, responder !== self else {
            storedFirstResponder = nil
            return true
        }
        guard responder.acceptsFirstResponder, responder.becomeFirstResponder() else {
            storedFirstResponder = nil
            return false
        }
        storedFirstResponder = responder
        return true
    }

    /// Dispatches `event`: mouse downs to the view under the pointer (which keeps the drags
    /// and the mouse up), key events to the first responder, pointer moves to tracking areas.
    open func sendEvent(_ event: NSEvent) {
        switch event.type {
        case .leftMouseDown, .rightMouseDown:
            guard let target = storedContentView?.hitTest(event.locationInWindow) else { return }
            mouseTarget = target
            if event.type == .leftMouseDown, target.acceptsFirstResponder { makeFirstResponder(target) }
            event.type == .leftMouseDown ? target.mouseDown(with: event) : target.rightMouseDown(with: event)
        case .leftMouseDragged, .rightMouseDragged:
            mouseTarget?.mouseDragged(with: event)
            updateTracking(at: event.locationInWindow, event: event, dragging: true)
        case .leftMouseUp, .rightMouseUp:
            let target = mouseTarget
            mouseTarget = nil
            event.type == .leftMouseUp ? target?.mouseUp(with: event) : target?.rightMouseUp(with: event)
        case .mouseMoved:
            updateTracking(at: event.locationInWindow, event: event, dragging: false)
        case .scrollWheel:
            storedContentView?.hitTest(event.locationInWindow)?.scrollWheel(with: event)
        case .keyDown:
            firstResponder?.keyDown(with: event)
        case .keyUp:
            firstResponder?.keyUp(with: event)
        case .flagsChanged:
            firstResponder?.flagsChanged(with: event)
        case .mouseEntered, .mouseExited:
            break
        }
    }

    /// Tells the tracking areas the pointer entered, left or moved in.
    private func updateTracking(at location: NSPoint, event: NSEvent, dragging: Bool) {
        guard let content = storedContentView else { return }
        var pending: [NSView] = [content]
        while let view = pending.popLast() {
            pending.append(contentsOf: view.subviews)
            guard !view.trackingAreas.isEmpty, !view.isHidden else { continue }
            let local = view.convert(location, from: nil)
            for area in view.trackingAreas {
                if dragging && !area.options.contains(.enabledDuringMouseDrag) { continue }
                let rect = area.options.contains(.inVisibleRect) ? view.visibleRect : area.rect
                let inside = view.mouse(local, in: rect)
                let owner = area.owner as? NSResponder
                if inside != area.pointerInside {
                    area.pointerInside = inside
                    if area.options.contains(.mouseEnteredAndExited) {
                        let crossing = NSEvent(type: inside ? .mouseEntered : .mouseExited, location: location,
                                               modifierFlags: event.modifierFlags, timestamp: event.timestamp, window: self,
                                               trackingArea: area)
                        inside ? owner?.mouseEntered(with: crossing) : owner?.mouseExited(with: crossing)
                    }
                }
                if inside, !dragging, area.options.contains(.mouseMoved) { owner?.mouseMoved(with: event) }
            }
        }
    }

    /// A pointer sample from the backend, in the host's y-down points.
    fileprivate func hostPointer(_ type: NSEvent.EventType, at point: CGPoint, clickCount: Int, timestamp: TimeInterval) {
        let location = NSPoint(x: point.x, y: storedFrame.height - point.y)
        sendEvent(NSEvent(type: type, location: location, timestamp: timestamp, window: self, clickCount: clickCount))
    }

    fileprivate func hostKey(_ key: UIKey, down: Bool, timestamp: TimeInterval) {
        var flags: NSEvent.ModifierFlags = []
        if key.modifierFlags.contains(.shift) { flags.insert(.shift) }
        if key.modifierFlags.contains(.control) { flags.insert(.control) }
        if key.modifierFlags.contains(.alternate) { flags.insert(.option) }
        if key.modifierFlags.contains(.command) { flags.insert(.command) }
        if key.modifierFlags.contains(.alphaShift) { flags.insert(.capsLock) }
        sendEvent(NSEvent(type: down ? .keyDown : .keyUp, location: .zero, modifierFlags: flags, timestamp: timestamp, window: self,
                          characters: key.characters, charactersIgnoringModifiers: key.charactersIgnoringModifiers,
                          keyCode: UInt16(truncatingIfNeeded: key.keyCode.rawValue)))
    }

    /// The backend closed the window (the user asked it to).
    ///
    /// - Note: Differs from Apple: `windowShouldClose(_:)` is not asked: the window is
    ///   already gone.
    fileprivate func hostClosed() {
        guard isVisible else { return }
        delegate?.windowWillClose(Notification(name: NSWindow.willCloseNotification, object: self))
        isVisible = false
        NSApplication.shared.windowDidClose(self)
    }

    public static let willCloseNotification = Notification.Name("NSWindowWillCloseNotification")
    public static let didResizeNotification = Notification.Name("NSWindowDidResizeNotification")
    public static let didBecomeKeyNotification = Notification.Name("NSWindowDidBecomeKeyNotification")
}

/// The UIKit window an `NSWindow` is shown through.
@MainActor
private final class HostWindow: UIWindow {
    weak var owner: NSWindow?

    /// Hidden by the backend (the user closed the window): the AppKit window closes.
    override var isHidden: Bool {
        didSet { if isHidden && !oldValue { owner?.hostClosed() } }
    }
}

@MainActor
private final class HostController: UIViewController {
    private let hostView: UIView
    init(view: UIView) {
        hostView = view
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
    override func loadView() { view = hostView }
}

/// Turns the host window's touches, hovering and key presses into AppKit events, and lays
/// out and redraws the AppKit views before each commit.
@MainActor
private final class WindowHostView: UIView {
    weak var owner: NSWindow?
    private var lastLocation: CGPoint?

    override init(frame: CGRect) {
        super.init(frame: frame)
        let hover = UIHoverGestureRecognizer()
        hover.cancelsTouchesInView = false
        hover.delaysTouchesEnded = false
        hover.addHandler { [weak self] recognizer in self?.hovered(recognizer) }
        addGestureRecognizer(hover)
    }
    required init?(coder: NSCoder) { nil }

    override var canBecomeFirstResponder: Bool { true }

    private func hovered(_ recognizer: UIGestureRecognizer) {
        guard recognizer.state == .began || recognizer.state == .changed else { return }
        owner?.hostPointer(.mouseMoved, at: recognizer.location(in: self), clickCount: 0, timestamp: CACurrentMediaTime())
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        owner?.displayIfNeeded()
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        owner?.hostPointer(.leftMouseDown, at: touch.location(in: self), clickCount: touch.tapCount, timestamp: touch.timestamp)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        owner?.hostPointer(.leftMouseDragged, at: touch.location(in: self), clickCount: touch.tapCount, timestamp: touch.timestamp)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        owner?.hostPointer(.leftMouseUp, at: touch.location(in: self), clickCount: touch.tapCount, timestamp: touch.timestamp)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        touchesEnded(touches, with: event)
    }

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        for press in presses { if let key = press.key { owner?.hostKey(key, down: true, timestamp: press.timestamp) } }
    }

    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        for press in presses { if let key = press.key { owner?.hostKey(key, down: false, timestamp: press.timestamp) } }
    }

}
