import CoreGraphics
import CXCB
import Dispatch
import Foundation
import LaminaPlatform

/// The X11 CLIPBOARD selection, as `UIPasteboard.general` uses it: copying makes this
/// client the selection's owner (it then answers other clients' requests for the text as
/// UTF-8), pasting asks the current owner to convert the selection into a property of a
/// window of ours and reads it.
///
/// Requests from other clients and the owner's answers arrive on the connection's reader
/// thread; a read waits for the answer (up to a second) on the caller's thread, which must not
/// be the reader (UIKit reads on the main thread).
///
/// Invariant: `State.owns` is true from our `set_selection_owner` until a SelectionClear says
/// another client took the selection; while it is true, `State.text` is what we serve.
final class X11Clipboard: PlatformClipboard, @unchecked Sendable {
    private let x: X11Connection
    private let window: xcb_window_t
    private let clipboard, targets, utf8, text, transfer, incremental: xcb_atom_t

    private struct State {
        var text: String?
        var owns = false
        var changes = 0
        /// Reads while another client owns the selection: each may see new text.
        var foreignReads = 0
        var waiting: DispatchSemaphore?
        var answer: xcb_atom_t = 0
    }
    private let state = Locked(State())
    /// One read at a time (each waits for its own answer).
    private let readLock = NSLock()

