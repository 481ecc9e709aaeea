/// Exactly rounded floating-point summation (Shewchuk's algorithm, as Python's `math.fsum`),
/// so the check value `fsum_of_all_numbers` can be reproduced.
public func exactSum(_ values: [Double]) -> Double {
    var partials: [Double] = []
    for value in values {
        var x = value
        var kept = 0
        for partial in partials {
            var y = partial
            if abs(x) < abs(y) { swap(&x, &y) }
            let high = x + y
            let low = y - (high - x)
            if low != 0 {
                partials[kept] = low
                kept += 1
            }
            x = high
        }
        partials.removeSubrange(kept...)
        partials.append(x)
    }
    return partials.reduce(0, +)
}
