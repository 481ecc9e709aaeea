import Foundation
import Testing
import UIKit

/// Classes whose methods selectors reach, registered as the `lamina` command registers an
/// app's `@objc` methods.
private class Refresher: NSObject {
    var calls: [String] = []
    func refresh() { calls.append("refresh") }
    func load(_ page: Any?) { calls.append("load \(page ?? "nil")") }
    func move(_ from: Any?, to: Any?) { calls.append("move \(from ?? "nil") \(to ?? "nil")") }
    func title() -> String { "Refresher" }
    func tick(_ timer: Timer) { calls.append("tick \(timer.userInfo ?? "nil")") }
    func noteChanged(_ notification: Notification) { calls.append("note \(notification.name.rawValue)") }

    static func registerSelectors() {
        SelectorTable.register("refresh", on: Refresher.self) { $0.refresh() }
        SelectorTable.register("load:", on: Refresher.self) { (target: Refresher, page: Any?) in target.load(page) }
        SelectorTable.register("move:to:", on: Refresher.self) { (target: Refresher, from: Any?, to: Any?) in target.move(from, to: to) }
        SelectorTable.register("title", on: Refresher.self, returning: { target, _ in target.title() })
        SelectorTable.register("tick:", on: Refresher.self) { (target: Refresher, timer: Any?) in target.tick(timer as! Timer) }
        SelectorTable.register("noteChanged:", on: Refresher.self) { (target: Refresher, note: Any?) in
            target.noteChanged(note as! Notification)
        }
    }
}

private final class FancyRefresher: Refresher {
    override func refresh() { calls.append("fancy refresh") }
    static func registerOverride() {
        SelectorTable.register("refresh", on: FancyRefresher.self) { $0.refresh() }
    }
}

private final class PlainRefresher: Refresher {}

@Suite struct SelectorDispatchTests {
    init() {
        Refresher.registerSelectors()
        FancyRefresher.registerOverride()
    }

    @Test func selectorsNameMethodsAsObjectiveCDoes() {
        let tap = Selector("didTap:")
        #expect(NSStringFromSelector(tap) == "didTap:")
        #expect(NSSelectorFromString("didTap:") == tap)
        let literal: Selector = "handle:forEvent:"
        #expect(literal.argumentCount == 2 && Selector("refresh").argumentCount == 0)
        #expect(sel_getName(sel_registerName("load:")) == "load:")
        #expect(tap.description == "didTap:")
    }

    @Test func performCallsTheRegisteredMethodWithItsArguments() {
        let refresher = Refresher()
        refresher.perform(Selector("refresh"))
        refresher.perform(Selector("load:"), with: 3)
        refresher.perform(Selector("move:to:"), with: "a", with: "b")
        #expect(refresher.calls == ["refresh", "load 3", "move a b"])
        let title = refresher.perform(Selector("title"))?.takeUnretainedValue() as? String
        #expect(title == "Refresher")
        #expect(refresher.responds(to: Selector("load:")))
        #expect(!refresher.responds(to: Selector("unload:")))
        #expect(Refresher.instancesRespond(to: Selector("refresh")))
    }

    @Test func subclassesInheritAndOverrideRegisteredMethods() {
        let plain = PlainRefresher()
        plain.perform(Selector("refresh"))
        #expect(plain.calls == ["refresh"], "inherited from Refresher")
        let fancy = FancyRefresher()
        fancy.perform(Selector("refresh"))
        #expect(fancy.calls == ["fancy refresh"], "the subclass's own registration wins")
        #expect(fancy.responds(to: Selector("load:")))
    }