    init(connection x: X11Connection) {
        self.x = x
        let c = x.connection
        window = xcb_generate_id(c)
        xcb_create_window(c, UInt8(XCB_COPY_FROM_PARENT), window, x.root, -10, -10, 1, 1, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_ONLY.rawValue), UInt32(XCB_COPY_FROM_PARENT), 0, nil)
        clipboard = X11Connection.atom(c, "CLIPBOARD")
        targets = X11Connection.atom(c, "TARGETS")
        utf8 = x.atoms.utf8String
        text = X11Connection.atom(c, "TEXT")
        transfer = X11Connection.atom(c, "_LAMINA_CLIPBOARD")
        incremental = X11Connection.atom(c, "INCR")
        xcb_flush(c)
        x.register(self)
    }

    deinit {
        xcb_destroy_window(x.connection, window)
        xcb_flush(x.connection)
    }

    // MARK: PlatformClipboard

    func setClipboardText(_ newText: String?) {
        state.withLock {
            $0.text = newText
            $0.owns = newText != nil
            $0.changes += 1
        }
        let c = x.connection
        xcb_set_selection_owner(c, newText == nil ? xcb_window_t(XCB_NONE) : window, clipboard, UInt32(XCB_CURRENT_TIME))
        // As ICCCM asks, confirm the ownership took: the round trip also means the server has
        // handled the change before this returns, so another client reading next sees it.
        if let reply = xcb_get_selection_owner_reply(c, xcb_get_selection_owner(c, clipboard), nil) {
            let owner = reply.pointee.owner
            free(reply)
            if newText != nil, owner != window {
                state.withLock { $0.owns = false }
            }
        }
    }

    var clipboardChangeCount: Int {
        confirmOwnership()
        return state.withLock {
            // Without XFixes nobody tells us when another client's text changes, so while
            // another client owns the selection every read may find new text.
            if !$0.owns { $0.foreignReads += 1 }
            return $0.changes &+ $0.foreignReads
        }
    }

    func clipboardText() -> String? {
        confirmOwnership()
        let (owns, ownText) = state.withLock { ($0.owns, $0.text) }
        if owns { return ownText }
        return readLock.withLock { requestText() }
    }

    /// Asks the server who owns the selection, in case another client took it and its
    /// SelectionClear has not reached the reader yet.
    private func confirmOwnership() {
        guard state.withLock({ $0.owns }) else { return }
        let c = x.connection
        guard let reply = xcb_get_selection_owner_reply(c, xcb_get_selection_owner(c, clipboard), nil) else { return }
        let owner = reply.pointee.owner
        free(reply)
        if owner != window {
            state.withLock {
                if $0.owns {
                    $0.owns = false
                    $0.changes += 1
                }
            }
        }
    }

    /// Asks the selection's owner for UTF-8 text and waits for its answer.
    private func requestText() -> String? {
        let c = x.connection
        let done = DispatchSemaphore(value: 0)
        state.withLock {
            $0.waiting = done
            $0.answer = 0
        }
        xcb_delete_property(c, window, transfer)
        xcb_convert_selection(c, window, clipboard, utf8, transfer, UInt32(XCB_CURRENT_TIME))
        xcb_flush(c)
        let answered = done.wait(timeout: .now() + 1) == .success
        let property = state.withLock {
            $0.waiting = nil
            return $0.answer
        }
        guard answered, property != xcb_atom_t(XCB_NONE) else { return nil }
        let cookie = xcb_get_property(c, 1, window, property, xcb_atom_t(XCB_GET_PROPERTY_TYPE_ANY.rawValue), 0, UInt32.max / 4)
        guard let reply = xcb_get_property_reply(c, cookie, nil) else { return nil }
        defer { free(reply) }
        // Text too large for one property comes in pieces (INCR), which Lamina does not take.
        guard reply.pointee.type != incremental, reply.pointee.format == 8, let value = xcb_get_property_value(reply) else { return nil }
        let count = Int(xcb_get_property_value_length(reply))
        return String(decoding: UnsafeRawBufferPointer(start: value, count: count), as: UTF8.self)
    }

    // MARK: Events (reader thread)

    func handle(_ event: UnsafeMutablePointer<xcb_generic_event_t>, type: Int32) {
        let raw = UnsafeRawPointer(event)
        switch type {
        case XCB_SELECTION_REQUEST:
            answer(raw.load(as: xcb_selection_request_event_t.self))
        case XCB_SELECTION_CLEAR:
            let clear = raw.load(as: xcb_selection_clear_event_t.self)
            guard clear.selection == clipboard else { return }
            state.withLock {
                if $0.owns {
                    $0.owns = false
                    $0.changes += 1
                }
            }
        case XCB_SELECTION_NOTIFY:
            let notify = raw.load(as: xcb_selection_notify_event_t.self)
            guard notify.requestor == window else { return }
            state.withLock {
                $0.answer = notify.property
                $0.waiting?.signal()
            }
        default:
            break
        }
    }

    /// Answers another client's request: the list of targets, or the text as UTF-8 (or
    /// Latin-1 STRING, sent as UTF-8 as most clients accept), put in the property it named;
    /// then tells it with a SelectionNotify (property None when refused).
    private func answer(_ request: xcb_selection_request_event_t) {
        let c = x.connection
        let (owns, ownText) = state.withLock { ($0.owns, $0.text) }
        // Obsolete clients name no property: the target's name stands in.
        var property = request.property == xcb_atom_t(XCB_NONE) ? request.target : request.property
        let string = xcb_atom_t(XCB_ATOM_STRING.rawValue)
        if !owns || request.selection != clipboard || ownText == nil {
            property = xcb_atom_t(XCB_NONE)
        } else if request.target == targets {
            var list = [targets, utf8, string, text]
            xcb_change_property(c, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, property,
                                xcb_atom_t(XCB_ATOM_ATOM.rawValue), 32, UInt32(list.count), &list)
        } else if request.target == utf8 || request.target == string || request.target == text, let ownText {
            let bytes = Array(ownText.utf8)
            if bytes.count + 64 > x.maximumRequestBytes {
                property = xcb_atom_t(XCB_NONE)
            } else {
                xcb_change_property(c, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, property,
                                    request.target == text ? utf8 : request.target, 8, UInt32(bytes.count), bytes)
            }
        } else {
            property = xcb_atom_t(XCB_NONE)
        }
        var notify = xcb_selection_notify_event_t()
        notify.response_type = UInt8(XCB_SELECTION_NOTIFY)
        notify.time = request.time
        notify.requestor = request.requestor
        notify.selection = request.selection
        notify.target = request.target
        notify.property = property
        // Events sent to another client are 32 bytes, whatever their type's size.
        var buffer = [CChar](repeating: 0, count: 32)
        withUnsafeBytes(of: &notify) { bytes in
            buffer.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(32))) }
        }
        xcb_send_event(c, 0, request.requestor, UInt32(XCB_EVENT_MASK_NO_EVENT.rawValue), buffer)
        xcb_flush(c)
    }
}
