import Foundation

/// Renders a committed layer tree into a bitmap, frame by frame, redrawing only what changed.
///
/// A frame is `beginFrame(atTime:)`, `updateBounds()` (the damage: what changed since the last
/// frame, in the root layer's coordinates), `render()` (redraws just that area), `endFrame()`.
/// The renderer reads only the render tree that transaction commits write (snapshots of the
/// committed layer state and their animations) and evaluates the animations at the frame's
/// time itself, so what it draws is what `presentation()` reports at that time. A frame where
/// nothing was committed and nothing animates touches no pixels; a moved layer repaints the
/// union of its old and new footprints (shadow included).
///
/// - Note: Differs from Apple: Apple's `CARenderer` (macOS) draws into a Metal texture and takes
///   a `CVTimeStamp`; Lamina's draws into its own bitmap (`init(pixelWidth:pixelHeight:scale:)`,
///   `makeImage()`) and takes only the time.
open class CARenderer: NSObject {
    /// The root of the tree to draw (a model layer; its committed state is drawn).
    open var layer: CALayer? {
        didSet { forceFullFrame = true }
    }

    /// The area drawn, in the root layer's coordinates; the whole bitmap by default.
    open var bounds: CGRect {
        didSet { forceFullFrame = true }
    }

    private let context: CGContext
    /// Two contexts over the rows above and below a split row of the same pixels, for frames
    /// that paint enough to be split across two threads (the last split's, kept).
    private var bands: (row: Int, contexts: [CGContext])?
    private let pixelWidth: Int
    private let pixelHeight: Int
    private let scale: CGFloat
    private var frameTime: CFTimeInterval = 0
    private var damage = CGRect.null
    private var explicitUpdates = CGRect.null
    private var forceFullFrame = true
    private var seenVersion: UInt64 = .max
    /// Per node id, what the last frame drew: flat arrays, grown with the tree.
    @exclusivity(unchecked) private var recordRect: [CGRect] = []
    @exclusivity(unchecked) private var recordVersion: [UInt64] = []
    @exclusivity(unchecked) private var recordAnimated: [Bool] = []
    /// Whether the node had no sublayers and no mask (drawing may skip it by its footprint).
    @exclusivity(unchecked) private var recordLeaf: [Bool] = []
    /// Whether the last frame had a record for the node.
    @exclusivity(unchecked) private var recordLive: [Bool] = []
    /// Per node id, the layer drawn this frame (the snapshot or an animated copy).
    @exclusivity(unchecked) private var resolved: [CALayer?] = []
    private var animatedNow = Set<Int32>()
    /// Whether a visible layer casts a shadow this frame: blurs reach across rows, so such
    /// frames are not split into bands.
    private var castsShadows = false
    /// How far (root points) beyond its caster's shape any shadow of this frame reaches.
    private var shadowMargin: CGFloat = 0
    /// Private row buffers for shadowed frames drawn in two bands (each band draws a margin of
    /// rows beyond its own, so blurs see what lies across the band edge).
    private var privateBands: [UnsafeMutableRawPointer] = []
    private var anyAnimatedLastFrame = false

    /// Rasterized layers' bitmaps by node id, with the signature of the subtree they show.
    private var rasters: [Int32: (signature: Int, raster: RasterImage)] = [:]
    private let rasterLock = NSLock()

    /// Bitmaps of rasterized layers drawn afresh by the last `render()` (not taken from the
    /// cache).
    package private(set) var lastRasterizedCount = 0

    /// Whether the last `render()` drew its two halves on two threads.
    package private(set) var lastFrameUsedBands = false

    /// Pixels written by the last `render()` (0 for a frame with no damage).
    public private(set) var lastRenderedPixelCount = 0

