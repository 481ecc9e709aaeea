import Foundation

/// A value the layout solver finds: one edge or size of one item. Identity matters (each is
/// its own unknown); `value` holds the solution after `LayoutSolver.updateVariables()`.
final class LayoutVariable {
    let name: String
    var value: Double = 0
    /// The solver's symbol for it, once it appears in a constraint (−1 before).
    var symbol: Int = -1

    init(_ name: String) {
        self.name = name
    }
}

/// c + Σ coefficientᵢ · variableᵢ.
struct LinearExpression {
    var terms: [(variable: LayoutVariable, coefficient: Double)]
    var constant: Double

    init(_ terms: [(variable: LayoutVariable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    init(_ variable: LayoutVariable) {
        self.init([(variable, 1)])
    }

    static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
    }

    static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        a + b * -1
    }

    static func * (a: LinearExpression, k: Double) -> LinearExpression {
        LinearExpression(a.terms.map { ($0.variable, $0.coefficient * k) }, constant: a.constant * k)
    }

    static func + (a: LinearExpression, k: Double) -> LinearExpression {
        LinearExpression(a.terms, constant: a.constant + k)
    }
}

/// How strongly the solver holds a constraint: `required` ones always, the others by weight,
/// a stronger one before any number of weaker ones.
///
/// Apple's priorities 1…999 map to weights tenfold apart every 125 levels (1 weighs about 1,
/// 250 weighs 100, 750 a million, 999 about 10⁸: within what double arithmetic keeps exact
/// next to required constraints); 1000 is required.
///
/// - Note: Differs from Apple: Apple's engine satisfies higher priorities first; here a
///   priority outweighs a lower one by its weight ratio, so enough violated constraints of a
///   nearby lower priority can outweigh it (they must number in the tens for priorities 125
///   levels apart).
struct LayoutStrength: Comparable {
    let weight: Double
    static let required = LayoutStrength(weight: .infinity)

    init(weight: Double) {
        self.weight = weight
    }

    /// The strength of an Auto Layout priority (clamped to 1…1000).
    init(priority: Float) {
        let p = Double(Swift.max(1, Swift.min(1000, priority)))
        weight = p >= 1000 ? .infinity : pow(10, p / 125)
    }

    var isRequired: Bool { weight == .infinity }

    static func < (a: LayoutStrength, b: LayoutStrength) -> Bool { a.weight < b.weight }
}

/// expression (== | >= | <=) 0, held with a strength.
final class SolverConstraint {
    enum Relation { case equal, greaterOrEqual, lessOrEqual }

    let expression: LinearExpression
    let relation: Relation
    let strength: LayoutStrength

    init(_ expression: LinearExpression, _ relation: Relation, strength: LayoutStrength = .required) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
    }
}
