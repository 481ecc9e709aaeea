/// An incremental Cassowary solver (the dual simplex method over a tableau kept between
/// changes), as Auto Layout's engine is: required constraints hold exactly, optional ones are
/// violated as little as their strengths allow, and constraints, edit variables and their
/// suggested values change without rebuilding.
///
/// The design follows kiwi's: no stay constraints, error variables only for optional
/// constraints, a dummy marker for required equalities, an artificial variable only when a
/// new row has no symbol to solve for.
final class LayoutSolver {
    enum Failure: Error, Equatable {
        /// A required constraint conflicts with the required ones already held.
        case unsatisfiable
        case duplicate
        case unknown
        /// The objective has no bound (an internal error: required constraints bound it).
        case unbounded
        /// The dual simplex found no pivot (an internal error).
        case noDualPivot
    }

    private enum Kind: UInt8 { case external, slack, error, dummy }

    /// What marks a constraint's effect in the tableau: its marker (slack, error or dummy)
    /// and, for optional constraints, its second error symbol (−1 when none).
    private struct Tag {
        var marker = -1
        var other = -1
        /// The markers' coefficients in the constraint's row as first made (before any sign
        /// reversal): a constant change of δ is the marker moving by −δ / coefficient.
        var markerCoefficient = 1.0
        var otherCoefficient = 1.0
        /// The constraint's constant now (its expression's, until `setConstant` changes it).
        var constant = 0.0
    }

    private struct Edit {
        var tag: Tag
        var constraint: SolverConstraint
        var constant: Double
    }

    private var kinds: [Kind] = []
    private var rows = RowTable()
    private var tags: [ObjectIdentifier: (constraint: SolverConstraint, tag: Tag)] = [:]
    private var edits: [ObjectIdentifier: Edit] = [:]
    private var variables: [LayoutVariable] = []
    private var infeasible: [Int] = []
    private var objective = SolverRow()
    private var artificial: SolverRow?

    /// How many constraints the solver holds.
    var constraintCount: Int { tags.count }

    private func newSymbol(_ kind: Kind) -> Int {
        kinds.append(kind)
        return kinds.count - 1
    }

    private func symbol(for variable: LayoutVariable) -> Int {
        if variable.symbol >= 0 && variable.symbol < kinds.count && kinds[variable.symbol] == .external { return variable.symbol }
        variable.symbol = newSymbol(.external)
        variables.append(variable)
        return variable.symbol
    }

    // MARK: Constraints

    func contains(_ constraint: SolverConstraint) -> Bool {
        tags[ObjectIdentifier(constraint)] != nil
    }

    /// Adds a constraint; throws `.unsatisfiable` (leaving the solver as it was) when it is
    /// required and conflicts with the required constraints held.
    func add(_ constraint: SolverConstraint) throws {
        let id = ObjectIdentifier(constraint)
        guard tags[id] == nil else { throw Failure.duplicate }
        var tag = Tag()
        var row = makeRow(constraint, &tag)
        var subject = chooseSubject(row, tag)
        if subject < 0 && allDummies(row) {
            guard SolverRow.nearZero(row.constant) else { throw Failure.unsatisfiable }
            subject = tag.marker
        }
        if subject < 0 {
            guard try addWithArtificialVariable(row) else {
                // Undo: the constraint's marker is somewhere in the tableau; take it out again.
                tags[id] = (constraint, tag)
                try? remove(constraint)
                throw Failure.unsatisfiable
            }
        } else {
            row.solve(for: subject)
            substitute(subject, with: row)
            rows[subject] = row
        }
        tags[id] = (constraint, tag)
        try optimize(objective: true)
    }

