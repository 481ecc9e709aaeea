extension Array where Element: AnyObject {
    /// The index of `object` in the array, compared by identity. The scan compares raw
    /// pointers: `===` on each element retains and releases it, which for objects with weak
    /// references (every layer and view) goes through their side tables and made removing a
    /// child from a large parent cost milliseconds.
    @inlinable
    package func identityIndex(of object: Element) -> Int? {
        let target = Unmanaged.passUnretained(object).toOpaque()
        return withUnsafeBufferPointer { buffer in
            for i in buffer.indices where Unmanaged.passUnretained(buffer[i]).toOpaque() == target { return i }
            return nil
        }
    }

    /// Removes the first occurrence of `object` (by identity); returns whether it was there.
    @inlinable @discardableResult
    package mutating func removeFirstIdentical(_ object: Element) -> Bool {
        guard let index = identityIndex(of: object) else { return false }
        remove(at: index)
        return true
    }
}