    /// A renderer drawing into a transparent bitmap of the given size, `scale` pixels per point.
    /// Nil for sizes that cannot be allocated.
    public init?(pixelWidth: Int, pixelHeight: Int, scale: CGFloat = 1) {
        guard scale > 0, scale.isFinite,
              let context = CGContext(data: nil, width: pixelWidth, height: pixelHeight, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        self.context = context
        self.scale = scale
        self.pixelHeight = pixelHeight
        bounds = CGRect(x: 0, y: 0, width: CGFloat(pixelWidth) / scale, height: CGFloat(pixelHeight) / scale)
        // Layer space is y-down, in points.
        context.translateBy(x: 0, y: CGFloat(pixelHeight))
        context.scaleBy(x: scale, y: -scale)
        self.pixelWidth = pixelWidth
        super.init()
    }

    deinit {
        for buffer in privateBands { buffer.deallocate() }
    }

    /// Starts a frame at media time `t`.
    open func beginFrame(atTime t: CFTimeInterval) {
        frameTime = t.isFinite ? t : 0
        damage = .null
    }

    /// Marks `r` (root layer coordinates) as needing to be redrawn this frame.
    open func addUpdate(_ r: CGRect) {
        guard r.isFiniteRect else { return }
        explicitUpdates = explicitUpdates.union(r)
    }

    /// The area this frame must redraw, in the root layer's coordinates (null when nothing
    /// changed).
    open func updateBounds() -> CGRect {
        let tree = RenderTree.shared
        tree.lock.lock()
        defer { tree.lock.unlock() }
        var area = explicitUpdates
        explicitUpdates = .null
        let count = tree.nodes.count
        if resolved.count < count {
            let grow = count - resolved.count
            resolved += Array(repeating: nil, count: grow)
            recordRect += Array(repeating: .null, count: grow)
            recordVersion += Array(repeating: 0, count: grow)
            recordAnimated += Array(repeating: false, count: grow)
            recordLeaf += Array(repeating: false, count: grow)
            recordLive += Array(repeating: false, count: grow)
        }
        for i in 0..<resolved.count { resolved[i] = nil }
        guard let root = layer, root.renderID >= 0 else {
            damage = area.intersection(bounds)
            return damage
        }
        animatedNow = activeAnimations(in: tree)
        if !forceFullFrame && tree.version == seenVersion && animatedNow.isEmpty && !anyAnimatedLastFrame {
            damage = area.intersection(bounds)
            return damage
        }
        seenVersion = tree.version
        // Walk the tree: each node's footprint now, against the last frame's.
        var live = [Bool](repeating: false, count: resolved.count)
        var replicatedChange = false
        // Footprints (root coordinates) of the layers that cast shadows this frame.
        var shadowCasters: [CGRect] = []
        shadowMargin = 0
        func visit(_ id: Int32, _ parent: CALayer?, _ toRoot: CGAffineTransform, replicated: Bool = false, in3D: Bool = false) {
            guard let layer = resolve(id, in: tree) else { return }
            let i = Int(id)
            live[i] = true
            var transform = CGAffineTransform.identity
            var in3D = in3D
            if let parent, !in3D {
                if !layer.isDrawnIn3D(inParent: parent) {
                    transform = layer.transform(inParent: parent).concatenating(toRoot)
                } else if layer.flattensSublayers && parent.flattensSublayers,
                          case let h = layer.transform3D(inParent: parent).planeProjection, h.isAffine {
                    // A 3-D transform that maps the layer's plane affinely (a turn without
                    // perspective, a perspective parent with the layer flat in it).
                    transform = h.affine.concatenating(toRoot)
                } else {
                    // Drawn under perspective or in a transform layer's scene (with everything
                    // below): it may land anywhere on the frame, so its footprint is all of it.
                    in3D = true
                }
            }
            var hidden = layer.isHidden || layer.opacity <= 0 || !layer.hasRenderableGeometry
            let rect = hidden ? CGRect.null : in3D ? CGRect.infinite : footprint(of: layer).applying(transform)
            // A finite layer can still land nowhere finite (a huge scale composed down the tree).
            if !rect.isNull && !in3D && !rect.isFiniteRect { hidden = true }
            let shownRect = hidden ? CGRect.null : rect
            // Fields read one by one: copying the node would retain its snapshot and arrays.
            let contentVersion = tree.nodes[i].contentVersion
            let mask = tree.nodes[i].mask
            let isAnimated = !animatedNow.isEmpty && animatedNow.contains(id)
            if forceFullFrame || !recordLive[i] || recordVersion[i] != contentVersion || recordRect[i] != shownRect
                || isAnimated || recordAnimated[i] {
                area = area.union(shownRect)
                if recordLive[i] { area = area.union(recordRect[i]) }
                // Replicated copies and particles can be anywhere: repaint everything.
                if replicated || layer.paintsBeyondFootprints { replicatedChange = true }
            }
            recordRect[i] = shownRect
            recordVersion[i] = contentVersion
            recordAnimated[i] = isAnimated
            recordLeaf[i] = tree.nodes[i].children.isEmpty && mask < 0
            if !hidden && layer.castsShadow {
                shadowCasters.append(shownRect)
                let reach = layer.shadowSpread + 1 + Swift.max(abs(layer.shadowOffset.width), abs(layer.shadowOffset.height))
                let stretch = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
                shadowMargin = Swift.max(shadowMargin, in3D ? .infinity : reach * Swift.max(stretch, 1))
            }
            guard !hidden else { return }
            let inside = replicated || layer.paintsBeyondFootprints
            for child in tree.nodes[i].children { visit(child, layer, transform, replicated: inside, in3D: in3D) }
            if mask >= 0 {
                live[Int(mask)] = true
                _ = resolve(mask, in: tree)   // resolved here so drawing only reads
            }
        }
        visit(root.renderID, nil, .identity)
        for i in 0..<recordLive.count where recordLive[i] && !live[i] {
            // Gone from the tree since the last frame: erase where it was.
            area = area.union(recordRect[i])
            recordAnimated[i] = false
        }
        recordLive = live
        castsShadows = !shadowCasters.isEmpty
        rasterLock.lock()
        if !rasters.isEmpty { rasters = rasters.filter { Int($0.key) < live.count && live[Int($0.key)] } }
        rasterLock.unlock()
        anyAnimatedLastFrame = !animatedNow.isEmpty
        if forceFullFrame || replicatedChange { area = bounds }
        // A shadow is blurred from its layer's whole shape: where the damage cuts through one,
        // the caster's whole footprint is repainted (and so on for casters that reaches).
        for _ in 0..<4 {
            var grown = false
            for caster in shadowCasters where !caster.isNull && caster.intersects(area) && !area.contains(caster) {
                area = area.union(caster)
                grown = true
            }
            if !grown { break }
        }
        forceFullFrame = false
        damage = area.intersection(bounds)
        return damage
    }

    /// Frames that paint at least this many pixels are drawn as two bands on two threads
    /// (`LAMINA_RASTER_THREADS=1` keeps them on one).
    package static let parallelPixels = ProcessInfo.processInfo.environment["LAMINA_RASTER_THREADS"] == "1" ? Int.max : 1 << 18

    /// A context over `rows` rows at `data`, laid out like the bitmap and in its point space,
    /// its first row being row `first` of the whole.
    private func rowContext(_ data: UnsafeMutableRawPointer, first: Int, rows: Int) -> CGContext? {
        guard rows > 0, let band = CGContext(data: data, width: pixelWidth, height: rows, bitsPerComponent: 8,
                                             bytesPerRow: context.bytesPerRow, space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        band.translateBy(x: 0, y: CGFloat(rows + first))
        band.scaleBy(x: scale, y: -scale)
        return band
    }

    /// Contexts over rows 0..<row and row..<pixelHeight of the bitmap itself.
    private func bandContexts(splittingAt row: Int) -> [CGContext]? {
        if let bands, bands.row == row { return bands.contexts }
        guard row > 0, row < pixelHeight, let base = context.data else { return nil }
        var contexts: [CGContext] = []
        for (first, rows) in [(0, row), (row, pixelHeight - row)] {
            guard let band = rowContext(base + first * context.bytesPerRow, first: first, rows: rows) else { return nil }
            contexts.append(band)
        }
        bands = (row, contexts)
        return contexts
    }

    /// For shadowed frames: each part with `margin` more rows above and below, drawn into a
    /// private buffer (made once, bitmap-sized) and copied back to its own rows.
    private func marginBands(_ parts: [CGRect], margin: CGFloat) -> [Band]? {
        var result: [Band] = []
        for (index, part) in parts.enumerated() {
            while privateBands.count <= index {
                privateBands.append(UnsafeMutableRawPointer.allocate(byteCount: Swift.max(context.bytesPerRow * pixelHeight, 4),
                                                                      alignment: 16))
            }
            let first = Swift.max(0, Int(((part.minY - margin) * scale).rounded(.down)))
            let last = Swift.min(pixelHeight, Int(((part.maxY + margin) * scale).rounded(.up)))
            guard let band = rowContext(privateBands[index], first: first, rows: last - first) else { return nil }
            let drawn = CGRect(x: part.minX, y: CGFloat(first) / scale, width: part.width, height: CGFloat(last - first) / scale)
            result.append(Band(context: band, area: drawn, copyBack: (part, first)))
        }
        return result
    }

    /// Draws one band; a private one then copies its own rows into the bitmap.
    fileprivate func drawBand(_ band: Band, top: CALayer, tree: RenderTree) {
        draw(top, in: band.context, area: band.area, tree: tree)
        guard let (part, firstRow) = band.copyBack, let destination = context.data, let source = band.context.data else { return }
        let x0 = Int((part.minX * scale).rounded()), x1 = Int((part.maxX * scale).rounded())
        let y0 = Int((part.minY * scale).rounded()), y1 = Int((part.maxY * scale).rounded())
        guard x1 > x0, y1 > y0 else { return }
        for row in y0..<y1 {
            let from = source + (row - firstRow) * band.context.bytesPerRow + x0 * 4
            (destination + row * context.bytesPerRow + x0 * 4).copyMemory(from: from, byteCount: (x1 - x0) * 4)
        }
    }

    /// Redraws the damaged area from the render tree.
    open func render() {
        lastRenderedPixelCount = 0
        lastRasterizedCount = 0
        guard !damage.isNull, !damage.isEmpty, let root = layer, root.renderID >= 0 else { return }
        // Whole device pixels around the damage.
        let x0 = (damage.minX * scale).rounded(.down), y0 = (damage.minY * scale).rounded(.down)
        let x1 = (damage.maxX * scale).rounded(.up), y1 = (damage.maxY * scale).rounded(.up)
        let area = CGRect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
        lastRenderedPixelCount = Int(x1 - x0) * Int(y1 - y0)
        let tree = RenderTree.shared
        tree.lock.lock()
        defer { tree.lock.unlock() }
        guard let top = resolve(root.renderID, in: tree) else { return }
        // The damage's middle row, on a whole point so that both halves keep whole-pixel edges.
        let splitPoint = ((y0 + y1) / 2 / scale).rounded(.down)
        let splitRow = Int(splitPoint * scale)
        let splits = lastRenderedPixelCount >= CARenderer.parallelPixels && splitPoint > area.minY && splitPoint < area.maxY
            && CGFloat(splitRow) == splitPoint * scale
        let parts = [CGRect(x: area.minX, y: area.minY, width: area.width, height: splitPoint - area.minY),
                     CGRect(x: area.minX, y: splitPoint, width: area.width, height: area.maxY - splitPoint)]
        var bands: [Band]?
        if splits && !castsShadows {
            // Rows are independent: each half is drawn by its own thread into its own rows.
            bands = bandContexts(splittingAt: splitRow).map { zip($0, parts).map { Band(context: $0, area: $1, copyBack: nil) } }
        } else if splits, shadowMargin.isFinite, shadowMargin < area.height / 4 {
            // Blurs near the cut must see the shapes across it: each half draws a margin of rows
            // more into its own buffer and copies back only its own rows.
            bands = marginBands(parts, margin: (shadowMargin * scale).rounded(.up) / scale)
        }
        lastFrameUsedBands = bands != nil
        if let bands {
            let job = BandJob(renderer: self, tree: tree, top: top, bands: bands)
            DispatchQueue.concurrentPerform(iterations: bands.count) { band in job.run(band) }
        } else {
            draw(top, in: context, area: area, tree: tree)
        }
    }

    /// Clears `area` (root points) in `ctx` and draws the tree over it.
    fileprivate func draw(_ top: CALayer, in ctx: CGContext, area: CGRect, tree: RenderTree) {
        ctx.saveGState()
        ctx.clip(to: area)
        ctx.clear(area)
        let cull = ctx.convertToDeviceSpace(area)
        var renderer = LayerRenderer(
            context: ctx,
            sublayers: { [unowned self] layer in self.children(of: layer, in: tree) },
            mask: { [unowned self] layer in self.mask(of: layer, in: tree) },
            cull: cull)
        renderer.shifted = { [unowned self] layer, shift in self.resolveShifted(layer, by: shift, in: tree) }
        renderer.rasterCache = { [unowned self] layer, make in self.cachedRaster(of: layer, make, in: tree) }
        // A leaf whose footprint (recorded this frame, root coordinates) misses the area.
        let rects = recordRect, leaves = recordLeaf
        renderer.skip = { layer in
            let id = Int(layer.snapshotNodeID)
            guard id >= 0, id < rects.count, leaves[id] else { return false }
            return !rects[id].intersects(area)
        }
        ctx.translateBy(x: -top.bounds.minX, y: -top.bounds.minY)
        renderer.draw(top)
        ctx.restoreGState()
    }

    /// The earliest media time at which a new frame would differ: now while animations run,
    /// else never (infinity) until the next commit.
    open func nextFrameTime() -> CFTimeInterval {
        let tree = RenderTree.shared
        tree.lock.lock()
        defer { tree.lock.unlock() }
        return activeAnimations(in: tree).isEmpty ? .infinity : frameTime
    }

    /// Ends the frame.
    open func endFrame() {
        for i in 0..<resolved.count { resolved[i] = nil }
    }

    /// One whole frame at media time `t`: `beginFrame`, `updateBounds`, `render`, `endFrame`.
    /// Returns the damage.
    @discardableResult
    package func renderFrame(atTime t: CFTimeInterval) -> CGRect {
        beginFrame(atTime: t)
        let area = updateBounds()
        render()
        endFrame()
        return area
    }

    /// The bitmap as an image.
    public func makeImage() -> CGImage? {
        context.makeImage()
    }

    // MARK: Reading the tree

    /// Nodes with an animation that still shows something at the frame time; nodes whose
    /// animations have all ended leave the tree's animated set.
    private func activeAnimations(in tree: RenderTree) -> Set<Int32> {
        var active = Set<Int32>()
        var ended: [Int32] = []
        for id in tree.animatedIDs where isInTree(id, tree) {
            let node = tree.nodes[Int(id)]
            let t = localTime(of: id, in: tree)
            let shows = node.animations.contains { animation in
                let timing = animation.timingModel
                if t < timing.beginTime { return animation.fillMode == .backwards || animation.fillMode == .both }
                if t >= timing.endTime { return !animation.isRemovedOnCompletion }
                return true
            }
            if shows { active.insert(id) } else if node.animations.allSatisfy({ t >= $0.timingModel.endTime }) { ended.append(id) }
        }
        for id in ended { tree.animatedIDs.remove(id) }
        for id in tree.timeDependentIDs where isInTree(id, tree) { active.insert(id) }
        return active
    }

    /// Whether node `id` is this renderer's root or below it.
    private func isInTree(_ id: Int32, _ tree: RenderTree) -> Bool {
        guard let root = layer?.renderID, root >= 0 else { return false }
        var current = id
        while current >= 0 {
            if current == root { return true }
            current = tree.nodes[Int(current)].parent
        }
        return false
    }

    /// The frame time in node `id`'s local time, through its ancestors' committed timing.
    private func localTime(of id: Int32, in tree: RenderTree) -> CFTimeInterval {
        var chain: [CALayer] = []
        var current = id
        while current >= 0, let snapshot = tree.nodes[Int(current)].snapshot {
            chain.append(snapshot)
            current = tree.nodes[Int(current)].parent
        }
        return chain.reversed().reduce(frameTime) { $1.timingModel.localTime(fromParent: $0) }
    }

    /// Node `id` as drawn at the frame time: its snapshot, or a copy with its animations applied.
    private func resolve(_ id: Int32, in tree: RenderTree) -> CALayer? {
        let i = Int(id)
        guard id >= 0, i < tree.nodes.count, i < resolved.count else { return nil }
        if let layer = resolved[i] { return layer }
        guard let snapshot = tree.nodes[i].snapshot else { return nil }
        var layer = snapshot
        if animatedNow.contains(id) {
            let copy = type(of: snapshot).init(layer: snapshot)
            copy.snapshotNodeID = id
            let t = localTime(of: id, in: tree)
            for animation in tree.nodes[i].animations { animation.apply(to: copy, atLayerTime: t) }
            (copy as? CAEmitterLayer)?.frameTime = t
            layer = copy
        }
        resolved[i] = layer
        return layer
    }

    /// A subtree evaluated `shift` seconds before the frame (a replicator's delayed copy): fresh
    /// copies holding their own sublayers.
    private func resolveShifted(_ layer: CALayer, by shift: CFTimeInterval, in tree: RenderTree) -> CALayer {
        let id = layer.snapshotNodeID
        guard id >= 0, Int(id) < tree.nodes.count, let snapshot = tree.nodes[Int(id)].snapshot else { return layer }
        let copy = type(of: snapshot).init(layer: snapshot)
        let t = localTime(of: id, in: tree) - shift
        for animation in tree.nodes[Int(id)].animations { animation.apply(to: copy, atLayerTime: t) }
        copy.storedSublayers = tree.nodes[Int(id)].children.compactMap { child -> CALayer? in
            guard let resolved = resolve(child, in: tree) else { return nil }
            return resolveShifted(resolved, by: shift, in: tree)
        }
        return copy
    }

    // MARK: Rasterized layers

    /// The kept bitmap of a rasterized layer when its subtree still looks the same, else a
    /// new one (kept for later frames unless something inside is animating).
    private func cachedRaster(of layer: CALayer, _ make: () -> RasterImage?, in tree: RenderTree) -> RasterImage? {
        let id = layer.snapshotNodeID
        guard id >= 0, let signature = rasterSignature(of: id, layer, in: tree) else {
            countRasterization()
            return make()
        }
        rasterLock.lock()
        let kept = rasters[id]
        rasterLock.unlock()
        if let kept, kept.signature == signature { return kept.raster }
        countRasterization()
        guard let raster = make() else { return nil }
        rasterLock.lock()
        rasters[id] = (signature, raster)
        rasterLock.unlock()
        return raster
    }

    private func countRasterization() {
        rasterLock.lock()
        lastRasterizedCount += 1
        rasterLock.unlock()
    }

    /// What a rasterized layer's bitmap depends on: the layer's own look (not where it is
    /// placed) and everything of its sublayers and masks; nil while any of that animates.
    private func rasterSignature(of id: Int32, _ layer: CALayer, in tree: RenderTree) -> Int? {
        var hasher = Hasher()
        let node = tree.nodes[Int(id)]
        if animatedNow.contains(id) {
            // Moving, turning or fading a rasterized layer keeps its bitmap.
            let placementOnly = node.animations.allSatisfy { animation in
                guard let property = animation as? CAPropertyAnimation, !(animation is CAAnimationGroup),
                      let key = property.keyPath?.split(separator: ".").first else { return false }
                return CALayer.placementKeys.contains(String(key))
            }
            guard placementOnly else { return nil }
        }
        hasher.combine(node.appearanceVersion)
        hasher.combine(layer.rasterizationScale)
        var pending = node.children + (node.mask >= 0 ? [node.mask] : [])
        hasher.combine(pending)
        var visited = 0
        while let next = pending.popLast() {
            visited += 1
            guard visited < 100_000, !animatedNow.contains(next) else { return nil }
            let child = tree.nodes[Int(next)]
            hasher.combine(next)
            hasher.combine(child.contentVersion)
            hasher.combine(child.children)
            hasher.combine(child.mask)
            pending += child.children
            if child.mask >= 0 { pending.append(child.mask) }
        }
        return hasher.finalize()
    }

    private func children(of layer: CALayer, in tree: RenderTree) -> [CALayer] {
        let id = layer.snapshotNodeID
        guard id >= 0 else { return layer.sublayersInDrawingOrder }
        return CALayer.inDrawingOrder(tree.nodes[Int(id)].children.compactMap { resolve($0, in: tree) })
    }

    private func mask(of layer: CALayer, in tree: RenderTree) -> CALayer? {
        let id = layer.snapshotNodeID
        guard id >= 0 else { return nil }
        let maskID = tree.nodes[Int(id)].mask
        return maskID >= 0 ? resolve(maskID, in: tree) : nil
    }

    /// What the layer may paint, in its own coordinates: its bounds, a shape layer's stroked
    /// path, and its shadow's reach.
    private func footprint(of layer: CALayer) -> CGRect {
        layer.paintedBounds.insetBy(dx: -1, dy: -1)
    }
}

/// One band of a frame drawn on its own thread: a context over some of the bitmap's rows (or
/// a private buffer, with the part to copy back and the buffer's first row), and the area
/// (root points) it draws.
fileprivate struct Band {
    let context: CGContext
    let area: CGRect
    let copyBack: (part: CGRect, firstRow: Int)?
}

/// One frame's bands. `@unchecked Sendable`: the bands write disjoint rows of the bitmap (and
/// their own buffers); the tree and this frame's resolved layers are only read while they run.
private struct BandJob: @unchecked Sendable {
    let renderer: CARenderer
    let tree: RenderTree
    let top: CALayer
    let bands: [Band]

    func run(_ band: Int) {
        renderer.drawBand(bands[band], top: top, tree: tree)
    }
}
