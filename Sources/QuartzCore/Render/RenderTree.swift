import Foundation

/// The committed layer tree, as the render side reads it: flat arrays indexed by node id.
///
/// Each transaction commit writes the layers it changed: a node's snapshot (an immutable copy
/// of the layer's state at that commit, never the live layer), its sublayer and mask ids, its
/// committed animations, and a version that grows with every change. Renderers read only
/// this, under `lock`, and evaluate the animations themselves at the time they draw.
package final class RenderTree: @unchecked Sendable {
    /// One layer as committed.
    package struct Node {
        package var snapshot: CALayer?
        package var children: [Int32] = []
        package var parent: Int32 = -1
        package var mask: Int32 = -1
        package var animations: [CAAnimation] = []
        /// The tree version at which its own appearance last changed (not only its sublayer
        /// list): a renderer repaints its footprint then.
        package var contentVersion: UInt64 = 0
        /// The tree version at which its look in its own space last changed (placement
        /// aside): what a rasterized layer's cached bitmap depends on.
        package var appearanceVersion: UInt64 = 0
    }

    /// The process's tree (every transaction commits into it).
    package static let shared = RenderTree()

    package let lock = NSLock()
    package private(set) var nodes: [Node] = []
    private var freeIDs: [Int32] = []
    /// Grows with every commit that changed something.
    package private(set) var version: UInt64 = 0
    /// Nodes with committed animations (renderers drop the ones whose animations have all
    /// ended).
    package var animatedIDs = Set<Int32>()
    /// Nodes that look different at every instant without animations (particle emitters).
    package var timeDependentIDs = Set<Int32>()

    /// A node id for a layer committed for the first time.
    func allocate() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if let id = freeIDs.popLast() {
            nodes[Int(id)] = Node()
            return id
        }
        nodes.append(Node())
        return Int32(nodes.count - 1)
    }

    /// Frees the node of a layer that no longer exists.
    func release(_ id: Int32) {
        lock.lock()
        defer { lock.unlock() }
        guard id >= 0, Int(id) < nodes.count else { return }
        version += 1
        nodes[Int(id)] = Node(contentVersion: version, appearanceVersion: version)
        animatedIDs.remove(id)
        timeDependentIDs.remove(id)
        freeIDs.append(id)
    }

    /// Writes the committed state of `layers` (already snapshotted into `committedState`).
    func commit(_ layers: [CALayer]) {
        guard !layers.isEmpty else { return }
        // Ids first (outside the lock: allocation takes it).
        for layer in layers {
            _ = layer.ensureRenderID()
            for child in layer.storedSublayers { _ = child.ensureRenderID() }
            _ = layer.mask?.ensureRenderID()
        }
        lock.lock()
        defer { lock.unlock() }
        version += 1
        for layer in layers {
            let id = Int(layer.renderID)
            var node = nodes[id]
            node.snapshot = layer.committedState
            node.snapshot?.snapshotNodeID = Int32(id)
            let children = layer.storedSublayers.map(\.renderID)
            // Old children let go, then the current ones are claimed: linear in the child
            // count (a membership test per old child made big parents quadratic).
            for child in node.children where nodes[Int(child)].parent == Int32(id) { nodes[Int(child)].parent = -1 }
            for child in children { nodes[Int(child)].parent = Int32(id) }
            node.children = children
            node.mask = layer.mask?.renderID ?? -1
            // Copies: the render side must not see later changes to the layer's own copies
            // (an interactive animator re-times them) until they are committed again.
            node.animations = layer.attachedAnimations.filter { $0.watch != nil }.compactMap { $0.animation.copy() as? CAAnimation }
            if layer.hasVisualChange || node.contentVersion == 0 { node.contentVersion = version }
            layer.hasVisualChange = false
            if layer.hasAppearanceChange || node.appearanceVersion == 0 { node.appearanceVersion = version }
            layer.hasAppearanceChange = false
            nodes[id] = node
            if node.animations.isEmpty { animatedIDs.remove(Int32(id)) } else { animatedIDs.insert(Int32(id)) }
            if layer.changesWithTime { timeDependentIDs.insert(Int32(id)) } else { timeDependentIDs.remove(Int32(id)) }
        }
    }
}

extension CALayer {
    /// This layer's node id in the render tree, assigned at its first commit.
    func ensureRenderID() -> Int32 {
        if renderID < 0 { renderID = RenderTree.shared.allocate() }
        return renderID
    }
}
