#if os(Linux)
import LaminaSnapshotTesting
#else
import SnapshotTesting
#endif
import SnapshotScreens
import UIKit
import XCTest

/// Older tests, written for XCTest, in the same target. (XCTest on Linux cannot run a
/// `@MainActor` test class; in Swift 5 mode the methods call UIKit as they are, on the main
/// thread XCTest runs them on.)
final class ProfileCardXCTests: XCTestCase {
    func testCardInDarkMode() {
        let card = ProfileCardView(name: "Edsger Dijkstra", role: "Computing scientist")
        assertSnapshot(of: card, as: .image(traits: UITraitCollection(traitsFrom: [.init(userInterfaceStyle: .dark), .init(displayScale: 2)])))
    }

    func testContactNames() {
        assertSnapshot(of: Contact.samples.map(\.name).joined(separator: "\n"), as: .lines)
    }
}
