import Foundation
import Synchronization

/// The committed layer tree: one node per committed layer, by node id, as plain values.
///
/// A transaction commit writes the layers it changed (on the main thread, under `lock`, in
/// time proportional to the change): each node's `LayerValue`, its sublayer and mask ids, its
/// committed animations, and versions that grow with every change. A renderer takes a
/// `RenderTreeSnapshot` at the start of a frame — a constant-time copy under the same lock —
/// and owns it: it evaluates, damages and draws from it without any lock, while later commits
/// write new versions. Nodes live in chunks of copy-on-write arrays, so a commit after a
/// snapshot copies only the chunks it writes.
package final class RenderTree: Sendable {
    /// The process's tree (every transaction commits into it; each renderer reads the nodes
    /// below its own root).
    package static let shared = RenderTree()

    private let state = Locked(RenderTreeSnapshot())
    private let freeIDs = Locked<[Int32]>([])
    private let observers = Locked<(next: Int, list: [(id: Int, call: @Sendable () -> Void)])>((0, []))

    /// Calls `observer` after every commit that wrote something (on the committing thread,
    /// no lock held): how a paused compositor learns there is a new frame to draw.
    package func addCommitObserver(_ observer: @escaping @Sendable () -> Void) -> Int {
        observers.withLock { state in
            state.next += 1
            state.list.append((state.next, observer))
            return state.next
        }
    }

    package func removeCommitObserver(_ id: Int) {
        observers.withLock { $0.list.removeAll { $0.id == id } }
    }

    /// The tree as committed so far: an immutable value the caller owns.
    package func snapshot() -> RenderTreeSnapshot {
        state.withLock { $0 }
    }

    /// A node id for a layer committed for the first time.
    func allocate() -> Int32 {
        if let id = freeIDs.withLock({ $0.popLast() }) { return id }
        return state.withLock { tree in tree.append(RenderNode()) }
    }

    /// Replaces node `id`'s contents image (a presentation copy redrawn for an animated
    /// custom property), leaving the rest of its committed value as it is.
    func commitContents(_ id: Int32, _ contents: CGImage?) {
        state.withLock { tree in
            guard tree.contains(id), tree[id].value != nil else { return }
            tree.version += 1
            tree[id].value?.contents = contents
            tree[id].contentVersion = tree.version
            tree[id].appearanceVersion = tree.version
        }
        for observer in observers.withLock({ $0.list }) { observer.call() }
    }

    /// Frees the node of a layer that no longer exists.
    func release(_ id: Int32) {
        let valid = state.withLock { tree -> Bool in
            guard id >= 0, Int(id) < tree.count else { return false }
            tree.version += 1
            tree[id] = RenderNode(contentVersion: tree.version, appearanceVersion: tree.version)
            tree.animatedIDs.remove(id)
            tree.timeDependentIDs.remove(id)
            return true
        }
        if valid { freeIDs.withLock { $0.append(id) } }
    }

    /// Writes the committed state of `layers` (their `committedValue`s and animations).
    func commit(_ layers: [CALayer]) {
        guard !layers.isEmpty else { return }
        // Ids first (allocation takes the lock itself).
        for layer in layers {
            _ = layer.ensureRenderID()
            for child in layer.storedSublayers { _ = child.ensureRenderID() }
            _ = layer.mask?.ensureRenderID()
        }
        // The values are made outside the lock: only plain data goes in.
        let entries = layers.map { layer in
            CommitEntry(id: layer.renderID, value: layer.committedValue, children: layer.storedSublayers.map(\.renderID),
                        mask: layer.mask?.renderID ?? -1,
                        // Copies without their delegates: the render side never calls them, and the
                        // tree must not keep them alive.
                        animations: FrozenAnimations(layer.attachedAnimations.filter { $0.watch != nil }.compactMap { entry in
                            let copy = entry.animation.copy() as? CAAnimation
                            copy?.delegate = nil
                            return copy
                        }),
                        visualChange: layer.hasVisualChange, appearanceChange: layer.hasAppearanceChange,
                        changesWithTime: layer.committedValue?.changesWithTime ?? false)
        }
        for layer in layers {
            layer.hasVisualChange = false
            layer.hasAppearanceChange = false
        }
        state.withLock { tree in
            tree.version += 1
            for entry in entries { tree.write(entry) }
        }
        for observer in observers.withLock({ $0.list }) { observer.call() }
    }
}

