import CXCB
import Foundation

/// Another client of the test server: reads what a window shows and sends it the events a
/// user's mouse, keyboard and window manager would (through SendEvent, which needs no
/// extension).
final class X11Probe {
    let c: OpaquePointer

    init(_ server: XvfbServer) {
        c = server.connect()
    }

    deinit { xcb_disconnect(c) }

    func atom(_ name: String) -> xcb_atom_t {
        let reply = xcb_intern_atom_reply(c, xcb_intern_atom(c, 0, UInt16(name.utf8.count), name), nil)!
        defer { free(reply) }
        return reply.pointee.atom
    }

    /// The top-level windows with this `_NET_WM_NAME` (those of other clients too).
    func windows(named name: String) -> [xcb_window_t] {
        guard let setup = xcb_get_setup(c) else { return [] }
        let root = xcb_setup_roots_iterator(setup).data.pointee.root
        guard let reply = xcb_query_tree_reply(c, xcb_query_tree(c, root), nil) else { return [] }
        defer { free(reply) }
        let children = UnsafeBufferPointer(start: xcb_query_tree_children(reply), count: Int(xcb_query_tree_children_length(reply)))
        return children.filter { text($0, "_NET_WM_NAME") == name }
    }

    /// The window's size in pixels.
    func size(_ window: xcb_window_t) -> (width: Int, height: Int)? {
        guard let reply = xcb_get_geometry_reply(c, xcb_get_geometry(c, window), nil) else { return nil }
        defer { free(reply) }
        return (Int(reply.pointee.width), Int(reply.pointee.height))
    }

    /// Whether the window is mapped (viewable).
    func isViewable(_ window: xcb_window_t) -> Bool {
        guard let reply = xcb_get_window_attributes_reply(c, xcb_get_window_attributes(c, window), nil) else { return false }
        defer { free(reply) }
        return reply.pointee.map_state == UInt8(XCB_MAP_STATE_VIEWABLE.rawValue)
    }

    /// A text property of the window.
    func text(_ window: xcb_window_t, _ property: String) -> String? {
        let cookie = xcb_get_property(c, 0, window, atom(property), xcb_atom_t(XCB_GET_PROPERTY_TYPE_ANY.rawValue), 0, 1024)
        guard let reply = xcb_get_property_reply(c, cookie, nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        guard length > 0, let value = xcb_get_property_value(reply) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: value, count: length), as: UTF8.self)
    }

    /// The window's pixels in a rectangle, as 0xRRGGBB values, rows from the top.
    func pixels(_ window: xcb_window_t, x: Int, y: Int, width: Int, height: Int) -> [UInt32] {
        // On top first: the screen's pixels are read, and another window could cover it.
        let values: [UInt32] = [UInt32(XCB_STACK_MODE_ABOVE.rawValue)]
        xcb_configure_window(c, window, UInt16(XCB_CONFIG_WINDOW_STACK_MODE.rawValue), values)
        let cookie = xcb_get_image(c, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), window, Int16(x), Int16(y),
                                   UInt16(width), UInt16(height), ~0)
        guard let reply = xcb_get_image_reply(c, cookie, nil) else { return [] }
        defer { free(reply) }
        let data = xcb_get_image_data(reply)!
        return (0..<(width * height)).map { i in
            UnsafeRawPointer(data + i * 4).loadUnaligned(as: UInt32.self) & 0xFF_FFFF
        }
    }

    func pixel(_ window: xcb_window_t, _ x: Int, _ y: Int) -> UInt32 {
        pixels(window, x: x, y: y, width: 1, height: 1).first ?? 0xDEAD
    }

    private func send<Event>(_ event: Event, to window: xcb_window_t) {
        var event = event
        withUnsafeBytes(of: &event) { raw in
            var bytes = [CChar](repeating: 0, count: 32)
            for i in 0..<Swift.min(32, raw.count) { bytes[i] = CChar(bitPattern: raw[i]) }
            _ = xcb_send_event(c, 0, window, 0, bytes)
        }
        xcb_flush(c)
    }

    /// A button press or release at a pixel of the window; `state` holds the buttons and
    /// modifiers down before the event, as a server reports them.
    func button(_ window: xcb_window_t, press: Bool, button: UInt8 = 1, x: Int, y: Int, state: UInt16 = 0, time: UInt32) {
        var e = xcb_button_press_event_t()
        e.response_type = UInt8(press ? XCB_BUTTON_PRESS : XCB_BUTTON_RELEASE)
        e.detail = button
        e.time = time
        e.event = window
        e.event_x = Int16(x)
        e.event_y = Int16(y)
        e.state = state
        e.same_screen = 1
        send(e, to: window)
    }

    func motion(_ window: xcb_window_t, x: Int, y: Int, state: UInt16, time: UInt32) {
        var e = xcb_motion_notify_event_t()
        e.response_type = UInt8(XCB_MOTION_NOTIFY)
        e.time = time
        e.event = window
        e.event_x = Int16(x)
        e.event_y = Int16(y)
        e.state = state
        e.same_screen = 1
        send(e, to: window)
    }

    func key(_ window: xcb_window_t, press: Bool, keycode: UInt8, state: UInt16 = 0, time: UInt32) {
        var e = xcb_key_press_event_t()
        e.response_type = UInt8(press ? XCB_KEY_PRESS : XCB_KEY_RELEASE)
        e.detail = keycode
        e.time = time
        e.event = window
        e.state = state
        e.same_screen = 1
        send(e, to: window)
    }

    /// The window gaining or losing the keyboard focus (from another application's window).
    func focus(_ window: xcb_window_t, gained: Bool) {
        var e = xcb_focus_in_event_t()
        e.response_type = UInt8(gained ? XCB_FOCUS_IN : XCB_FOCUS_OUT)
        e.detail = UInt8(XCB_NOTIFY_DETAIL_NONLINEAR.rawValue)
        e.event = window
        send(e, to: window)
    }

    /// What a window manager sends when the user clicks the close button.
    func requestClose(_ window: xcb_window_t) {
        var e = xcb_client_message_event_t()
        e.response_type = UInt8(XCB_CLIENT_MESSAGE)
        e.format = 32
        e.window = window
        e.type = atom("WM_PROTOCOLS")
        e.data.data32.0 = atom("WM_DELETE_WINDOW")
        send(e, to: window)
    }

    /// Resizes the window, as a user dragging its edge would.
    func resize(_ window: xcb_window_t, width: Int, height: Int) {
        let values: [UInt32] = [UInt32(width), UInt32(height)]
        xcb_configure_window(c, window, UInt16(XCB_CONFIG_WINDOW_WIDTH.rawValue | XCB_CONFIG_WINDOW_HEIGHT.rawValue), values)
        xcb_flush(c)
    }
}

/// Waits, letting the main actor run, until `condition` holds; false after `seconds` (the X
/// server answers in milliseconds; the bound only keeps a broken backend from hanging CI).
@MainActor
func eventually(within seconds: Double = 5, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return true
}
