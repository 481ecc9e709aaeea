extension CALayer {
    /// The bounds mapped through the transform about the anchor point, placed at `position`.
    var derivedFrame: CGRect {
            let size = bounds.size
            let local = CGRect(x: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height,
                               width: size.width, height: size.height)
            let t = transform.affinePart
            let placed = t.isIdentity ? local : local.applying(t)
            return placed.offsetBy(dx: position.x, dy: position.y)
    }

    /// Sets position and bounds size so that `derivedFrame` becomes `newValue`. Under a
    /// transform the size is the one whose transformed bounds fill the frame:
    /// 1. the transformed box of a w × h rect is `(|a|w + |c|h) × (|b|w + |d|h)`, so solve
    ///    that 2 × 2 system for (w, h);
    /// 2. where it has no single answer (a 45° turn), keep the current aspect ratio and
    ///    match the frame's width;
    /// 3. place the layer so that the transformed box's origin lands on the frame's.
    func applyFrame(_ newValue: CGRect) {
        guard newValue.isFiniteRect else { return }
        let r = newValue.standardized
        let t = transform.affinePart
        guard !t.isIdentity, t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite else {
            position = CGPoint(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
            bounds.size = r.size
            return
        }
        let (a, b, c, d) = (abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        let det = a * d - b * c
        var size: CGSize
        if abs(det) > 1e-12 {
            size = CGSize(width: (d * r.width - c * r.height) / det, height: (a * r.height - b * r.width) / det)
        } else {
            let current = bounds.size
            let aspect = current.width > 0 && current.height > 0 ? current.height / current.width : 1
            let perWidth = a + c * aspect
            size = perWidth > 0 ? CGSize(width: r.width / perWidth, height: r.width / perWidth * aspect) : current
        }
        size = CGSize(width: Swift.max(0, size.width), height: Swift.max(0, size.height))
        let local = CGRect(x: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height,
                           width: size.width, height: size.height).applying(t)
        position = CGPoint(x: r.minX - local.minX, y: r.minY - local.minY)
        bounds.size = size
    }

    /// The transform as a 2-D affine transform (its z and perspective parts dropped).
    public func affineTransform() -> CGAffineTransform { transform.affinePart }

    /// Sets `transform` from a 2-D affine transform.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// Maps this layer's coordinates to its superlayer's: anchor-relative transform, then
    /// position, then the superlayer's sublayer transform about its own anchor point.
    var transformToSuperlayer: CGAffineTransform {
        transform(inParent: superlayer)
    }

    /// Maps this layer's coordinates to those of the root of its tree.
    var transformToRoot: CGAffineTransform {
        var m = CGAffineTransform.identity
        var layer: CALayer? = self
        while let current = layer, let parent = current.superlayer {
            m = m.concatenating(current.transformToSuperlayer)
            layer = parent
        }
        return m
    }

    /// Converts a point from `l`'s coordinates (nil: the root of this tree) to this layer's.
    /// Through layers drawn in 3-D the point goes through their plane projections (a point
    /// that would lie behind the eye comes back infinite).
    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        if let l, let m = affineMap(from: l) { return p.applying(m) }
        if chainHas3D || l?.chainHas3D == true {
            let source = l?.projectionToRoot ?? .identity
            guard let inverse = projectionToRoot.inverted() else { return CGPoint(x: CGFloat.infinity, y: .infinity) }
            return CALayer.map(p, source.concatenating(inverse))
        }
        let source = l?.transformToRoot ?? .identity
        return p.applying(source.concatenating(transformToRoot.inverted()))
    }

    /// Converts a point from this layer's coordinates to `l`'s (nil: the root of this tree).
    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        if let l, let m = l.affineMap(from: self) { return p.applying(m) }
        if chainHas3D || l?.chainHas3D == true {
            let destination = l?.projectionToRoot ?? .identity
            guard let inverse = destination.inverted() else { return CGPoint(x: CGFloat.infinity, y: .infinity) }
            return CALayer.map(p, projectionToRoot.concatenating(inverse))
        }
        let destination = l?.transformToRoot ?? .identity
        return p.applying(transformToRoot.concatenating(destination.inverted()))
    }

    /// Converts a rectangle from `l`'s coordinates (bounding box of the mapped corners).
    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        if let l, let m = affineMap(from: l) { return r.applying(m) }
        if chainHas3D || l?.chainHas3D == true {
            return CALayer.boundingBox(of: r) { convert($0, from: l) }
        }
        let source = l?.transformToRoot ?? .identity
        return r.applying(source.concatenating(transformToRoot.inverted()))
    }

    /// Converts a rectangle to `l`'s coordinates (bounding box of the mapped corners).
    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        if let l, let m = l.affineMap(from: self) { return r.applying(m) }
        if chainHas3D || l?.chainHas3D == true {
            return CALayer.boundingBox(of: r) { convert($0, to: l) }
        }
        let destination = l?.transformToRoot ?? .identity
        return r.applying(transformToRoot.concatenating(destination.inverted()))
    }

    /// The map from `l`'s coordinates to this layer's when they are one step apart in the tree
    /// (the same layer, its superlayer, or a sublayer) and that step is 2-D: what hit-testing
    /// down a tree asks at every level, answered without walking to the root.
    private func affineMap(from l: CALayer) -> CGAffineTransform? {
        if l === self { return .identity }
        if let parent = superlayer, l === parent {
            guard !isDrawnIn3D(inParent: parent) else { return nil }
            return transform(inParent: parent).inverted()
        }
        if let parent = l.superlayer, parent === self {
            guard !l.isDrawnIn3D(inParent: self) else { return nil }
            return l.transform(inParent: self)
        }
        return nil
    }

    /// Whether this layer or one of its ancestors is drawn through a 3-D transform.
    var chainHas3D: Bool {
        var layer = self
        while let parent = layer.superlayer {
            if layer.isDrawnIn3D(inParent: parent) { return true }
            layer = parent
        }
        return false
    }

    /// This layer's plane mapped onto the root's as the renderer draws it: 3-D transforms
    /// accumulate through transform layers and are flattened into each flattening ancestor's
    /// plane.
    var projectionToRoot: ProjectiveTransform {
        var total = ProjectiveTransform.identity
        var accumulated = CATransform3DIdentity
        var layer = self
        while let parent = layer.superlayer {
            accumulated = CATransform3DConcat(accumulated, layer.transform3D(inParent: parent))
            if parent.flattensSublayers {
                total = total.concatenating(accumulated.planeProjection)
                accumulated = CATransform3DIdentity
            }
            layer = parent
        }
        return total.concatenating(accumulated.planeProjection)
    }

    private static func map(_ p: CGPoint, _ h: ProjectiveTransform) -> CGPoint {
        let q = h.homogeneous(Double(p.x), Double(p.y))
        guard q.w > 0 else { return CGPoint(x: CGFloat.infinity, y: .infinity) }
        return CGPoint(x: q.x / q.w, y: q.y / q.w)
    }

    private static func boundingBox(of r: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let corners = ProjectiveTransform.corners(of: r).map(map)
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .null }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The default hit test (see `hitTest(_:)`).
    func defaultHitTest(_ p: CGPoint) -> CALayer? {
        // Without recursion, so that chains of any depth are hit-tested (as they are drawn):
        // a stack of the layers entered, each with the point in its space and the next
        // sublayer to try. A sublayer whose class overrides `hitTest(_:)` is asked instead.
        struct Entered {
            let layer: CALayer
            let local: CGPoint
            let inside: Bool
            let children: [CALayer]
            var next = 0
        }
        func enter(_ layer: CALayer, _ p: CGPoint) -> Entered? {
            guard !layer.isHidden, p.x.isFinite, p.y.isFinite else { return nil }
            let parent = layer.superlayer
            let local = layer.isDrawnIn3D(inParent: parent) ? layer.convert(p, from: parent) : p.applying(layer.transformToSuperlayer.inverted())
            let inside = layer.contains(local)
            if layer.masksToBounds && !inside { return nil }
            return Entered(layer: layer, local: local, inside: inside, children: layer.sublayersInDrawingOrder.reversed())
        }
        guard let first = enter(self, p) else { return nil }
        var stack = [first]
        while let top = stack.last {
            guard top.next < top.children.count else {
                stack.removeLast()
                if top.inside { return top.layer }
                continue
            }
            let child = top.children[top.next]
            stack[stack.count - 1].next += 1
            if HitTestOverrideDetector.overridesHitTest(type(of: child)) {
                if let hit = child.hitTest(top.local) { return hit }
            } else if let entered = enter(child, top.local) {
                stack.append(entered)
            }
        }
        return nil
    }
}

/// Tells whether a layer class overrides `hitTest(_:)` (see `MethodOverrideDetector`).
enum HitTestOverrideDetector {
    private final class PlainProbe: CALayer {}

    private final class HitTestingProbe: CALayer {
        override func hitTest(_ p: CGPoint) -> CALayer? { nil }
    }

    private static let detector = MethodOverrideDetector(base: CALayer.self, plain: PlainProbe.self, overriding: HitTestingProbe.self)

    static func overridesHitTest(_ type: AnyClass) -> Bool {
        detector.overrides(type)
    }
}
