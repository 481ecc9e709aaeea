import CoreGraphics
import CXCB
import Dispatch
import Foundation
import LaminaPlatform

/// One X window and the pixels Lamina draws for it.
///
/// The compositor draws into `buffer` (a shared-memory segment the server maps, or heap memory
/// when the server is remote); `present(damage:)` puts the damaged rectangles into a pixmap on
/// the server and copies them to the window. The pixmap is also the window's background, so
/// the server repaints exposed parts of the window itself, without asking Lamina (or reading
/// the buffer while a frame is being drawn). Frames are paced by a timer at the display's rate
/// that runs only while frames are wanted; events come from the connection's reader thread
/// and are delivered on the main thread.
final class X11Surface: PlatformSurface, PlatformFrameSource, PlatformWindowEventSource, PlatformWindowControls, PlatformCursorControl,
    PlatformWindowSizeLimits,
    @unchecked Sendable {
    let x: X11Connection
    let window: xcb_window_t
    private let gc: xcb_gcontext_t
    let framesPerSecond: Double

    private struct State {
        var buffer: PlatformPixelBuffer
        var segment: SharedSegment?
        var pixmap: xcb_pixmap_t
        var scale: CGFloat
        /// The size the server last reported (or was told), so only changes become `.resized`.
        var windowWidth: Int
        var windowHeight: Int
        var eventHandler: (@MainActor (PlatformWindowEvent) -> Void)?
        /// Server time (ms) and media time of the first timed event: server times are mapped
        /// onto the media clock from there.
        var timeBase: (server: UInt32, media: Double)?
        var presentedFrames = 0
        /// The media time of the oldest input event not yet followed by a present.
        var pendingInput: Double?
    }
    /// Whether to report input-to-present latency on standard error (`LAMINA_X11_STATS=1`).
    private let reportsLatency = ProcessInfo.processInfo.environment["LAMINA_X11_STATS"] == "1"
    private let state: Locked<State>
    private let refresh: RefreshTimer

    /// The pixel layout of a 24-bit true-colour X visual on a little-endian server: B, G, R, X.
    static let bitmapInfo = CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue

    init?(connection x: X11Connection, pixelWidth: Int, pixelHeight: Int, scale: CGFloat, title: String, framesPerSecond: Double) {
        guard scale > 0, scale.isFinite, pixelWidth > 0, pixelHeight > 0,
              pixelWidth <= Int(Int16.max), pixelHeight <= Int(Int16.max) else { return nil }
        let c = x.connection
        self.x = x
        self.framesPerSecond = framesPerSecond
        refresh = RefreshTimer(label: "Lamina X11 refresh", framesPerSecond: framesPerSecond)
        window = xcb_generate_id(c)
        let events = XCB_EVENT_MASK_EXPOSURE.rawValue | XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue
            | XCB_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue
            | XCB_EVENT_MASK_POINTER_MOTION.rawValue | XCB_EVENT_MASK_KEY_PRESS.rawValue
            | XCB_EVENT_MASK_KEY_RELEASE.rawValue | XCB_EVENT_MASK_FOCUS_CHANGE.rawValue
            | XCB_EVENT_MASK_ENTER_WINDOW.rawValue | XCB_EVENT_MASK_LEAVE_WINDOW.rawValue
        // Values in the order of their mask bits: background pixel, bit gravity, event mask.
        let values: [UInt32] = [0xFFFFFF, UInt32(XCB_GRAVITY_NORTH_WEST.rawValue), events]
        let mask = XCB_CW_BACK_PIXEL.rawValue | XCB_CW_BIT_GRAVITY.rawValue | XCB_CW_EVENT_MASK.rawValue
        xcb_create_window(c, UInt8(XCB_COPY_FROM_PARENT), window, x.root, 0, 0, UInt16(pixelWidth), UInt16(pixelHeight), 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), x.rootVisual, mask, values)
        gc = xcb_generate_id(c)
        let gcValues: [UInt32] = [0]
        xcb_create_gc(c, gc, window, XCB_GC_GRAPHICS_EXPOSURES.rawValue, gcValues)
        guard let made = X11Surface.pixels(x, window: window, width: pixelWidth, height: pixelHeight) else {
            xcb_free_gc(c, gc)
            xcb_destroy_window(c, window)
            xcb_flush(c)
            return nil
        }
        state = Locked(State(buffer: made.buffer, segment: made.segment, pixmap: made.pixmap, scale: scale,
                             windowWidth: pixelWidth, windowHeight: pixelHeight))
        var protocols = [x.atoms.deleteWindow]
        xcb_change_property(c, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, x.atoms.protocols,
                            xcb_atom_t(XCB_ATOM_ATOM.rawValue), 32, 1, &protocols)
        setTitle(title)
        x.register(self, window: window)
        xcb_map_window(c, window)
        X11Surface.sync(c)
    }

    /// Waits until the server has handled every request sent so far.
    static func sync(_ c: OpaquePointer) {
        free(xcb_get_input_focus_reply(c, xcb_get_input_focus(c), nil))
    }

    deinit {
        let c = x.connection
        x.unregister(window: window)
        let pixmap = state.withLock { $0.pixmap }
        xcb_free_pixmap(c, pixmap)
        xcb_free_gc(c, gc)
        xcb_destroy_window(c, window)
        xcb_flush(c)
    }

    /// Maps or unmaps the window (a window manager shows or hides it).
    func setVisible(_ visible: Bool) {
        let c = x.connection
        if visible { xcb_map_window(c, window) } else { xcb_unmap_window(c, window) }
        X11Surface.sync(c)
    }

    /// The window's title (`_NET_WM_NAME` in UTF-8, and `WM_NAME`).
    func setTitle(_ title: String) {
        let c = x.connection
        let bytes = Array(title.utf8)
        xcb_change_property(c, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, x.atoms.netWMName, x.atoms.utf8String,
                            8, UInt32(bytes.count), bytes)
        xcb_change_property(c, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, xcb_atom_t(XCB_ATOM_WM_NAME.rawValue),
                            xcb_atom_t(XCB_ATOM_STRING.rawValue), 8, UInt32(bytes.count), bytes)
        // A round trip, as for visibility: once this returns the server has the new title, so
        // a client on another connection (a window manager, a test's probe) reads it, not
        // the old one (a flush only sends the request).
        X11Surface.sync(c)
    }

    /// The window manager's size hints (ICCCM WM_NORMAL_HINTS: 18 words, the minimum size at
    /// words 5–6 flagged PMinSize, the maximum at 7–8 flagged PMaxSize).
    func setSizeLimits(minimum: (width: Int, height: Int)?, maximum: (width: Int, height: Int)?) {
        var hints = [UInt32](repeating: 0, count: 18)
        func clamp(_ value: Int) -> UInt32 { UInt32(Swift.min(Swift.max(value, 1), 32_767)) }
        if let minimum {
            hints[0] |= 1 << 4
            hints[5] = clamp(minimum.width)
            hints[6] = clamp(minimum.height)
        }
        if let maximum {
            hints[0] |= 1 << 5
            hints[7] = clamp(maximum.width)
            hints[8] = clamp(maximum.height)
        }
        let c = x.connection
        xcb_change_property(c, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, xcb_atom_t(XCB_ATOM_WM_NORMAL_HINTS.rawValue),
                            xcb_atom_t(XCB_ATOM_WM_SIZE_HINTS.rawValue), 32, UInt32(hints.count), hints)
        X11Surface.sync(c)
    }

    /// The pointer's shape over the window: a glyph of the X cursor font (left_ptr's parent
    /// default for the arrow, xterm for a text beam, hand2 for a pointing hand), or an empty
    /// 1 × 1 bitmap for none.
    func setCursor(_ cursor: PlatformCursor) {
        applyCursor(cursor)
    }

    /// `setCursor(_:)`, telling whether the server took the change (a checked request).
    @discardableResult
    func applyCursor(_ cursor: PlatformCursor) -> Bool {
        let c = x.connection
        var value: UInt32 = 0
        switch cursor {
        case .arrow:
            value = 0
        case .iBeam, .pointingHand:
            let font = xcb_generate_id(c)
            let name = Array("cursor".utf8)
            xcb_open_font(c, font, UInt16(name.count), name)
            let glyph: UInt16 = cursor == .iBeam ? 152 : 60
            value = xcb_generate_id(c)
            xcb_create_glyph_cursor(c, value, font, font, glyph, glyph + 1, 0, 0, 0, 0xFFFF, 0xFFFF, 0xFFFF)
            xcb_close_font(c, font)
        case .hidden:
            let pixmap = xcb_generate_id(c)
            xcb_create_pixmap(c, 1, pixmap, window, 1, 1)
            value = xcb_generate_id(c)
            xcb_create_cursor(c, value, pixmap, pixmap, 0, 0, 0, 0, 0, 0, 0, 0)
            xcb_free_pixmap(c, pixmap)
        }
        let cookie = xcb_change_window_attributes_checked(c, window, UInt32(XCB_CW_CURSOR.rawValue), [value])
        if value != 0 { xcb_free_cursor(c, value) }
        let error = xcb_request_check(c, cookie)
        defer { free(error) }
        return error == nil
    }

    /// A buffer of `width` × `height` pixels (in shared memory when the server can map it)
    /// and a pixmap of that size, made the window's background.
    private static func pixels(_ x: X11Connection, window: xcb_window_t, width: Int, height: Int)
        -> (buffer: PlatformPixelBuffer, segment: SharedSegment?, pixmap: xcb_pixmap_t)? {
        let c = x.connection
        let (bytes, overflow) = (width * 4).multipliedReportingOverflow(by: height)
        guard !overflow, bytes <= 1 << 30 else { return nil }
        var buffer: PlatformPixelBuffer?
        var segment: SharedSegment?
        if x.hasSharedMemory, let shared = SharedSegment(connection: c, byteCount: bytes) {
            segment = shared
            buffer = PlatformPixelBuffer(wrapping: shared.address, width: width, height: height, bytesPerRow: width * 4,
                                         bitmapInfo: X11Surface.bitmapInfo) { _ in shared.detach(connection: x.connection) }
        } else {
            buffer = PlatformPixelBuffer(width: width, height: height, bitmapInfo: X11Surface.bitmapInfo)
        }
        guard let buffer else { return nil }
        let pixmap = xcb_generate_id(c)
        xcb_create_pixmap(c, 24, pixmap, window, UInt16(width), UInt16(height))
        let values: [UInt32] = [pixmap]
        xcb_change_window_attributes(c, window, XCB_CW_BACK_PIXMAP.rawValue, values)
        return (buffer, segment, pixmap)
    }

    // MARK: PlatformSurface

    var pixelWidth: Int { buffer.width }
    var pixelHeight: Int { buffer.height }
    var scale: CGFloat { state.withLock { $0.scale } }
    var buffer: PlatformPixelBuffer { state.withLock { $0.buffer } }
    /// Frames presented so far.
    var presentedFrameCount: Int { state.withLock { $0.presentedFrames } }

    func present(damage: [CGRect]) {
        let c = x.connection
        state.withLock { state in
            let buffer = state.buffer
            let bounds = CGRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
            for rect in damage {
                let r = rect.integral.intersection(bounds)
                guard !r.isNull, !r.isEmpty else { continue }
                let x0 = Int(r.minX), y0 = Int(r.minY), w = Int(r.width), h = Int(r.height)
                if let segment = state.segment {
                    xcb_shm_put_image(c, state.pixmap, gc, UInt16(buffer.width), UInt16(buffer.height), UInt16(x0), UInt16(y0),
                                      UInt16(w), UInt16(h), Int16(x0), Int16(y0), 24, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue),
                                      0, segment.segment, 0)
                } else {
                    putImage(buffer, pixmap: state.pixmap, x0: x0, y0: y0, width: w, height: h)
                }
                xcb_copy_area(c, state.pixmap, window, gc, Int16(x0), Int16(y0), Int16(x0), Int16(y0), UInt16(w), UInt16(h))
            }
            state.presentedFrames += 1
            if reportsLatency, let input = state.pendingInput {
                state.pendingInput = nil
                let latency = (X11Surface.monotonicNow() - input) * 1000
                FileHandle.standardError.write(Data(String(format: "lamina-x11: input to present %.2f ms\n", latency).utf8))
            }
            // A round trip: the server has read the segment (the compositor may draw into the
            // buffer again) and shows the frame before this returns; it also keeps a remote
            // server's queue from growing behind frames it cannot take as fast.
            X11Surface.sync(c)
        }
    }

    /// Sends a rectangle of the buffer through the socket, in bands that fit a request.
    private func putImage(_ buffer: PlatformPixelBuffer, pixmap: xcb_pixmap_t, x0: Int, y0: Int, width: Int, height: Int) {
        let c = x.connection
        let rowBytes = width * 4
        let rowsPerRequest = Swift.max(1, (x.maximumRequestBytes - 64) / rowBytes)
        var band = [UInt8](repeating: 0, count: rowBytes * Swift.min(height, rowsPerRequest))
        var y = y0
        while y < y0 + height {
            let rows = Swift.min(rowsPerRequest, y0 + height - y)
            band.withUnsafeMutableBytes { out in
                for row in 0..<rows {
                    let source = buffer.baseAddress + (y + row) * buffer.bytesPerRow + x0 * 4
                    (out.baseAddress! + row * rowBytes).copyMemory(from: source, byteCount: rowBytes)
                }
                xcb_put_image(c, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), pixmap, gc, UInt16(width), UInt16(rows),
                              Int16(x0), Int16(y), 0, 24, UInt32(rows * rowBytes), out.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            y += rows
        }
    }

    func resize(pixelWidth: Int, pixelHeight: Int, scale: CGFloat) -> Bool {
        guard scale > 0, scale.isFinite, pixelWidth > 0, pixelHeight > 0,
              pixelWidth <= Int(Int16.max), pixelHeight <= Int(Int16.max),
              let made = X11Surface.pixels(x, window: window, width: pixelWidth, height: pixelHeight) else { return false }
        let c = x.connection
        state.withLock { state in
            xcb_free_pixmap(c, state.pixmap)
            state.buffer = made.buffer
            state.segment = made.segment
            state.pixmap = made.pixmap
            state.scale = scale
            if state.windowWidth != pixelWidth || state.windowHeight != pixelHeight {
                // Resized in code: the window follows.
                state.windowWidth = pixelWidth
                state.windowHeight = pixelHeight
                let values: [UInt32] = [UInt32(pixelWidth), UInt32(pixelHeight)]
                xcb_configure_window(c, window, UInt16(XCB_CONFIG_WINDOW_WIDTH.rawValue | XCB_CONFIG_WINDOW_HEIGHT.rawValue), values)
            }
        }
        X11Surface.sync(c)
        return true
    }

    // MARK: PlatformFrameSource

    func setFrameHandler(_ handler: (@Sendable () -> Void)?) {
        refresh.setHandler(handler)
    }

    var wantsFrames: Bool {
        get { refresh.wantsFrames }
        set { refresh.wantsFrames = newValue }
    }

    /// Whether the refresh timer runs (only while frames are wanted and someone listens).
    var isRefreshing: Bool { refresh.isRunning }

    // MARK: Events

    func setEventHandler(_ handler: (@MainActor (PlatformWindowEvent) -> Void)?) {
        state.withLock { $0.eventHandler = handler }
    }

    /// Hands `event` to the window's handler on the main thread.
    private func deliver(_ event: PlatformWindowEvent) {
        Platform.performOnMain { [weak self] in
            guard let handler = self?.state.withLock({ $0.eventHandler }) else { return }
            handler(event)
        }
    }

    /// An X event's server time on the media clock (seconds): the first event anchors the
    /// server's millisecond clock to the monotonic clock, later ones keep their spacing.
    private func mediaTime(_ server: UInt32) -> Double {
        let now = X11Surface.monotonicNow()
        return state.withLock { state in
            var time = now
            if let base = state.timeBase {
                // Wrapping subtraction: the server's clock wraps every 49.7 days.
                time = base.media + Double(Int32(bitPattern: server &- base.server)) / 1000
            }
            if state.timeBase == nil || time > now || time < now - 5 {
                state.timeBase = (server, now)
                time = now
            }
            // The oldest event since the last present; one that changed nothing (a quarter of
            // a second without a present) gives way to the next.
            if reportsLatency, state.pendingInput.map({ time - $0 > 0.25 }) ?? true { state.pendingInput = time }
            return time
        }
    }

    /// The monotonic clock (the system media clock's), in seconds.
    static func monotonicNow() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Points per notch of a scroll wheel.
    static let wheelStep: CGFloat = 20

    /// Translates one event from the reader thread.
    func handle(_ event: UnsafeMutablePointer<xcb_generic_event_t>, type: Int32) {
        let raw = UnsafeRawPointer(event)
        let scale = self.scale
        switch type {
        case XCB_BUTTON_PRESS, XCB_BUTTON_RELEASE:
            let e = raw.load(as: xcb_button_press_event_t.self)
            let location = CGPoint(x: CGFloat(e.event_x) / scale, y: CGFloat(e.event_y) / scale)
            let modifiers = X11Keyboard.modifiers(e.state), time = mediaTime(e.time)
            let isPress = type == XCB_BUTTON_PRESS
            switch e.detail {
            case 1, 2, 3:
                let button: PlatformPointerButton = e.detail == 1 ? .primary : e.detail == 2 ? .middle : .secondary
                deliver(isPress ? .pointerDown(button, location: location, modifiers: modifiers, time: time)
                                : .pointerUp(button, location: location, modifiers: modifiers, time: time))
            case 4...7:
                guard isPress else { break }
                // Buttons 4–7 are the wheel: up, down, left, right. Turning the wheel down
                // moves content up, as dragging it up would.
                let step = X11Surface.wheelStep
                let delta = e.detail == 4 ? CGVector(dx: 0, dy: step) : e.detail == 5 ? CGVector(dx: 0, dy: -step)
                    : e.detail == 6 ? CGVector(dx: step, dy: 0) : CGVector(dx: -step, dy: 0)
                deliver(.scroll(delta: delta, location: location, modifiers: modifiers, time: time))
            default:
                break
            }
        case XCB_MOTION_NOTIFY:
            let e = raw.load(as: xcb_motion_notify_event_t.self)
            let location = CGPoint(x: CGFloat(e.event_x) / scale, y: CGFloat(e.event_y) / scale)
            let down = e.state & UInt16(XCB_BUTTON_MASK_1.rawValue) != 0
            deliver(.pointerMoved(location: location, buttonDown: down, modifiers: X11Keyboard.modifiers(e.state), time: mediaTime(e.time)))
        case XCB_ENTER_NOTIFY, XCB_LEAVE_NOTIFY:
            let e = raw.load(as: xcb_enter_notify_event_t.self)
            guard e.detail != UInt8(XCB_NOTIFY_DETAIL_INFERIOR.rawValue) else { return }
            let time = mediaTime(e.time)
            if type == XCB_LEAVE_NOTIFY {
                deliver(.pointerExited(time: time))
            } else if e.state & UInt16(XCB_BUTTON_MASK_1.rawValue) == 0 {
                // Coming in with the button up hovers at once (a drag coming in is not a touch).
                let location = CGPoint(x: CGFloat(e.event_x) / scale, y: CGFloat(e.event_y) / scale)
                deliver(.pointerMoved(location: location, buttonDown: false, modifiers: X11Keyboard.modifiers(e.state), time: time))
            }
        case XCB_KEY_PRESS, XCB_KEY_RELEASE:
            let e = raw.load(as: xcb_key_press_event_t.self)
            deliver(x.keyboard.key(keycode: Int(e.detail), state: e.state, isDown: type == XCB_KEY_PRESS, time: mediaTime(e.time)))
        case XCB_FOCUS_IN, XCB_FOCUS_OUT:
            let e = raw.load(as: xcb_focus_in_event_t.self)
            // Focus moving between the window's own parts, or a pointer-only focus, is not the
            // window's keyboard focus changing.
            guard e.detail != UInt8(XCB_NOTIFY_DETAIL_INFERIOR.rawValue), e.detail != UInt8(XCB_NOTIFY_DETAIL_POINTER.rawValue) else { return }
            deliver(.focusChanged(type == XCB_FOCUS_IN))
        case XCB_CONFIGURE_NOTIFY:
            let e = raw.load(as: xcb_configure_notify_event_t.self)
            let width = Int(e.width), height = Int(e.height)
            let changed = state.withLock { state -> Bool in
                guard state.windowWidth != width || state.windowHeight != height else { return false }
                state.windowWidth = width
                state.windowHeight = height
                return true
            }
            if changed { deliver(.resized(pixelWidth: width, pixelHeight: height, scale: scale)) }
        case XCB_CLIENT_MESSAGE:
            let e = raw.load(as: xcb_client_message_event_t.self)
            guard e.type == x.atoms.protocols, e.format == 32, e.data.data32.0 == x.atoms.deleteWindow else { return }
            // Closed at once, as a window manager expects; UIKit hears of it and hides the window.
            xcb_unmap_window(x.connection, window)
            X11Surface.sync(x.connection)
            deliver(.closeRequested)
        default:
            break
        }
    }
}
