import Foundation
import Synchronization

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
    /// The root of the tree to draw (a model layer; its committed state is drawn). Setting it
    /// gives it a node in the render tree; frames read only that tree, never the layer.
    open var layer: CALayer? {
        didSet {
            rootID.store(layer?.ensureRenderID() ?? -1, ordering: .relaxed)
            forceFullFrame = true
        }
    }

    /// The area drawn, in the root layer's coordinates; the whole bitmap by default.
    open var bounds: CGRect {
        didSet { forceFullFrame = true }
    }

    /// The root's node id (written where `layer` is set, read by frames on any thread).
    private let rootID = Atomic<Int32>(-1)
    private let context: CGContext
    /// Whoever owns the pixels `context` draws into, when not the context itself.
    private let owner: AnyObject?
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
    /// The committed tree this frame draws: taken at `updateBounds()`, owned by the renderer.
    private var tree = RenderTreeSnapshot()
    /// Per node id, what the last frame drew: flat arrays, grown with the tree.
    private var recordRect: [CGRect] = []
    private var recordVersion: [UInt64] = []
    private var recordAnimated: [Bool] = []
    /// Whether the node had no sublayers and no mask (drawing may skip it by its footprint).
    private var recordLeaf: [Bool] = []
    /// Per node, the walk that last recorded it (`walk` counts walks; 0 never): a node is
    /// live in the last frame when this equals the previous walk. Stamps instead of flags, so
    /// a frame costs the nodes it reaches, not every node of the process's tree.
    private var recordWalk: [UInt32] = []
    private var walk: UInt32 = 0
    /// The nodes the last walk recorded, and those `resolve` filled this frame.
    private var walked: [Int32] = []
    private var resolvedIDs: [Int32] = []
    /// Per node id, the value drawn this frame (animations evaluated): filled by
    /// `updateBounds()` for every node drawing can reach, only read while drawing.
    private var resolved: [LayerValue?] = []
    private var animatedNow = Set<Int32>()
    /// Whether a visible layer casts a shadow this frame: blurs reach across rows, so such
    /// frames are not split into bands.
    private var castsShadows = false
    /// How far (root points) beyond its caster's shape any shadow of this frame reaches.
    private var shadowMargin: CGFloat = 0
    /// Private bitmaps for shadowed frames drawn in two bands (each band draws a margin of rows
    /// beyond its own, so blurs see what lies across the band edge). Each owns its pixels.
    private var privateBands: [CGContext] = []
    private var anyAnimatedLastFrame = false

    /// Rasterized layers' bitmaps by node id, with the signature of the subtree they show
    /// (bands of one frame may both reach for them).
    private let rasters = Locked<[Int32: (signature: Int, raster: RasterImage)]>([:])
    private let rasterizedCount = Atomic<Int>(0)
    /// Contents images rescaled to the device size they are drawn at (a texture cache: a
    /// photo scrolled across the screen is resampled once, then copied).
    package let resampledImages = ResampledImageCache()

    /// Bitmaps of rasterized layers drawn afresh by the last `render()` (not taken from the
    /// cache).
    package var lastRasterizedCount: Int { rasterizedCount.load(ordering: .relaxed) }

    /// Whether the last `render()` drew its two halves on two threads.
    package private(set) var lastFrameUsedBands = false

    /// Pixels written by the last `render()` (0 for a frame with no damage).
    public private(set) var lastRenderedPixelCount = 0

    /// A renderer drawing into a transparent bitmap of the given size, `scale` pixels per point.
    /// Nil for sizes that cannot be allocated.
    public convenience init?(pixelWidth: Int, pixelHeight: Int, scale: CGFloat = 1) {
        guard let context = CGContext(data: nil, width: pixelWidth, height: pixelHeight, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        self.init(context: context, scale: scale, owner: nil)
    }

    /// A renderer drawing in place into pixels someone else owns (a window surface's buffer):
    /// `pixelWidth` × `pixelHeight` pixels of 32 bits in the layout `bitmapInfo` names, rows
    /// `bytesPerRow` apart from the top. `owner` is kept as long as the renderer, so the
    /// memory stays valid. Nil for layouts the rasterizer cannot draw into.
    package convenience init?(drawingInto data: UnsafeMutableRawPointer, pixelWidth: Int, pixelHeight: Int, bytesPerRow: Int,
                              bitmapInfo: UInt32, scale: CGFloat, owner: AnyObject) {
        guard let context = CGContext(data: data, width: pixelWidth, height: pixelHeight, bitsPerComponent: 8,
                                      bytesPerRow: bytesPerRow, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo)
        else { return nil }
        self.init(context: context, scale: scale, owner: owner)
    }

    private init?(context: CGContext, scale: CGFloat, owner: AnyObject?) {
        guard scale > 0, scale.isFinite else { return nil }
        self.context = context
        self.scale = scale
        self.owner = owner
        pixelWidth = context.width
        pixelHeight = context.height
        bounds = CGRect(x: 0, y: 0, width: CGFloat(pixelWidth) / scale, height: CGFloat(pixelHeight) / scale)
        // Layer space is y-down, in points.
        context.translateBy(x: 0, y: CGFloat(pixelHeight))
        context.scaleBy(x: scale, y: -scale)
        super.init()
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
    /// changed). Takes the committed tree as it is now, evaluates every animated layer at the
    /// frame time, and compares each layer's footprint with the last frame's.
    open func updateBounds() -> CGRect {
        tree = RenderTree.shared.snapshot()
        var area = explicitUpdates
        explicitUpdates = .null
        let count = tree.count
        if resolved.count < count {
            let grow = count - resolved.count
            resolved += Array(repeating: nil, count: grow)
            recordRect += Array(repeating: .null, count: grow)
            recordVersion += Array(repeating: 0, count: grow)
            recordAnimated += Array(repeating: false, count: grow)
            recordLeaf += Array(repeating: false, count: grow)
            recordWalk += Array(repeating: 0, count: grow)
        }
        let root = rootID.load(ordering: .relaxed)
        guard tree.contains(root), tree[root].value != nil else {
            damage = area.intersection(bounds)
            return damage
        }
        animatedNow = activeAnimations()
        if !forceFullFrame && tree.version == seenVersion && animatedNow.isEmpty && !anyAnimatedLastFrame {
            damage = area.intersection(bounds)
            return damage
        }
        for id in resolvedIDs where Int(id) < resolved.count { resolved[Int(id)] = nil }
        resolvedIDs.removeAll(keepingCapacity: true)
        seenVersion = tree.version
        // Walk the tree: each node's footprint now, against the last frame's.
        let previousWalk = walk
        walk &+= 1
        if walk == 0 {
            // Wrapped: start the stamps over.
            for i in recordWalk.indices { recordWalk[i] = 0 }
            walk = 1
        }
        let lastWalked = walked
        walked.removeAll(keepingCapacity: true)
        /// Whether the node had a record in the last frame (read before `changed` stamps it).
        func wasLive(_ i: Int) -> Bool { previousWalk != 0 && recordWalk[i] == previousWalk }
        var replicatedChange = false
        // Footprints (root coordinates) of the layers drawn as one piece this frame (shadow
        // casters, rasterized layers), sublayers included.
        var wholeFootprints: [CGRect] = []
        var backdropFootprints: [(reach: CGRect, rect: CGRect)] = []
        shadowMargin = 0
        castsShadows = false
        /// Whether node `i` changed since the last frame (and records it as seen now).
        func changed(_ i: Int, rect: CGRect, isAnimated: Bool, forced: Bool = false) -> Bool {
            let contentVersion = tree[Int32(i)].contentVersion
            let result = forced || forceFullFrame || !wasLive(i) || recordVersion[i] != contentVersion || recordRect[i] != rect
                || isAnimated || recordAnimated[i]
            if recordWalk[i] != walk { walked.append(Int32(i)) }
            recordWalk[i] = walk
            recordVersion[i] = contentVersion
            recordAnimated[i] = isAnimated
            return result
        }
        /// A mask's subtree: drawn only through its host, so any change inside repaints the
        /// host's footprint (`hostRect`: the host with everything below it).
        func visitMask(_ mask: Int32, hostRect: CGRect) {
            var pending = [mask]
            while let id = pending.popLast() {
                guard tree.contains(id), resolve(id) != nil else { continue }
                let i = Int(id)
                let isAnimated = !animatedNow.isEmpty && animatedNow.contains(id)
                let was = wasLive(i)
                if changed(i, rect: hostRect, isAnimated: isAnimated) {
                    area = area.union(hostRect)
                    if was { area = area.union(recordRect[i]) }
                }
                recordRect[i] = hostRect
                recordLeaf[i] = false
                pending += tree[id].children
                if tree[id].mask >= 0 { pending.append(tree[id].mask) }
            }
        }
        /// One drawn layer on the walk's stack.
        struct Step {
            let id: Int32
            let layer: LayerValue
            /// Its sublayers' node ids.
            let children: [Int32]
            let transform: CGAffineTransform
            let in3D: Bool
            /// Whether its sublayers are replicated or drawn among particles.
            let inside: Bool
            /// Whether something of it that its sublayers inherit changed: they repaint too.
            let forced: Bool
            /// How far (root points) shadows cast by it and its ancestors reach beyond a sublayer.
            let outset: CGFloat
            /// Whether it is drawn as one piece (a shadow blurred from all of it, a rasterized
            /// bitmap): damage touching any of it repaints all of it.
            let isWhole: Bool
            /// It with everything below it (root points), as far as it is visited yet.
            var subtree: CGRect
            var next = 0
        }
        /// Visits one layer (its own footprint against the last frame's); the step for its
        /// sublayers when it is shown.
        func enter(_ id: Int32, below parent: Step?) -> Step? {
            WorkCounter.count()
            guard let layer = resolve(id) else { return nil }
            let i = Int(id)
            var transform = CGAffineTransform.identity
            var in3D = parent?.in3D ?? false
            if let parent, !in3D {
                let toRoot = parent.transform
                if !layer.isDrawnIn3D(inParent: parent.layer) {
                    transform = layer.transform(inParent: parent.layer).concatenating(toRoot)
                } else if layer.flattensSublayers && parent.layer.flattensSublayers,
                          case let h = layer.transform3D(inParent: parent.layer).planeProjection, h.isAffine {
                    // A 3-D transform that maps the layer's plane affinely (a turn without
                    // perspective, a perspective parent with the layer flat in it).
                    transform = h.affine.concatenating(toRoot)
                } else {
                    // Drawn under perspective or in a transform layer's scene (with everything
                    // below): it may land anywhere on the frame, so its footprint is all of it.
                    in3D = true
                }
            }
            let stretch = Swift.max(abs(transform.a * transform.d - transform.b * transform.c).squareRoot(), 1)
            // A rasterized bitmap covers its subtree rounded out to its own pixel grid and is
            // filtered when drawn: up to one of its pixels beyond, all of it redrawn together.
            let rasterizes = layer.shouldRasterize && layer.rasterizationScale.isFinite && layer.rasterizationScale > 0
            let rasterReach = rasterizes ? Swift.min(1 / layer.rasterizationScale, 1e6) * stretch : 0
            let outset = (parent?.outset ?? 0) + rasterReach
            var hidden = layer.isHidden || layer.opacity <= 0 || !layer.hasRenderableGeometry
            var rect = hidden ? CGRect.null : in3D ? CGRect.infinite : layer.paintedBounds.insetBy(dx: -1, dy: -1).applying(transform)
            // A finite layer can still land nowhere finite (a huge scale composed down the tree).
            if !rect.isNull && !in3D && !rect.isFiniteRect { hidden = true }
            if !hidden && outset > 0 && !in3D { rect = rect.insetBy(dx: -outset, dy: -outset) }
            let shownRect = hidden ? CGRect.null : rect
            let replicated = parent?.inside ?? false
            let isAnimated = !animatedNow.isEmpty && animatedNow.contains(id)
            let forced = parent?.forced ?? false
            let was = wasLive(i)
            let nodeChanged = changed(i, rect: shownRect, isAnimated: isAnimated, forced: forced)
            if nodeChanged {
                area = area.union(shownRect)
                if was { area = area.union(recordRect[i]) }
                // Replicated copies and particles can be anywhere: repaint everything.
                if replicated || layer.paintsBeyondFootprints { replicatedChange = true }
            }
            recordRect[i] = shownRect
            recordLeaf[i] = tree[id].children.isEmpty && tree[id].mask < 0
            guard !hidden else { return nil }
            var reach: CGFloat = 0
            let casts = layer.castsShadow
            if casts {
                reach = in3D ? .infinity
                    : (layer.shadowSpread + 1 + Swift.max(abs(layer.shadowOffset.width), abs(layer.shadowOffset.height))) * stretch
                shadowMargin = Swift.max(shadowMargin, reach)
                castsShadows = true
            }
            // A backdrop blur reads what lies around it: drawn whole, in bands with margins.
            let blurs = layer.backdropBlurRadius > 0
            if blurs {
                let blurReach = in3D ? CGFloat.infinity : (layer.backdropBlurRadius * 3 + 2) * stretch
                shadowMargin = Swift.max(shadowMargin, blurReach)
                castsShadows = true
                // Damage within the blur's reach changes it: the whole layer repaints.
                backdropFootprints.append((reach: shownRect.insetBy(dx: -blurReach, dy: -blurReach), rect: shownRect))
            }
            return Step(id: id, layer: layer, children: tree[id].children, transform: transform, in3D: in3D, inside: replicated || layer.paintsBeyondFootprints,
                        forced: forced || nodeChanged, outset: reach.isFinite ? outset + reach : outset,
                        isWhole: casts || rasterizes || blurs, subtree: shownRect)
        }
        // Depth first without recursion: a chain of any depth walks in a heap stack.
        var stack: [Step] = []
        if let top = enter(root, below: nil) { stack.append(top) }
        while !stack.isEmpty {
            let last = stack.count - 1
            if stack[last].next < stack[last].children.count {
                let child = stack[last].children[stack[last].next]
                stack[last].next += 1
                if let step = enter(child, below: stack[last]) { stack.append(step) }
                continue
            }
            let done = stack.removeLast()
            // A mask clips its host and everything below it; a shadow falls from all of it.
            if tree[done.id].mask >= 0 { visitMask(tree[done.id].mask, hostRect: done.subtree) }
            if done.isWhole { wholeFootprints.append(done.subtree) }
            if !stack.isEmpty { stack[stack.count - 1].subtree = stack[stack.count - 1].subtree.union(done.subtree) }
        }
        for id in lastWalked where Int(id) < recordWalk.count && recordWalk[Int(id)] != walk {
            // Gone from the tree since the last frame: erase where it was.
            area = area.union(recordRect[Int(id)])
            recordAnimated[Int(id)] = false
        }
        rasters.withLock { kept in
            if !kept.isEmpty { kept = kept.filter { Int($0.key) < recordWalk.count && recordWalk[Int($0.key)] == walk } }
        }
        anyAnimatedLastFrame = !animatedNow.isEmpty
        if forceFullFrame || replicatedChange { area = bounds }
        // A shadow is blurred from its layer's whole shape: where the damage cuts through one,
        // the caster's whole footprint is repainted (and so on for casters that reaches).
        for _ in 0..<4 {
            var grown = false
            for caster in wholeFootprints where !caster.isNull && caster.intersects(area) && !area.contains(caster) {
                area = area.union(caster)
                grown = true
            }
            for blur in backdropFootprints where !blur.rect.isNull && blur.reach.intersects(area) && !area.contains(blur.rect) {
                area = area.union(blur.rect)
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
                                             bitmapInfo: context.bitmapInfo.rawValue) else { return nil }
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
                guard let owned = CGContext(data: nil, width: pixelWidth, height: pixelHeight, bitsPerComponent: 8,
                                            bytesPerRow: context.bytesPerRow, space: CGColorSpaceCreateDeviceRGB(),
                                            bitmapInfo: context.bitmapInfo.rawValue) else { return nil }
                privateBands.append(owned)
            }
            let first = Swift.max(0, Int(((part.minY - margin) * scale).rounded(.down)))
            let last = Swift.min(pixelHeight, Int(((part.maxY + margin) * scale).rounded(.up)))
            guard let data = privateBands[index].data, let band = rowContext(data, first: first, rows: last - first) else { return nil }
            let drawn = CGRect(x: part.minX, y: CGFloat(first) / scale, width: part.width, height: CGFloat(last - first) / scale)
            result.append(Band(context: band, area: drawn, copyBack: (part, first)))
        }
        return result
    }

    /// Draws one band; a private one then copies its own rows into the bitmap.
    fileprivate func drawBand(_ band: Band, top: LayerValue) {
        draw(top, in: band.context, area: band.area)
        guard let (part, firstRow) = band.copyBack, let destination = context.data, let source = band.context.data else { return }
        let x0 = Int((part.minX * scale).rounded()), x1 = Int((part.maxX * scale).rounded())
        let y0 = Int((part.minY * scale).rounded()), y1 = Int((part.maxY * scale).rounded())
        guard x1 > x0, y1 > y0 else { return }
        for row in y0..<y1 {
            let from = source + (row - firstRow) * band.context.bytesPerRow + x0 * 4
            (destination + row * context.bytesPerRow + x0 * 4).copyMemory(from: from, byteCount: (x1 - x0) * 4)
        }
    }

    /// Redraws the damaged area from the tree `updateBounds()` took. Nothing here takes a lock
    /// a commit needs: the tree is the renderer's own value.
    open func render() {
        lastRenderedPixelCount = 0
        rasterizedCount.store(0, ordering: .relaxed)
        let root = rootID.load(ordering: .relaxed)
        guard !damage.isNull, !damage.isEmpty, root >= 0, Int(root) < resolved.count, let top = resolved[Int(root)] else { return }
        // Whole device pixels around the damage.
        let x0 = (damage.minX * scale).rounded(.down), y0 = (damage.minY * scale).rounded(.down)
        let x1 = (damage.maxX * scale).rounded(.up), y1 = (damage.maxY * scale).rounded(.up)
        let area = CGRect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
        lastRenderedPixelCount = Int(x1 - x0) * Int(y1 - y0)
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
            let job = BandJob(renderer: self, top: top, bands: bands)
            DispatchQueue.concurrentPerform(iterations: bands.count) { band in job.run(band) }
        } else {
            draw(top, in: context, area: area)
        }
        resampledImages.endFrame()
    }

    /// Clears `area` (root points) in `ctx` and draws the tree over it. Only reads this
    /// frame's state, so two bands may run it at once.
    fileprivate func draw(_ top: LayerValue, in ctx: CGContext, area: CGRect) {
        ctx.saveGState()
        ctx.clip(to: area)
        ctx.clear(area)
        let cull = ctx.convertToDeviceSpace(area)
        // A leaf whose footprint (recorded this frame, root coordinates) misses the area is
        // left out before its value is even read.
        let rects = recordRect, leaves = recordLeaf
        let misses = { (id: Int32) -> Bool in
            let i = Int(id)
            return i >= 0 && i < rects.count && leaves[i] && !rects[i].intersects(area)
        }
        var renderer = LayerRenderer(
            context: ctx,
            sublayers: { [unowned self] layer in self.children(of: layer, leaving: { _ in false }) },
            mask: { [unowned self] layer in self.mask(of: layer) },
            shifted: { [unowned self] layer, shift in self.evaluate(layer.node, shift: layer.timeShift + shift) ?? layer },
            layerTime: { [unowned self] layer in self.localTime(of: layer.node) - layer.timeShift },
            cull: cull)
        renderer.rasterCache = { [unowned self] layer, make in self.cachedRaster(of: layer, make) }
        renderer.imageCache = resampledImages
        renderer.skip = { layer in layer.timeShift == 0 && misses(layer.node) }
        renderer.culledSublayers = { [unowned self] layer in self.children(of: layer, leaving: misses) }
        ctx.translateBy(x: -top.bounds.minX, y: -top.bounds.minY)
        renderer.draw(top)
        ctx.restoreGState()
    }

    /// The earliest media time at which a new frame would differ: now while animations run,
    /// else never (infinity) until the next commit.
    open func nextFrameTime() -> CFTimeInterval {
        tree = RenderTree.shared.snapshot()
        return activeAnimations().isEmpty ? .infinity : frameTime
    }

    /// Ends the frame.
    open func endFrame() {}

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

    /// Nodes of this renderer's tree with an animation that still shows something at the
    /// frame time, and emitters.
    private func activeAnimations() -> Set<Int32> {
        var active = Set<Int32>()
        for id in tree.animatedIDs where isInTree(id) {
            let t = localTime(of: id)
            let shows = tree[id].animations.list.contains { animation in
                let timing = animation.timingModel
                if t < timing.beginTime { return animation.fillMode == .backwards || animation.fillMode == .both }
                if t >= timing.endTime { return !animation.isRemovedOnCompletion }
                return true
            }
            if shows { active.insert(id) }
        }
        for id in tree.timeDependentIDs where isInTree(id) { active.insert(id) }
        return active
    }

    /// Whether node `id` is this renderer's root or below it (masks count as below their host).
    private func isInTree(_ id: Int32) -> Bool {
        let root = rootID.load(ordering: .relaxed)
        guard root >= 0 else { return false }
        var current = id
        var steps = 0
        while tree.contains(current), steps <= tree.count {
            if current == root { return true }
            current = tree.drawnParent(of: current)
            steps += 1
        }
        return false
    }

    /// The frame time in node `id`'s local time, through its ancestors' committed timing (a
    /// mask's time, like its presentation's, does not run through its host).
    private func localTime(of id: Int32) -> CFTimeInterval {
        var chain: [MediaTimingModel] = []
        var current = id
        while tree.contains(current), let value = tree[current].value, chain.count <= tree.count {
            chain.append(value.timing)
            current = tree[current].parent
        }
        return chain.reversed().reduce(frameTime) { $1.localTime(fromParent: $0) }
    }

    /// Node `id` as drawn at the frame time, kept for the rest of the frame.
    private func resolve(_ id: Int32) -> LayerValue? {
        let i = Int(id)
        guard tree.contains(id), i < resolved.count else { return nil }
        if let value = resolved[i] { return value }
        let value = evaluate(id, shift: 0)
        resolved[i] = value
        resolvedIDs.append(id)
        return value
    }

    /// Node `id` evaluated `shift` seconds before the frame (a replicator's delayed copies):
    /// its committed value with its animations applied. Reads only the frame's tree.
    private func evaluate(_ id: Int32, shift: CFTimeInterval) -> LayerValue? {
        guard tree.contains(id), var value = tree[id].value else { return nil }
        let animations = tree[id].animations.list
        if !animations.isEmpty && (shift != 0 || animatedNow.contains(id)) {
            value = LayerEvaluator.evaluate(value, animations, atLayerTime: localTime(of: id) - shift)
        }
        value.timeShift = shift
        return value
    }

    // MARK: Rasterized layers

    /// The kept bitmap of a rasterized layer when its subtree still looks the same, else a
    /// new one (kept for later frames unless something inside is animating).
    private func cachedRaster(of layer: LayerValue, _ make: () -> RasterImage?) -> RasterImage? {
        let id = layer.node
        guard id >= 0, layer.timeShift == 0, let signature = rasterSignature(of: id, layer) else {
            rasterizedCount.add(1, ordering: .relaxed)
            return make()
        }
        if let kept = rasters.withLock({ $0[id] }), kept.signature == signature { return kept.raster }
        rasterizedCount.add(1, ordering: .relaxed)
        guard let raster = make() else { return nil }
        rasters.withLock { $0[id] = (signature, raster) }
        return raster
    }

    /// What a rasterized layer's bitmap depends on: the layer's own look (not where it is
    /// placed) and everything of its sublayers and masks; nil while any of that animates.
    private func rasterSignature(of id: Int32, _ layer: LayerValue) -> Int? {
        var hasher = Hasher()
        let node = tree[id]
        if animatedNow.contains(id) {
            // Moving, turning or fading a rasterized layer keeps its bitmap.
            let placementOnly = node.animations.list.allSatisfy { animation in
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
            guard visited < 100_000, tree.contains(next), !animatedNow.contains(next) else { return nil }
            let child = tree[next]
            hasher.combine(next)
            hasher.combine(child.contentVersion)
            hasher.combine(child.children)
            hasher.combine(child.mask)
            pending += child.children
            if child.mask >= 0 { pending.append(child.mask) }
        }
        return hasher.finalize()
    }

    /// The sublayers of a drawn value in drawing order: this frame's values, or for a delayed
    /// copy, evaluated at its shift.
    private func children(of layer: LayerValue, leaving misses: (Int32) -> Bool) -> [LayerValue] {
        let id = layer.node
        guard tree.contains(id) else { return [] }
        let ids = tree[id].children
        let values: [LayerValue]
        if layer.timeShift != 0 {
            values = ids.compactMap { evaluate($0, shift: layer.timeShift) }
        } else {
            // Leaving out leaves keeps the others' drawing order (the sort is stable).
            values = ids.compactMap { child in
                Int(child) < resolved.count && !misses(child) ? resolved[Int(child)] ?? nil : nil
            }
        }
        return LayerValue.inDrawingOrder(values)
    }

    private func mask(of layer: LayerValue) -> LayerValue? {
        let id = layer.node
        guard tree.contains(id) else { return nil }
        let maskID = tree[id].mask
        guard tree.contains(maskID) else { return nil }
        if layer.timeShift != 0 { return evaluate(maskID, shift: layer.timeShift) }
        return Int(maskID) < resolved.count ? resolved[Int(maskID)] : nil
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
/// their own buffers); the renderer's frame state (its tree snapshot, evaluated values and
/// records) is only read while they run, and the raster cache is behind a mutex.
private struct BandJob: @unchecked Sendable {
    let renderer: CARenderer
    let top: LayerValue
    let bands: [Band]

    func run(_ band: Int) {
        renderer.drawBand(bands[band], top: top)
    }
}
