import CoreGraphics
/// One row of the simplex tableau: basic = constant + Σ coefficient · symbol, over the
/// parametric symbols (by id).
struct SolverRow {
    var constant: Double
    var cells: SymbolCoefficients

    init(constant: Double = 0) {
        self.constant = constant
        cells = SymbolCoefficients()
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
        cells.add(symbol, coefficient)
    }

    /// Adds `coefficient` times `other`.
    mutating func insert(_ other: SolverRow, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        let symbols = other.cells.symbols, values = other.cells.values
        for i in 0..<symbols.count { cells.add(Int(symbols[i]), values[i] * coefficient) }
    }

    mutating func remove(_ symbol: Int) {
        _ = cells.removeValue(forKey: symbol)
    }

    mutating func reverseSign() {
        constant = -constant
        cells.scale(by: -1)
    }

    /// Rewrites `0 = row` as `symbol = …` (the symbol leaves the cells).
    mutating func solve(for symbol: Int) {
        guard let c = cells.removeValue(forKey: symbol) else { return }
        let k = -1 / c
        constant *= k
        cells.scale(by: k)
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

/// A row's coefficients by symbol: most rows hold a handful, so two small arrays searched in
/// order beat hashing; a row that grows long (the total of a stack's rows, a fitting size over
/// many views) is indexed by a table of positions too, so that a lookup never scans it.
struct SymbolCoefficients: Sequence {
    private(set) var symbols: [Int32] = []
    private(set) var values: [Double] = []
    /// Where each symbol sits, once the row holds more than `indexedFrom` symbols.
    private var positions: [Int32: Int32]?
    private static let indexedFrom = 16

    var isEmpty: Bool { symbols.isEmpty }

    private func index(of symbol: Int) -> Int? {
        let key = Int32(symbol)
        if let positions {
            WorkCounter.count()
            return positions[key].map { Int($0) }
        }
        WorkCounter.count(symbols.count)
        for i in 0..<symbols.count where symbols[i] == key { return i }
        return nil
    }

    subscript(symbol: Int) -> Double? {
        guard let i = index(of: symbol) else { return nil }
        return values[i]
    }

    /// Adds `coefficient` to the symbol's cell, dropping it when it cancels.
    mutating func add(_ symbol: Int, _ coefficient: Double) {
        if let i = index(of: symbol) {
            let sum = values[i] + coefficient
            if SolverRow.nearZero(sum) { removeAt(i) } else { values[i] = sum }
        } else if !SolverRow.nearZero(coefficient) {
            symbols.append(Int32(symbol))
            values.append(coefficient)
            if positions != nil {
                positions?[Int32(symbol)] = Int32(symbols.count - 1)
            } else if symbols.count > SymbolCoefficients.indexedFrom {
                var table = [Int32: Int32](minimumCapacity: symbols.count * 2)
                for (i, s) in symbols.enumerated() { table[s] = Int32(i) }
                positions = table
            }
        }
    }

    mutating func removeValue(forKey symbol: Int) -> Double? {
        guard let i = index(of: symbol) else { return nil }
        let value = values[i]
        removeAt(i)
        return value
    }

    /// Removes cell `i`, moving the last cell into its place.
    private mutating func removeAt(_ i: Int) {
        let last = symbols.count - 1
        let removed = symbols[i]
        symbols[i] = symbols[last]
        values[i] = values[last]
        symbols.removeLast()
        values.removeLast()
        if positions != nil {
            positions?[removed] = nil
            if i < last { positions?[symbols[i]] = Int32(i) }
        }
    }

    mutating func scale(by k: Double) {
        for i in 0..<values.count { values[i] *= k }
    }

    var keys: LazyMapSequence<[Int32], Int> { symbols.lazy.map { Int($0) } }

    struct Iterator: IteratorProtocol {
        let symbols: [Int32], values: [Double]
        var i = 0
        mutating func next() -> (Int, Double)? {
            guard i < symbols.count else { return nil }
            defer { i += 1 }
            return (Int(symbols[i]), values[i])
        }
    }

    func makeIterator() -> Iterator { Iterator(symbols: symbols, values: values) }
}

/// The tableau's rows by basic symbol: a slot per symbol and the list of basic ones.
struct RowTable: Sequence {
    private var slots: [SolverRow?] = []
    private var basics: [Int32] = []
    private var position: [Int32] = []

    private mutating func reserve(_ symbol: Int) {
        while slots.count <= symbol {
            slots.append(nil)
            position.append(-1)
        }
    }

    private mutating func link(_ symbol: Int) {
        guard position[symbol] < 0 else { return }
        position[symbol] = Int32(basics.count)
        basics.append(Int32(symbol))
    }

    private mutating func unlink(_ symbol: Int) {
        let p = Int(position[symbol])
        guard p >= 0 else { return }
        let last = basics.removeLast()
        if p < basics.count {
            basics[p] = last
            position[Int(last)] = Int32(p)
        }
        position[symbol] = -1
    }

    subscript(symbol: Int) -> SolverRow? {
        get { symbol < slots.count ? slots[symbol] : nil }
        set {
            reserve(symbol)
            slots[symbol] = newValue
            if newValue == nil { unlink(symbol) } else { link(symbol) }
        }
        _modify {
            reserve(symbol)
            var row = slots[symbol]
            slots[symbol] = nil
            defer {
                slots[symbol] = row
                if row == nil { unlink(symbol) } else { link(symbol) }
            }
            yield &row
        }
    }

    mutating func removeValue(forKey symbol: Int) -> SolverRow? {
        guard symbol < slots.count, let row = slots[symbol] else { return nil }
        slots[symbol] = nil
        unlink(symbol)
        return row
    }

    /// The basic symbols now (a copy: rows may change while it is walked).
    var keys: [Int] { basics.map { Int($0) } }

    struct Iterator: IteratorProtocol {
        let basics: [Int32], slots: [SolverRow?]
        var i = 0
        mutating func next() -> (Int, SolverRow)? {
            while i < basics.count {
                let symbol = Int(basics[i])
                i += 1
                if let row = slots[symbol] { return (symbol, row) }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(basics: basics, slots: slots) }
}
