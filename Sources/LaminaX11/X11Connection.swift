import CXCB
import Foundation
import LaminaPlatform

/// One connection to an X server through xcb: the screen it draws on, the atoms it uses, the
/// keyboard mapping, and a reader thread that takes events off the connection and hands each
/// to the window it belongs to.
///
/// xcb is thread-safe: the main thread makes windows, compositor threads put images, and the
/// reader waits for events, all on the one connection. `@unchecked Sendable` for that reason;
/// its own mutable state (the window table) is behind `lock`.
final class X11Connection: @unchecked Sendable {
    let connection: OpaquePointer
    let root: xcb_window_t
    let rootVisual: xcb_visualid_t
    /// The root window's size in pixels.
    let screenPixelWidth: Int
    let screenPixelHeight: Int
    /// Whether MIT-SHM can carry frames (a local server that offers it).
    let hasSharedMemory: Bool
    /// The most bytes one request may carry.
    let maximumRequestBytes: Int
    let atoms: Atoms
    let keyboard: X11Keyboard
    /// Xft.dpi from the root window's resources, when set.
    let resourceDPI: Double?

    struct Atoms {
        let protocols, deleteWindow, netWMName, utf8String, wake: xcb_atom_t
    }

    /// The windows' surfaces by X window, and what the reader thread shares with `close()`.
    private let table = WindowTable()
    /// An unmapped window the reader is woken through when the connection closes.
    private let wakeWindow: xcb_window_t
    private var closed = false
    private let closeLock = NSLock()

