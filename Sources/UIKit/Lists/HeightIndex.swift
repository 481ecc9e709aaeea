import Foundation

/// Lengths laid end to end (the rows, headers and footers of a list), with the position of
/// any one and the one at any position in O(log n), and a change of one length in O(log n):
/// a Fenwick tree over the lengths. A list of 100,000 rows changes a measured row's height
/// without walking the rows after it.
struct HeightIndex {
    private(set) var lengths: [Double] = []
    private var tree: [Double] = [0]

    init() {}

    init(_ lengths: [Double]) {
        self.lengths = lengths
        // Linear construction: each node adds itself to its parent.
        tree = [0] + lengths
        let n = lengths.count
        if n > 0 {
            for i in 1...n {
                let parent = i + (i & -i)
                if parent <= n { tree[parent] += tree[i] }
            }
        }
    }

    var count: Int { lengths.count }

    /// The sum of all lengths.
    var total: Double { prefix(lengths.count) }

    /// The sum of the first `n` lengths: where item `n` starts.
    func prefix(_ n: Int) -> Double {
        var i = Swift.min(Swift.max(n, 0), lengths.count)
        var sum = 0.0
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// Sets the length of item `index`.
    mutating func set(_ index: Int, _ length: Double) {
        guard index >= 0, index < lengths.count else { return }
        let delta = length - lengths[index]
        guard delta != 0 else { return }
        lengths[index] = length
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The item covering `position` (the first whose end is past it), clamped to the items.
    func index(at position: Double) -> Int {
        guard !lengths.isEmpty else { return 0 }
        if position <= 0 { return 0 }
        var index = 0
        var remaining = position
        var step = 1
        while step * 2 <= lengths.count { step *= 2 }
        while step > 0 {
            let next = index + step
            if next <= lengths.count, tree[next] <= remaining {
                index = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return Swift.min(index, lengths.count - 1)
    }
}