/// One layer's committed state on its way into the tree.
struct CommitEntry {
    let id: Int32
    let value: LayerValue?
    let children: [Int32]
    let mask: Int32
    let animations: FrozenAnimations
    let visualChange: Bool
    let appearanceChange: Bool
    let changesWithTime: Bool
}

/// Committed animations: copies made at the commit, their delegates cleared, never changed
/// afterwards. `@unchecked Sendable`: `CAAnimation` is a mutable class, but nothing writes
/// these copies once they are made, so reading them on the render side is safe.
struct FrozenAnimations: @unchecked Sendable {
    let list: [CAAnimation]
    init(_ list: [CAAnimation] = []) { self.list = list }
}

/// One layer as committed.
package struct RenderNode: Sendable {
    var value: LayerValue?
    var children: [Int32] = []
    /// The superlayer's node (-1 for roots and masks): local time runs through it.
    var parent: Int32 = -1
    /// For a mask, the node it masks.
    var maskHost: Int32 = -1
    var mask: Int32 = -1
    var animations = FrozenAnimations()
    /// The tree version at which its own appearance last changed (not only its sublayer
    /// list): a renderer repaints its footprint then.
    var contentVersion: UInt64 = 0
    /// The tree version at which its look in its own space last changed (placement aside):
    /// what a rasterized layer's cached bitmap depends on.
    var appearanceVersion: UInt64 = 0
}

/// The committed tree as one value: what a renderer owns for a frame.
package struct RenderTreeSnapshot: Sendable {
    private static let chunkSize = 256
    /// Nodes in chunks: copying the snapshot shares them all, and a later write copies only
    /// its chunk (plus the list of chunks).
    private var chunks: [[RenderNode]] = []
    package private(set) var count = 0
    /// Grows with every commit that changed something.
    package var version: UInt64 = 0
    /// Nodes with committed animations.
    var animatedIDs = Set<Int32>()
    /// Nodes that look different at every instant without animations (particle emitters).
    var timeDependentIDs = Set<Int32>()

    /// Node `id`, borrowed in place: reading one field (`tree[id].children`) copies only that
    /// field, not the node.
    subscript(id: Int32) -> RenderNode {
        _read { yield chunks[Int(id) / Self.chunkSize][Int(id) % Self.chunkSize] }
        _modify { yield &chunks[Int(id) / Self.chunkSize][Int(id) % Self.chunkSize] }
    }

    /// Whether `id` names a node.
    func contains(_ id: Int32) -> Bool { id >= 0 && Int(id) < count }

    mutating func append(_ node: RenderNode) -> Int32 {
        if count % Self.chunkSize == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(node)
        count += 1
        return Int32(count - 1)
    }

    /// Writes one committed layer: its value, its sublayers (old ones let go first, so a
    /// parent's commit is linear in its child count), its mask and its animations.
    mutating func write(_ entry: CommitEntry) {
        let id = entry.id
        WorkCounter.count(1 + entry.children.count)
        guard contains(id) else { return }
        var node = self[id]
        for child in node.children where contains(child) && self[child].parent == id { self[child].parent = -1 }
        for child in entry.children where contains(child) { self[child].parent = id }
        if node.mask != entry.mask, contains(node.mask), self[node.mask].maskHost == id { self[node.mask].maskHost = -1 }
        if contains(entry.mask) { self[entry.mask].maskHost = id }
        node.value = entry.value
        node.value?.node = id
        node.children = entry.children
        node.mask = entry.mask
        node.animations = entry.animations
        if entry.visualChange || node.contentVersion == 0 { node.contentVersion = version }
        if entry.appearanceChange || node.appearanceVersion == 0 { node.appearanceVersion = version }
        self[id] = node
        if entry.animations.list.isEmpty { animatedIDs.remove(id) } else { animatedIDs.insert(id) }
        if entry.changesWithTime { timeDependentIDs.insert(id) } else { timeDependentIDs.remove(id) }
    }

    /// The node above `id` in the drawn tree: its superlayer, or for a mask the layer it masks.
    func drawnParent(of id: Int32) -> Int32 {
        let node = self[id]
        return node.parent >= 0 ? node.parent : node.maskHost
    }
}

extension CALayer {
    /// This layer's node id in the render tree, assigned at its first commit.
    func ensureRenderID() -> Int32 {
        if renderID < 0 { renderID = RenderTree.shared.allocate() }
        return renderID
    }
}
