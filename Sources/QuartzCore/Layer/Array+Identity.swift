extension Array where Element: AnyObject {
    /// The index of `object` in the array, compared by identity. The scan compares raw
    /// pointers: `===` on each element retains and releases it, which for objects with weak
    /// references (every layer and view) goes through their side tables and made removing a
    /// child from a large parent cost milliseconds.

    package func identityIndex(of object: Element) -> Int? {
        let target = Unmanaged.passUnretained(object).toOpaque()
        // From both ends at once: a child at either end of a large parent (the last one
        // added, the first one) is found in a step or two. Child lists hold each object once,
        // so the one found is the only one.
        return withUnsafeBufferPointer { buffer in
            var low = 0, high = buffer.count - 1
            var found: Int?
            while low <= high {
                if Unmanaged.passUnretained(buffer[low]).toOpaque() == target {
                    found = low
                    break
                }
                if Unmanaged.passUnretained(buffer[high]).toOpaque() == target {
                    found = high
                    break
                }
                low += 1
                high -= 1
            }
            WorkCounter.count(low + 1)
            return found
        }
    }

    /// Removes the first occurrence of `object` (by identity); returns whether it was there.
    @discardableResult
    package mutating func removeFirstIdentical(_ object: Element) -> Bool {
        guard let index = identityIndex(of: object) else { return false }
        remove(at: index)
        return true
    }
}