    /// Connects to `displayName` (`$DISPLAY` when nil); nil when there is no server there, or
    /// its screen has no 24-bit true-colour visual with 32-bit pixels (the only format Lamina
    /// draws for a window).
    init?(displayName: String?, allowsSharedMemory: Bool) {
        var screenNumber: Int32 = 0
        guard let c = xcb_connect(displayName, &screenNumber) else { return nil }
        guard xcb_connection_has_error(c) == 0 else {
            xcb_disconnect(c)
            return nil
        }
        guard let record = X11Connection.screen(c, number: Int(screenNumber)),
              X11Connection.hasBGRXFormat(c, screen: record) else {
            xcb_disconnect(c)
            return nil
        }
        let screen = record.pointee
        connection = c
        root = screen.root
        rootVisual = screen.root_visual
        screenPixelWidth = Int(screen.width_in_pixels)
        screenPixelHeight = Int(screen.height_in_pixels)
        maximumRequestBytes = Int(xcb_get_maximum_request_length(c)) * 4
        hasSharedMemory = allowsSharedMemory && X11Connection.sharedMemoryWorks(c, root: screen.root)
        atoms = Atoms(protocols: X11Connection.atom(c, "WM_PROTOCOLS"), deleteWindow: X11Connection.atom(c, "WM_DELETE_WINDOW"),
                      netWMName: X11Connection.atom(c, "_NET_WM_NAME"), utf8String: X11Connection.atom(c, "UTF8_STRING"),
                      wake: X11Connection.atom(c, "_LAMINA_WAKE"))
        keyboard = X11Keyboard(connection: c)
        resourceDPI = X11Connection.xftDPI(c, root: screen.root)
        wakeWindow = xcb_generate_id(c)
        xcb_create_window(c, UInt8(XCB_COPY_FROM_PARENT), wakeWindow, screen.root, -1, -1, 1, 1, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_ONLY.rawValue), UInt32(XCB_COPY_FROM_PARENT), 0, nil)
        xcb_flush(c)
        X11Connection.startReader(c, wakeWindow: wakeWindow, wake: atoms.wake, table: table, keyboard: keyboard)
    }

    /// Stops the reader and closes the connection. On the reader thread itself (the last
    /// surface released while an event was handled), the reader closes it as it returns.
    func close() {
        let first = closeLock.withLock { () -> Bool in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        let onReader = table.isReaderThread
        if onReader { table.disconnectWhenDone = true }
        // A client message to our own window wakes the reader, which then returns.
        var message = xcb_client_message_event_t()
        message.response_type = UInt8(XCB_CLIENT_MESSAGE)
        message.format = 32
        message.window = wakeWindow
        message.type = atoms.wake
        withUnsafeBytes(of: &message) { raw in
            _ = xcb_send_event(connection, 0, wakeWindow, 0, raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
        xcb_flush(connection)
        guard !onReader else { return }
        table.done.wait()
        xcb_disconnect(connection)
    }

    deinit { close() }

    // MARK: Windows

    func register(_ surface: X11Surface, window: xcb_window_t) {
        table.set(surface, for: window)
    }

    func unregister(window: xcb_window_t) {
        table.set(nil, for: window)
    }

    /// Makes `clipboard` the one selection events go to.
    func register(_ clipboard: X11Clipboard) {
        table.clipboard = clipboard
    }

    // MARK: Events

    /// Starts the reader thread: it waits for events and passes each to its window's surface,
    /// until the wake message or a broken connection. It holds only what it needs, never the
    /// connection object (which may go away while it runs).
    private static func startReader(_ c: OpaquePointer, wakeWindow: xcb_window_t, wake: xcb_atom_t,
                                    table: WindowTable, keyboard: X11Keyboard) {
        let connection = UncheckedConnection(pointer: c)
        let thread = Thread {
            table.markReaderThread()
            defer {
                if table.disconnectWhenDone { xcb_disconnect(connection.pointer) }
                table.done.signal()
            }
            let c = connection.pointer
            while let event = xcb_wait_for_event(c) {
                defer { free(event) }
                let type = Int32(event.pointee.response_type & 0x7F)
                if type == XCB_CLIENT_MESSAGE {
                    let message = UnsafeRawPointer(event).load(as: xcb_client_message_event_t.self)
                    if message.window == wakeWindow && message.type == wake { return }
                }
                if type == XCB_MAPPING_NOTIFY {
                    keyboard.reload(connection: c)
                    continue
                }
                if type == XCB_SELECTION_REQUEST || type == XCB_SELECTION_CLEAR || type == XCB_SELECTION_NOTIFY {
                    table.clipboard?.handle(event, type: type)
                    continue
                }
                guard let window = X11Connection.window(of: event, type: type), let surface = table.surface(for: window) else { continue }
                surface.handle(event, type: type)
            }
        }
        thread.name = "Lamina X11 events"
        thread.start()
    }

    /// The window an event is about (its `event` or `window` field), for the types Lamina reads.
    private static func window(of event: UnsafeMutablePointer<xcb_generic_event_t>, type: Int32) -> xcb_window_t? {
        let raw = UnsafeRawPointer(event)
        switch type {
        case XCB_KEY_PRESS, XCB_KEY_RELEASE, XCB_BUTTON_PRESS, XCB_BUTTON_RELEASE, XCB_MOTION_NOTIFY:
            return raw.load(as: xcb_button_press_event_t.self).event
        case XCB_ENTER_NOTIFY, XCB_LEAVE_NOTIFY:
            return raw.load(as: xcb_enter_notify_event_t.self).event
        case XCB_FOCUS_IN, XCB_FOCUS_OUT:
            return raw.load(as: xcb_focus_in_event_t.self).event
        case XCB_EXPOSE:
            return raw.load(as: xcb_expose_event_t.self).window
        case XCB_CONFIGURE_NOTIFY:
            return raw.load(as: xcb_configure_notify_event_t.self).window
        case XCB_CLIENT_MESSAGE:
            return raw.load(as: xcb_client_message_event_t.self).window
        default:
            return nil
        }
    }

    // MARK: Set-up queries

    /// The screen's record, in place in the connection's set-up data (its depths and visuals
    /// follow it there, so it is never copied).
    private static func screen(_ c: OpaquePointer, number: Int) -> UnsafeMutablePointer<xcb_screen_t>? {
        var iterator = xcb_setup_roots_iterator(xcb_get_setup(c))
        var index = 0
        while iterator.rem > 0 {
            if index == number { return iterator.data }
            xcb_screen_next(&iterator)
            index += 1
        }
        return nil
    }

    /// Whether the root visual is 24-bit true colour with red, green and blue in bytes 2, 1, 0
    /// of a 32-bit little-endian pixel (BGRX in memory).
    private static func hasBGRXFormat(_ c: OpaquePointer, screen: UnsafeMutablePointer<xcb_screen_t>) -> Bool {
        let setup = xcb_get_setup(c)
        guard screen.pointee.root_depth == 24, setup?.pointee.image_byte_order == UInt8(XCB_IMAGE_ORDER_LSB_FIRST.rawValue) else { return false }
        var formats = false
        if let list = xcb_setup_pixmap_formats(setup) {
            for i in 0..<Int(xcb_setup_pixmap_formats_length(setup)) where list[i].depth == 24 {
                formats = list[i].bits_per_pixel == 32
            }
        }
        guard formats else { return false }
        var depths = xcb_screen_allowed_depths_iterator(screen)
        while depths.rem > 0 {
            var visuals = xcb_depth_visuals_iterator(depths.data)
            while visuals.rem > 0 {
                let visual = visuals.data.pointee
                if visual.visual_id == screen.pointee.root_visual {
                    return visual.red_mask == 0xFF0000 && visual.green_mask == 0xFF00 && visual.blue_mask == 0xFF
                }
                xcb_visualtype_next(&visuals)
            }
            xcb_depth_next(&depths)
        }
        return false
    }

    static func atom(_ c: OpaquePointer, _ name: String) -> xcb_atom_t {
        let cookie = xcb_intern_atom(c, 0, UInt16(name.utf8.count), name)
        guard let reply = xcb_intern_atom_reply(c, cookie, nil) else { return 0 }
        defer { free(reply) }
        return reply.pointee.atom
    }

    /// Whether the server takes a shared-memory segment from this process (it must share the
    /// machine): one is made, attached and detached.
    private static func sharedMemoryWorks(_ c: OpaquePointer, root: xcb_window_t) -> Bool {
        guard let version = xcb_shm_query_version_reply(c, xcb_shm_query_version(c), nil) else { return false }
        free(version)
        guard let segment = SharedSegment(connection: c, byteCount: 4096) else { return false }
        segment.detach(connection: c)
        return true
    }

    /// `Xft.dpi` from the RESOURCE_MANAGER property of the root window (what `xrdb` loads).
    private static func xftDPI(_ c: OpaquePointer, root: xcb_window_t) -> Double? {
        let cookie = xcb_get_property(c, 0, root, xcb_atom_t(XCB_ATOM_RESOURCE_MANAGER.rawValue),
                                      xcb_atom_t(XCB_ATOM_STRING.rawValue), 0, 1 << 16)
        guard let reply = xcb_get_property_reply(c, cookie, nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        guard length > 0, let value = xcb_get_property_value(reply) else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(start: value, count: length), as: UTF8.self)
        return X11Connection.dpi(inResources: text)
    }

    /// The value of `Xft.dpi` in X resources text, when it is a positive number.
    static func dpi(inResources text: String) -> Double? {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi",
                  let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi.isFinite, dpi > 0 else { continue }
            return dpi
        }
        return nil
    }
}

/// The surfaces of a connection's windows (held weakly), and the reader thread's state.
private final class WindowTable: @unchecked Sendable {
    private let lock = NSLock()
    private var surfaces: [xcb_window_t: Weak] = [:]
    private var reader: pthread_t?
    private var disconnect = false
    private weak var storedClipboard: X11Clipboard?

    /// The connection's clipboard, which the reader hands selection events to.
    var clipboard: X11Clipboard? {
        get { lock.withLock { storedClipboard } }
        set { lock.withLock { storedClipboard = newValue } }
    }
    /// Signalled when the reader returns.
    let done = DispatchSemaphore(value: 0)

    private struct Weak {
        weak var surface: X11Surface?
    }

    /// Set by `close()` on the reader thread: the reader disconnects when it returns.
    var disconnectWhenDone: Bool {
        get { lock.withLock { disconnect } }
        set { lock.withLock { disconnect = newValue } }
    }

    func set(_ surface: X11Surface?, for window: xcb_window_t) {
        lock.withLock { surfaces[window] = surface.map { Weak(surface: $0) } }
    }

    func surface(for window: xcb_window_t) -> X11Surface? {
        lock.withLock { surfaces[window]?.surface }
    }

    func markReaderThread() {
        lock.withLock { reader = pthread_self() }
    }

    var isReaderThread: Bool {
        lock.withLock { reader.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }
}

/// The connection pointer, handed to the reader thread (xcb connections are thread-safe).
private struct UncheckedConnection: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A System V shared-memory segment attached to the X server (MIT-SHM): the surface's pixels
/// live in it, so a frame reaches the server without being copied through the socket.
final class SharedSegment: @unchecked Sendable {
    let address: UnsafeMutableRawPointer
    let segment: xcb_shm_seg_t
    let byteCount: Int

    /// Makes, maps and attaches a segment of `byteCount` bytes; nil when any step fails. The
    /// segment is marked for removal at once, so it goes when both sides detach.
    init?(connection c: OpaquePointer, byteCount: Int) {
        let id = shmget(IPC_PRIVATE, byteCount, IPC_CREAT | 0o600)
        guard id >= 0 else { return nil }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            return nil
        }
        let segment = xcb_generate_id(c)
        let error = xcb_request_check(c, xcb_shm_attach_checked(c, segment, UInt32(id), 0))
        shmctl(id, IPC_RMID, nil)
        if let error {
            free(error)
            shmdt(address)
            return nil
        }
        self.address = address
        self.segment = segment
        self.byteCount = byteCount
    }

    /// Detaches the segment from the server and unmaps it here.
    func detach(connection c: OpaquePointer) {
        xcb_shm_detach(c, segment)
        xcb_flush(c)
        shmdt(address)
    }
}
