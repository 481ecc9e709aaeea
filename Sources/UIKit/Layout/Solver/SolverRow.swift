/// One row of the simplex tableau: basic = constant + Σ coefficient · symbol, over the
/// parametric symbols (by id).
struct SolverRow {
    var constant: Double
    var cells: [Int: Double]

    init(constant: Double = 0) {
        self.constant = constant
        cells = [:]
    }

    static let epsilon = 1.0e-8

    static func nearZero(_ value: Double) -> Bool { abs(value) < epsilon }

    func coefficient(for symbol: Int) -> Double { cells[symbol] ?? 0 }

    /// Adds `value` to the constant and returns the new constant.
    mutating func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// Adds `coefficient` · `symbol`, dropping the cell when it cancels.
    mutating func insert(_ symbol: Int, _ coefficient: Double = 1) {
        let sum = (cells[symbol] ?? 0) + coefficient
        if SolverRow.nearZero(sum) { cells[symbol] = nil } else { cells[symbol] = sum }
    }

    /// Adds `coefficient` times `other`.
    mutating func insert(_ other: SolverRow, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        for (symbol, c) in other.cells { insert(symbol, c * coefficient) }
    }

    mutating func remove(_ symbol: Int) {
        cells[symbol] = nil
    }

    mutating func reverseSign() {
        constant = -constant
        for key in cells.keys { cells[key] = -cells[key]! }
    }

    /// Rewrites `0 = row` as `symbol = …` (the symbol leaves the cells).
    mutating func solve(for symbol: Int) {
        guard let c = cells.removeValue(forKey: symbol) else { return }
        let k = -1 / c
        constant *= k
        for key in cells.keys { cells[key] = cells[key]! * k }
    }

    /// Rewrites `lhs = row` as `rhs = …` (lhs joins the cells).
    mutating func solve(for lhs: Int, _ rhs: Int) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row` (which expresses it).
    mutating func substitute(_ symbol: Int, with row: SolverRow) {
        guard let c = cells.removeValue(forKey: symbol) else { return }
        insert(row, c)
    }
}
