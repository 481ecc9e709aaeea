import Testing
@testable import UIKit

/// The Cassowary engine under Auto Layout: required constraints exactly, optional ones by
/// strength, edit variables, incremental removal, and conflicts refused without damage.
@Suite struct LayoutSolverTests {
    func v(_ name: String) -> LayoutVariable { LayoutVariable(name) }
    func e(_ variable: LayoutVariable) -> LinearExpression { LinearExpression(variable) }
    func k(_ value: Double) -> LinearExpression { LinearExpression(constant: value) }

    @Test func requiredEqualitiesChain() throws {
        let solver = LayoutSolver()
        let x = v("x"), y = v("y")
        try solver.add(SolverConstraint(e(x) - k(10), .equal))
        try solver.add(SolverConstraint(e(y) - e(x) - k(5), .equal))
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 15)
    }

    @Test func optionalConstraintsYieldToInequalities() throws {
        let solver = LayoutSolver()
        let x = v("x")
        try solver.add(SolverConstraint(e(x) - k(10), .greaterOrEqual))
        try solver.add(SolverConstraint(e(x) - k(20), .lessOrEqual))
        let far = SolverConstraint(e(x) - k(30), .equal, strength: LayoutStrength(priority: 250))
        try solver.add(far)
        solver.updateVariables()
        #expect(x.value == 20)
        try solver.remove(far)
        try solver.add(SolverConstraint(e(x), .equal, strength: LayoutStrength(priority: 250)))
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func theHigherPriorityWins() throws {
        let solver = LayoutSolver()
        let x = v("x")
        try solver.add(SolverConstraint(e(x), .equal, strength: LayoutStrength(priority: 250)))
        try solver.add(SolverConstraint(e(x) - k(100), .equal, strength: LayoutStrength(priority: 750)))
        solver.updateVariables()
        #expect(x.value == 100)
    }

    @Test func editVariablesFollowSuggestions() throws {
        let solver = LayoutSolver()
        let left = v("left"), width = v("width"), right = v("right")
        try solver.add(SolverConstraint(e(left), .equal))
        try solver.add(SolverConstraint(e(right) - e(left) - e(width), .equal))
        try solver.add(SolverConstraint(e(right) - k(100), .lessOrEqual))
        try solver.addEditVariable(width, strength: LayoutStrength(priority: 750))
        for (suggested, expected) in [(50.0, 50.0), (80, 80), (150, 100), (20, 20)] {
            try solver.suggestValue(width, suggested)
            solver.updateVariables()
            #expect(right.value == expected && width.value == expected)
        }
        try solver.removeEditVariable(width)
        #expect(!solver.hasEditVariable(width))
    }

    @Test func aConflictingRequiredConstraintIsRefusedAndNothingBreaks() throws {
        let solver = LayoutSolver()
        let x = v("x"), y = v("y")
        try solver.add(SolverConstraint(e(x) - k(10), .equal))
        #expect(throws: LayoutSolver.Failure.unsatisfiable) {
            try solver.add(SolverConstraint(e(x) - k(20), .equal))
        }
        #expect(throws: LayoutSolver.Failure.unsatisfiable) {
            try solver.add(SolverConstraint(e(x) - k(5), .lessOrEqual))
        }
        try solver.add(SolverConstraint(e(y) - e(x) * 2, .equal))
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 20)
        #expect(solver.constraintCount == 2)
    }

    @Test func threeEqualColumnsFillAContainer() throws {
        // | 10 a 10 b 10 c 10 | in 300 points: each column (300 − 40) / 3 wide.
        let solver = LayoutSolver()
        let container = v("width")
        let columns = (0..<3).map { (left: v("l\($0)"), width: v("w\($0)")) }
        try solver.add(SolverConstraint(e(container) - k(300), .equal))
        try solver.add(SolverConstraint(e(columns[0].left) - k(10), .equal))
        for i in 1..<3 {
            try solver.add(SolverConstraint(e(columns[i].left) - e(columns[i - 1].left) - e(columns[i - 1].width) - k(10), .equal))
            try solver.add(SolverConstraint(e(columns[i].width) - e(columns[0].width), .equal))
        }
        try solver.add(SolverConstraint(e(container) - e(columns[2].left) - e(columns[2].width) - k(10), .equal))
        solver.updateVariables()
        let width = 260.0 / 3
        #expect(abs(columns[0].width.value - width) < 1e-9)
        #expect(abs(columns[2].left.value - (30 + 2 * width)) < 1e-9)
    }

    @Test func removingEveryConstraintLeavesAnEmptySolver() throws {
        let solver = LayoutSolver()
        let x = v("x"), y = v("y")
        let constraints = [
            SolverConstraint(e(x) - k(10), .greaterOrEqual),
            SolverConstraint(e(y) - e(x), .equal),
            SolverConstraint(e(y) - k(40), .equal, strength: LayoutStrength(priority: 500)),
            SolverConstraint(e(x) + e(y) - k(100), .lessOrEqual),
        ]
        for constraint in constraints { try solver.add(constraint) }
        solver.updateVariables()
        #expect(x.value == 40 && y.value == 40)
        for constraint in constraints.reversed() { try solver.remove(constraint) }
        #expect(solver.constraintCount == 0)
        #expect(throws: LayoutSolver.Failure.unknown) { try solver.remove(constraints[0]) }
        solver.updateVariables()
        #expect(x.value == 0 && y.value == 0)
    }

    /// Random additions and removals (a fixed seed): after every step each required
    /// constraint held is met, and an addition refused as unsatisfiable changes nothing.
    @Test func randomEditsKeepEveryRequiredConstraint() throws {
        var seed: UInt64 = 0x5DEECE66D
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let solver = LayoutSolver()
        let vars = (0..<6).map { v("x\($0)") }
        var held: [(SolverConstraint, Int, Int, Double)] = []
        func value(_ c: SolverConstraint) -> Double {
            c.expression.constant + c.expression.terms.reduce(0) { $0 + $1.coefficient * $1.variable.value }
        }
        for step in 0..<1500 {
            if !held.isEmpty && next(3) == 0 {
                let (constraint, _, _, _) = held.remove(at: next(held.count))
                try solver.remove(constraint)
            } else {
                let i = next(6), j = next(6), c = Double(next(200) - 100)
                let relation: SolverConstraint.Relation = [.equal, .greaterOrEqual, .lessOrEqual][next(3)]
                let required = next(2) == 0
                let strength = required ? LayoutStrength.required : LayoutStrength(priority: Float(1 + next(999)))
                let constraint = SolverConstraint(e(vars[i]) - e(vars[j]) * 0.5 - k(c), relation, strength: strength)
                solver.updateVariables()
                let before = vars.map(\.value)
                do {
                    try solver.add(constraint)
                    held.append((constraint, i, j, c))
                } catch LayoutSolver.Failure.unsatisfiable {
                    #expect(required, "optional constraints are never unsatisfiable (step \(step))")
                    solver.updateVariables()
                    // Nothing but rounding (the refused row was pivoted in and out).
                    #expect(zip(vars.map(\.value), before).allSatisfy { abs($0 - $1) < 1e-6 }, "a refused constraint changes nothing (step \(step))")
                }
            }
            solver.updateVariables()
            for (constraint, _, _, _) in held where constraint.strength.isRequired {
                let r = value(constraint)
                switch constraint.relation {
                case .equal: #expect(abs(r) < 1e-6, "step \(step)")
                case .greaterOrEqual: #expect(r > -1e-6, "step \(step)")
                case .lessOrEqual: #expect(r < 1e-6, "step \(step)")
                }
            }
        }
    }

    /// Random constant changes (a fixed seed) on a system of required and optional
    /// constraints: after each, the required ones hold and the weighted error of the optional
    /// ones is what a solver built afresh with the new constants reaches.
    @Test func constantChangesReachTheSameOptimumAsARebuild() throws {
        var seed: UInt64 = 0x2545F4914F6CDD1D
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let vars = (0..<5).map { v("x\($0)") }
        struct Spec { var i: Int; var j: Int; var c: Double; var relation: SolverConstraint.Relation; var strength: LayoutStrength }
        var specs: [Spec] = []
        // Every unknown wished somewhere (optional), and a few required relations between them.
        for i in 0..<5 { specs.append(Spec(i: i, j: -1, c: Double(next(100)), relation: .equal, strength: LayoutStrength(priority: Float(100 + 150 * i)))) }
        for _ in 0..<4 {
            let i = next(5), j = (i + 1 + next(4)) % 5
            specs.append(Spec(i: i, j: j, c: Double(next(40) - 20), relation: [.greaterOrEqual, .lessOrEqual][next(2)], strength: .required))
        }
        for _ in 0..<4 {
            let i = next(5), j = (i + 1 + next(4)) % 5
            specs.append(Spec(i: i, j: j, c: Double(next(40) - 20), relation: [.equal, .greaterOrEqual, .lessOrEqual][next(3)],
                              strength: LayoutStrength(priority: Float(50 + next(900)))))
        }
        func make(_ spec: Spec, _ c: Double) -> SolverConstraint {
            let left = e(vars[spec.i]) - k(c)
            return SolverConstraint(spec.j < 0 ? left : left - e(vars[spec.j]), spec.relation, strength: spec.strength)
        }
        func residual(_ spec: Spec, _ c: Double) -> Double {
            vars[spec.i].value - (spec.j < 0 ? 0 : vars[spec.j].value) - c
        }
        func error(_ spec: Spec, _ c: Double) -> Double {
            let r = residual(spec, c)
            switch spec.relation {
            case .equal: return abs(r)
            case .greaterOrEqual: return max(0, -r)
            case .lessOrEqual: return max(0, r)
            }
        }
        func objective(_ constants: [Double]) -> Double {
            zip(specs, constants).reduce(0) { $0 + ($1.0.strength.isRequired ? 0 : $1.0.strength.weight * error($1.0, $1.1)) }
        }
        var constants = specs.map(\.c)
        var solver = LayoutSolver()
        var held: [SolverConstraint?] = []
        /// What the engine does when a change conflicts: build again from the constants.
        func rebuild() {
            solver = LayoutSolver()
            held = []
            for (spec, c) in zip(specs, constants) {
                let constraint = make(spec, c)
                do { try solver.add(constraint); held.append(constraint) } catch { held.append(nil) }
            }
        }
        rebuild()
        for step in 0..<300 {
            let index = next(specs.count)
            let value = Double(next(120) - 60)
            constants[index] = value
            if let constraint = held[index] {
                // The expression holds −c: that is its constant.
                do { try solver.setConstant(constraint, -value) } catch { rebuild() }
            } else {
                rebuild()
            }
            solver.updateVariables()
            let incremental = objective(constants)
            for (n, (spec, c)) in zip(specs, constants).enumerated() where spec.strength.isRequired && held[n] != nil {
                #expect(error(spec, c) < 1e-6, "step \(step)")
            }
            let fresh = LayoutSolver()
            for (n, (spec, c)) in zip(specs, constants).enumerated() where held[n] != nil { try fresh.add(make(spec, c)) }
            fresh.updateVariables()
            let rebuilt = objective(constants)
            #expect(abs(incremental - rebuilt) <= 1e-6 * max(1, rebuilt), "step \(step): \(incremental) vs \(rebuilt)")
            solver.updateVariables()
        }
    }
}
