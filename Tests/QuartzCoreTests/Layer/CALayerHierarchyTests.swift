import QuartzCore
import Testing

@Suite struct CALayerHierarchyTests {
    private func named(_ name: String) -> CALayer {
        let layer = CALayer()
        layer.name = name
        return layer
    }

    private func names(_ layer: CALayer) -> [String] {
        (layer.sublayers ?? []).map { $0.name ?? "?" }
    }

    @Test func insertionOrder() {
        let root = CALayer()
        let a = named("a"), b = named("b"), c = named("c"), d = named("d"), e = named("e")
        root.addSublayer(a)
        root.addSublayer(c)
        root.insertSublayer(b, below: c)
        root.insertSublayer(d, above: c)
        root.insertSublayer(e, at: 0)
        #expect(names(root) == ["e", "a", "b", "c", "d"])
        #expect(b.superlayer === root)
        root.replaceSublayer(c, with: named("x"))
        #expect(names(root) == ["e", "a", "b", "x", "d"])
        #expect(c.superlayer == nil)
        a.removeFromSuperlayer()
        #expect(names(root) == ["e", "b", "x", "d"])
        root.insertSublayer(named("big"), at: 99)
        #expect(names(root).last == "big")
    }

    @Test func addingMovesBetweenParents() {
        let first = CALayer(), second = CALayer(), child = CALayer()
        first.addSublayer(child)
        second.addSublayer(child)
        #expect(first.sublayers == nil)
        #expect(second.sublayers?.count == 1)
        #expect(child.superlayer === second)
        second.addSublayer(child)
        #expect(second.sublayers?.count == 1)
    }

    @Test func cyclesAreRefused() {
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        child.addSublayer(parent)
        parent.addSublayer(parent)
        #expect(parent.superlayer == nil)
        #expect(child.sublayers == nil)
    }

    @Test func sublayersSetterReplaces() {
        let root = CALayer(), old = CALayer(), new1 = named("1"), new2 = named("2")
        root.addSublayer(old)
        root.sublayers = [new1, new2]
        #expect(old.superlayer == nil)
        #expect(names(root) == ["1", "2"])
        root.sublayers = nil
        #expect(root.sublayers == nil)
        #expect(new1.superlayer == nil)
    }
}