    func remove(_ constraint: SolverConstraint) throws {
        guard let (_, tag) = tags.removeValue(forKey: ObjectIdentifier(constraint)) else { throw Failure.unknown }
        // The error symbols leave the objective.
        for marker in [tag.marker, tag.other] where marker >= 0 && kinds[marker] == .error {
            if let row = rows[marker] {
                objective.insert(row, -constraint.strength.weight)
            } else {
                objective.insert(marker, -constraint.strength.weight)
            }
        }
        // A basic marker's row goes; a parametric one is pivoted in first and then goes. A
        // marker in no row at all (its constraint is implied by others, its column cancelled
        // out) has nothing left to take out.
        if rows.removeValue(forKey: tag.marker) == nil, let leaving = markerLeavingRow(tag.marker),
           var row = rows.removeValue(forKey: leaving) {
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, with: row)
        }
        try optimize(objective: true)
    }

    /// Changes a held constraint's constant without rebuilding: the change moves its marker,
    /// and the dual simplex restores feasibility. Throws `.unsatisfiable` when a required
    /// constraint can no longer hold with the others (the solver must then be rebuilt).
    func setConstant(_ constraint: SolverConstraint, _ value: Double) throws {
        let id = ObjectIdentifier(constraint)
        guard var entry = tags[id] else { throw Failure.unknown }
        let delta = value - entry.tag.constant
        guard delta != 0 else { return }
        entry.tag.constant = value
        tags[id] = entry
        let tag = entry.tag
        // In the constraint's equation e + c + k·m = 0, c + δ with marker m' is c with
        // m = m' + δ / k: rows holding m as a parameter shift by a·δ / k, a basic m by −δ / k.
        if rows[tag.marker] != nil {
            let moved = rows[tag.marker]!.add(-delta / tag.markerCoefficient)
            try note(tag.marker, moved)
        } else if tag.other >= 0 && rows[tag.other] != nil {
            let moved = rows[tag.other]!.add(-delta / tag.otherCoefficient)
            try note(tag.other, moved)
        } else {
            let shift = delta / tag.markerCoefficient
            for symbol in rows.keys {
                let a = rows[symbol]!.coefficient(for: tag.marker)
                guard a != 0 else { continue }
                try note(symbol, rows[symbol]!.add(a * shift))
            }
        }
        try dualOptimize()
    }

    /// A basic symbol's new constant: a restricted one below zero needs a dual pivot; a
    /// dummy away from zero means required constraints conflict.
    private func note(_ symbol: Int, _ constant: Double) throws {
        switch kinds[symbol] {
        case .external: break
        case .dummy: if !SolverRow.nearZero(constant) { throw Failure.unsatisfiable }
        case .slack, .error: if constant < 0 { infeasible.append(symbol) }
        }
    }

    /// Whether `variable`'s value is fixed by the constraints: it is basic and no parameter
    /// of its row could move without changing the objective (a free variable, or a slack or
    /// error at no cost, would let it take other values).
    func isDetermined(_ variable: LayoutVariable) -> Bool {
        guard variable.symbol >= 0, variable.symbol < kinds.count, let row = rows[variable.symbol] else { return false }
        for (symbol, _) in row.cells {
            switch kinds[symbol] {
            case .dummy: continue
            case .external: return false
            case .slack, .error: if abs(objective.coefficient(for: symbol)) < 1e-9 { return false }
            }
        }
        return true
    }

    // MARK: Edit variables

    /// Makes `variable` one whose value is suggested (`suggestValue`), held with `strength`
    /// (required strengths are held as the strongest optional one).
    func addEditVariable(_ variable: LayoutVariable, strength: LayoutStrength) throws {
        let id = ObjectIdentifier(variable)
        guard edits[id] == nil else { throw Failure.duplicate }
        let held = strength.isRequired ? LayoutStrength(priority: 999) : strength
        let constraint = SolverConstraint(LinearExpression(variable), .equal, strength: held)
        try add(constraint)
        edits[id] = Edit(tag: tags[ObjectIdentifier(constraint)]!.tag, constraint: constraint, constant: 0)
    }

    func removeEditVariable(_ variable: LayoutVariable) throws {
        guard let edit = edits.removeValue(forKey: ObjectIdentifier(variable)) else { throw Failure.unknown }
        try remove(edit.constraint)
    }

    func hasEditVariable(_ variable: LayoutVariable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// Suggests a value for an edit variable; the tableau follows by dual pivots.
    func suggestValue(_ variable: LayoutVariable, _ value: Double) throws {
        let id = ObjectIdentifier(variable)
        guard var edit = edits[id] else { throw Failure.unknown }
        let delta = value - edit.constant
        edit.constant = value
        edits[id] = edit
        let marker = edit.tag.marker, other = edit.tag.other
        if rows[marker] != nil {
            if rows[marker]!.add(-delta) < 0 { infeasible.append(marker) }
        } else if other >= 0 && rows[other] != nil {
            if rows[other]!.add(delta) < 0 { infeasible.append(other) }
        } else {
            for symbol in rows.keys {
                let c = rows[symbol]!.coefficient(for: marker)
                if c != 0 && rows[symbol]!.add(delta * c) < 0 && kinds[symbol] != .external { infeasible.append(symbol) }
            }
        }
        try dualOptimize()
    }

    /// Writes the solution into the variables' `value`.
    func updateVariables() {
        for variable in variables where variable.symbol >= 0 {
            variable.value = rows[variable.symbol]?.constant ?? 0
        }
    }

    // MARK: Tableau

    /// The row of a new constraint, with its slack, error or dummy symbols, in terms of the
    /// current parametric symbols.
    private func makeRow(_ constraint: SolverConstraint, _ tag: inout Tag) -> SolverRow {
        let expression = constraint.expression
        tag.constant = expression.constant
        var row = SolverRow(constant: expression.constant)
        for (variable, coefficient) in expression.terms where !SolverRow.nearZero(coefficient) {
            let symbol = symbol(for: variable)
            if let basic = rows[symbol] { row.insert(basic, coefficient) } else { row.insert(symbol, coefficient) }
        }
        let weight = constraint.strength.weight
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let sign: Double = constraint.relation == .lessOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            tag.markerCoefficient = sign
            row.insert(slack, sign)
            if !constraint.strength.isRequired {
                let error = newSymbol(.error)
                tag.other = error
                tag.otherCoefficient = -sign
                row.insert(error, -sign)
                objective.insert(error, weight)
            }
        case .equal:
            if !constraint.strength.isRequired {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                tag.markerCoefficient = -1
                tag.otherCoefficient = 1
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, weight)
                objective.insert(minus, weight)
            } else {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// The symbol to make basic for a new row: an external one if any, else its marker or
    /// other symbol when that is a slack or error with a negative coefficient; −1 if none.
    private func chooseSubject(_ row: SolverRow, _ tag: Tag) -> Int {
        for symbol in row.cells.keys where kinds[symbol] == .external { return symbol }
        for marker in [tag.marker, tag.other] where marker >= 0 {
            if (kinds[marker] == .slack || kinds[marker] == .error) && row.coefficient(for: marker) < 0 { return marker }
        }
        return -1
    }

    private func allDummies(_ row: SolverRow) -> Bool {
        row.cells.keys.allSatisfy { kinds[$0] == .dummy }
    }

    /// Adds a row with no subject through an artificial variable minimized to zero; false
    /// when it cannot reach zero (the row conflicts).
    private func addWithArtificialVariable(_ row: SolverRow) throws -> Bool {
        let art = newSymbol(.slack)
        rows[art] = row
        artificial = row
        try optimize(objective: false)
        let success = SolverRow.nearZero(artificial!.constant)
        artificial = nil
        if var basic = rows.removeValue(forKey: art) {
            if basic.cells.isEmpty { return success }
            guard let entering = basic.cells.keys.first(where: { kinds[$0] == .slack || kinds[$0] == .error }) else { return false }
            basic.solve(for: art, entering)
            substitute(entering, with: basic)
            rows[entering] = basic
        }
        for symbol in rows.keys { rows[symbol]!.remove(art) }
        objective.remove(art)
        return success
    }

    /// Replaces `symbol` by `row` everywhere: in every row, the objective and the artificial
    /// objective; rows of restricted symbols that turn negative become infeasible.
    private func substitute(_ symbol: Int, with row: SolverRow) {
        for key in rows.keys {
            guard rows[key]!.cells[symbol] != nil else { continue }
            rows[key]!.substitute(symbol, with: row)
            if kinds[key] != .external && rows[key]!.constant < 0 { infeasible.append(key) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// The primal simplex on the objective (or the artificial one) until no symbol lowers it.
    private func optimize(objective useObjective: Bool) throws {
        while true {
            let target = useObjective ? objective : artificial!
            // The entering symbol: a non-dummy with a negative objective coefficient (the
            // lowest id, so that ties always break the same way). Weights reach 10⁸, so
            // cancellation leaves residues far above `SolverRow.epsilon`: below −1e-6 counts.
            var entering = -1
            for (symbol, c) in target.cells where kinds[symbol] != .dummy && c < -1e-6 && (entering < 0 || symbol < entering) {
                entering = symbol
            }
            guard entering >= 0 else { return }
            var leaving = -1, best = Double.infinity
            for (symbol, row) in rows where kinds[symbol] != .external {
                let c = row.coefficient(for: entering)
                guard c < 0 else { continue }
                let ratio = -row.constant / c
                if ratio < best || (ratio == best && symbol < leaving) {
                    best = ratio
                    leaving = symbol
                }
            }
            guard leaving >= 0, var row = rows.removeValue(forKey: leaving) else { throw Failure.unbounded }
            row.solve(for: leaving, entering)
            substitute(entering, with: row)
            rows[entering] = row
        }
    }

    /// The dual simplex: pivots infeasible rows (negative constants of restricted symbols)
    /// back to feasibility, keeping the objective optimal.
    private func dualOptimize() throws {
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving], !SolverRow.nearZero(row.constant), row.constant < 0 else { continue }
            var entering = -1, best = Double.infinity
            for (symbol, c) in row.cells where c > 0 && kinds[symbol] != .dummy {
                let ratio = objective.coefficient(for: symbol) / c
                if ratio < best || (ratio == best && symbol < entering) {
                    best = ratio
                    entering = symbol
                }
            }
            guard entering >= 0, var pivot = rows.removeValue(forKey: leaving) else { throw Failure.noDualPivot }
            pivot.solve(for: leaving, entering)
            substitute(entering, with: pivot)
            rows[entering] = pivot
        }
    }

    /// The row to pivot a non-basic marker into when its constraint is removed.
    private func markerLeavingRow(_ marker: Int) -> Int? {
        var r1 = Double.infinity, r2 = Double.infinity
        var first = -1, second = -1, third = -1
        for (symbol, row) in rows {
            let c = row.coefficient(for: marker)
            guard c != 0 else { continue }
            if kinds[symbol] == .external {
                third = symbol
            } else if c < 0 {
                let r = -row.constant / c
                if r < r1 { r1 = r; first = symbol }
            } else {
                let r = row.constant / c
                if r < r2 { r2 = r; second = symbol }
            }
        }
        for candidate in [first, second, third] where candidate >= 0 { return candidate }
        return nil
    }
}
