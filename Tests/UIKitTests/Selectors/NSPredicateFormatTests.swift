import Foundation
import Testing
import UIKit

/// `NSPredicate(format:)` as iOS apps use it, which swift-corelibs-foundation leaves out.
@Suite struct NSPredicateFormatTests {
    private struct Person {
        let name: String
        let age: Int
        let city: String?
    }

    @Test func theEmailCheckAppsWriteMatchesWholeStrings() {
        let emailRegEx = "[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,64}"
        let emailPred = NSPredicate(format: "SELF MATCHES %@", emailRegEx)
        #expect(emailPred.evaluate(with: "jonathan@example.com"))
        #expect(!emailPred.evaluate(with: "jonathan@example"))
        #expect(!emailPred.evaluate(with: "say jonathan@example.com"), "MATCHES is anchored at both ends")
        #expect(NSPredicate(format: "SELF MATCHES[c] %@", "abc").evaluate(with: "ABC"))
    }

    @Test func stringComparisonsHonourCaseAndDiacriticOptions() {
        #expect(NSPredicate(format: "SELF CONTAINS %@", "ell").evaluate(with: "Hello"))
        #expect(!NSPredicate(format: "SELF CONTAINS %@", "ELL").evaluate(with: "Hello"))
        #expect(NSPredicate(format: "SELF CONTAINS[c] %@", "ELL").evaluate(with: "Hello"))
        #expect(NSPredicate(format: "SELF BEGINSWITH[cd] %@", "cafe").evaluate(with: "Café au lait"))
        #expect(NSPredicate(format: "SELF ENDSWITH 'lait'").evaluate(with: "Café au lait"))
        #expect(NSPredicate(format: "SELF LIKE 'C*e?'").evaluate(with: "Chef"))
        #expect(NSPredicate(format: "SELF == %@", "a").evaluate(with: "a") && NSPredicate(format: "SELF != %@", "a").evaluate(with: "b"))
    }

    @Test func keyPathsNumbersAndCompoundConditions() {
        let people = [Person(name: "Ana", age: 34, city: "Lisbon"), Person(name: "Ben", age: 17, city: nil),
                      Person(name: "Cy", age: 52, city: "Porto")]
        let adults = people.filter { NSPredicate(format: "age >= %d AND city != nil", 18).evaluate(with: $0) }
        #expect(adults.map(\.name) == ["Ana", "Cy"])
        let named = NSPredicate(format: "%K BEGINSWITH[c] %@ OR (age < 20 AND NOT name == 'Ana')", "name", "c")
        #expect(people.filter { named.evaluate(with: $0) }.map(\.name) == ["Ben", "Cy"])
        let row: [String: Any] = ["title": "Groceries", "count": 3]
        #expect(NSPredicate(format: "title == 'Groceries' && count > 2").evaluate(with: row))
        #expect(NSPredicate(format: "TRUEPREDICATE").evaluate(with: nil))
        #expect(NSPredicate(format: "SELF > 2.5", argumentArray: nil).evaluate(with: 3))
    }
}