    @Test func anUnrecognizedSelectorStopsTheProgramWithIOSsMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let refresher = NSObject()
            refresher.perform(Selector("vanish:"), with: nil)
        }
        let message = SelectorTable.unrecognizedSelectorMessage(Selector("vanish:"), NSObject())
        #expect(message.hasPrefix("-[") && message.contains(" vanish:]: unrecognized selector sent to instance 0x"))
    }

    @Test func delayedPerformsRunOnTheRunLoopUnlessCancelled() {
        let refresher = Refresher()
        refresher.perform(Selector("load:"), with: "kept", afterDelay: 0)
        refresher.perform(Selector("load:"), with: "dropped", afterDelay: 0)
        refresher.perform(Selector("refresh"), with: nil, afterDelay: 0)
        NSObject.cancelPreviousPerformRequests(withTarget: refresher, selector: Selector("load:"), object: "dropped")
        // Due at once: a few passes of the run loop deliver them without waiting.
        for _ in 0..<20 where refresher.calls.count < 2 { RunLoop.current.run(mode: .default, before: Date()) }
        #expect(Set(refresher.calls) == ["load kept", "refresh"])
        refresher.perform(Selector("refresh"), with: nil, afterDelay: 0)
        NSObject.cancelPreviousPerformRequests(withTarget: refresher)
        for _ in 0..<5 { RunLoop.current.run(mode: .default, before: Date()) }
        #expect(refresher.calls.count == 2)
    }

    @Test func timersCallTheirTargetsSelectorWithThemselves() {
        let refresher = Refresher()
        let timer = Timer.scheduledTimer(timeInterval: 60, target: refresher, selector: Selector("tick:"), userInfo: "info", repeats: true)
        #expect(timer.userInfo as? String == "info")
        timer.fire()
        timer.fire()
        timer.invalidate()
        #expect(refresher.calls == ["tick info", "tick info"])
        let made = Timer(timeInterval: 60, target: refresher, selector: Selector("tick:"), userInfo: nil, repeats: false)
        made.fire()
        #expect(refresher.calls.last == "tick nil")
    }

    @Test func notificationObserversBySelectorAreCalledUntilRemoved() {
        let center = NotificationCenter()
        let refresher = Refresher()
        let name = Notification.Name("NotesChanged")
        center.addObserver(refresher, selector: Selector("noteChanged:"), name: name, object: nil)
        center.post(name: name, object: nil)
        center.post(name: Notification.Name("Other"), object: nil)
        #expect(refresher.calls == ["note NotesChanged"])
        center.removeObserver(refresher)
        center.post(name: name, object: nil)
        #expect(refresher.calls.count == 1)
        // Removed by name and sender too.
        let sender = NSObject()
        center.addObserver(refresher, selector: Selector("noteChanged:"), name: name, object: sender)
        center.post(name: name, object: NSObject())
        center.post(name: name, object: sender)
        center.removeObserver(refresher, name: name, object: sender)
        center.post(name: name, object: sender)
        #expect(refresher.calls.count == 2)
    }

    @Test func associatedObjectsAreKeptPerObjectAndKey() {
        nonisolated(unsafe) var keyA = 0, keyB = 0
        let object = NSObject()
        withUnsafePointer(to: &keyA) { a in
            withUnsafePointer(to: &keyB) { b in
                objc_setAssociatedObject(object, a, "badge", .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
                #expect(objc_getAssociatedObject(object, a) as? String == "badge")
                #expect(objc_getAssociatedObject(object, b) == nil)
                #expect(objc_getAssociatedObject(NSObject(), a) == nil, "another object has none")
                var watched: NSObject? = NSObject()
                objc_setAssociatedObject(object, b, watched, .OBJC_ASSOCIATION_ASSIGN)
                #expect(objc_getAssociatedObject(object, b) as? NSObject === watched)
                watched = nil
                #expect(objc_getAssociatedObject(object, b) == nil, "an assigned object is not kept alive")
                objc_setAssociatedObject(object, a, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
                #expect(objc_getAssociatedObject(object, a) == nil)
                objc_setAssociatedObject(object, a, 7, .OBJC_ASSOCIATION_COPY)
                objc_removeAssociatedObjects(object)
                #expect(objc_getAssociatedObject(object, a) == nil)
            }
        }
    }

    /// The form the `lamina` command writes: main-actor methods called through
    /// `callAsMainActor`, arguments converted from `Any?`.
    @MainActor
    @Test func generatedRegistrationsCallMainActorMethods() {
        final class Counter: UIView {
            var taps = 0
            func tap(_ sender: Any) { taps += 1 }
            func total() -> Int { taps }
        }
        SelectorTable.register("tap:", on: Counter.self, returning: { target, arguments in
            SelectorTable.callAsMainActor { target.tap(arguments[0] as Any) }
            return nil
        })
        SelectorTable.register("total", on: Counter.self, returning: { target, arguments in
            return SelectorTable.callAsMainActor { target.total() as Any? }
        })
        let counter = Counter()
        counter.perform(Selector("tap:"), with: nil)
        counter.perform(Selector("tap:"), with: counter)
        #expect(counter.taps == 2)
        #expect(counter.perform(Selector("total"))?.takeUnretainedValue() as? Int == 2)
    }
}
