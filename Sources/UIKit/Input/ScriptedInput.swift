import Foundation

/// Scripted touches for tests and demos: each helper sends a sequence of input samples through
/// `sendTouches(_:timestamp:)` — the path a display backend uses — with the current media
/// clock advanced between samples when it is manual (one 60-Hz frame per step), so timers of
/// gesture recognizers and running animations follow.
///
/// - Note: Lamina addition. On the system clock the samples are sent back to back without
///   waiting, so time-dependent gestures (double taps, long presses) need a manual clock.
extension UIWindow {
    private func wait(_ seconds: TimeInterval) {
        let clock = CAMediaClock.current
        if clock.isManual, seconds > 0 { clock.advance(by: seconds) }
    }

    /// Taps `tapCount` times at `point` (window coordinates) with `fingers` fingers side by
    /// side: each tap is down for 0.05 s, 0.1 s apart.
    public func tap(at point: CGPoint, tapCount: Int = 1, fingers: Int = 1) {
        for tap in 0..<Swift.max(tapCount, 1) {
            if tap > 0 { wait(0.1) }
            let points = (0..<Swift.max(fingers, 1)).map { CGPoint(x: point.x + CGFloat($0) * 20, y: point.y) }
            sendTouches(points.enumerated().map { TouchSample(finger: $0.offset, location: $0.element, phase: .began) })
            wait(0.05)
            sendTouches(points.enumerated().map { TouchSample(finger: $0.offset, location: $0.element, phase: .ended) })
        }
    }

    /// Presses at `point` for `duration` seconds, then lifts.
    public func longPress(at point: CGPoint, duration: TimeInterval = 0.8) {
        sendTouches([TouchSample(location: point, phase: .began)])
        let frames = Swift.max(1, Int((duration * 60).rounded()))
        for _ in 0..<frames {
            wait(1.0 / 60)
            sendTouches([TouchSample(location: point, phase: .stationary)])
        }
        sendTouches([TouchSample(location: point, phase: .ended)])
    }

    /// Drags one finger through `points` (window coordinates) over `duration` seconds: down at
    /// the first, a move per later point, up at the last.
    public func drag(along points: [CGPoint], duration: TimeInterval = 0.3) {
        guard let first = points.first else { return }
        sendTouches([TouchSample(location: first, phase: .began)])
        let step = points.count > 1 ? duration / Double(points.count - 1) : 0
        for point in points.dropFirst() {
            wait(step)
            sendTouches([TouchSample(location: point, phase: .moved)])
        }
        sendTouches([TouchSample(location: points.last ?? first, phase: .ended)])
    }

    /// Drags one finger in a straight line from `start` to `end` in `steps` moves.
    public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.3, steps: Int = 10) {
        let n = Swift.max(steps, 1)
        let points = (0...n).map { i -> CGPoint in
            let t = CGFloat(i) / CGFloat(n)
            return CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
        }
        drag(along: points, duration: duration)
    }

    /// Two fingers about `center`: their distance goes from `startDistance` to
    /// `endDistance` while the line between them turns by `rotation` radians (from
    /// horizontal), in `steps` moves over `duration` seconds.
    public func pinch(center: CGPoint, from startDistance: CGFloat, to endDistance: CGFloat, rotation: CGFloat = 0,
                      duration: TimeInterval = 0.3, steps: Int = 10) {
        func fingers(_ t: CGFloat) -> [CGPoint] {
            let d = (startDistance + (endDistance - startDistance) * t) / 2
            let a = rotation * t
            let dx = cos(a) * d, dy = sin(a) * d
            return [CGPoint(x: center.x - dx, y: center.y - dy), CGPoint(x: center.x + dx, y: center.y + dy)]
        }
        func send(_ points: [CGPoint], _ phase: UITouch.Phase) {
            sendTouches(points.enumerated().map { TouchSample(finger: $0.offset, location: $0.element, phase: phase) })
        }
        let n = Swift.max(steps, 1)
        send(fingers(0), .began)
        for i in 1...n {
            wait(duration / Double(n))
            send(fingers(CGFloat(i) / CGFloat(n)), .moved)
        }
        send(fingers(1), .ended)
    }

    /// Turns a mouse wheel `notches` times at `point` (window coordinates), one notch per
    /// 60-Hz frame: each moves the content under the pointer by `step` points, as a drag that
    /// far would (negative `dy`: the content moves up, as turning the wheel towards you
    /// does). The scroll ends 0.15 s after the last notch.
    public func scrollWheel(at point: CGPoint, by step: CGVector, notches: Int = 1) {
        for notch in 0..<Swift.max(notches, 1) {
            if notch > 0 { wait(1.0 / 60) }
            deliverScroll(CGPoint(x: step.dx, y: step.dy), at: point, time: CACurrentMediaTime())
        }
    }

    /// Presses and releases `key`, delivered to the first responder.
    public func pressKey(_ key: UIKey) {
        sendKey(key, phase: .began)
        wait(0.05)
        sendKey(key, phase: .ended)
    }

    /// Types `text` one key per character (capitals and symbols with shift held, a line
    /// break as return), 0.05 s between keys.
    public func typeText(_ text: String) {
        for character in text {
            let string = String(character)
            if string == "\n" {
                pressKey(UIKey(characters: "\r", keyCode: .keyboardReturnOrEnter))
                continue
            }
            let shifted = string != string.lowercased()
            pressKey(UIKey(characters: string, charactersIgnoringModifiers: string.lowercased(), modifierFlags: shifted ? .shift : []))
        }
    }

    /// Presses `input` (a character or one of `UIKeyCommand`'s input constants) with
    /// `modifierFlags` held: `pressKey(UIKeyCommand.inputLeftArrow, modifierFlags: .shift)`.
    public func pressKey(_ input: String, modifierFlags: UIKeyModifierFlags = []) {
        let codes: [String: UIKeyboardHIDUsage] = [
            UIKeyCommand.inputLeftArrow: .keyboardLeftArrow, UIKeyCommand.inputRightArrow: .keyboardRightArrow,
            UIKeyCommand.inputUpArrow: .keyboardUpArrow, UIKeyCommand.inputDownArrow: .keyboardDownArrow,
            UIKeyCommand.inputHome: .keyboardHome, UIKeyCommand.inputEnd: .keyboardEnd,
            UIKeyCommand.inputDelete: .keyboardDeleteForward, UIKeyCommand.inputEscape: .keyboardEscape,
            "\u{8}": .keyboardDeleteOrBackspace, "\r": .keyboardReturnOrEnter, "\t": .keyboardTab,
        ]
        let characters = input == UIKeyCommand.inputDelete ? "\u{7F}" : (input == UIKeyCommand.inputEscape ? "\u{1B}" : input)
        pressKey(UIKey(characters: characters, charactersIgnoringModifiers: characters.lowercased(), modifierFlags: modifierFlags,
                       keyCode: codes[input]))
    }
}
