import Foundation
import QuartzCore
import UIKit

extension Snapshotting where Value == String, Format == String {
    /// Text compared line by line.
    nonisolated(unsafe) public static let lines = Snapshotting(pathExtension: "txt", diffing: .lines)
}

extension Diffing where Value == String {
    /// Text compared line by line; a failure shows the differing lines as a unified diff
    /// (`−` the reference's, `+` the snapshot's).
    nonisolated(unsafe) public static let lines = Diffing(
        toData: { Data($0.utf8) },
        fromData: { String(decoding: $0, as: UTF8.self) },
        diff: { old, new in
            guard old != new else { return nil }
            let hunks = LineDiff.unified(old.components(separatedBy: "\n"), new.components(separatedBy: "\n"))
            let attachment = XCTAttachment(data: Data(hunks.utf8), uniformTypeIdentifier: "public.patch-file")
            return (hunks, [attachment])
        })
}

extension Snapshotting where Format == String {
    /// The value's `String(describing:)`.
    public static var description: Snapshotting {
        SimplySnapshotting<String>.lines.pullback { String(describing: $0) }
    }

    /// The value's structure as Swift's `dump` prints it, with memory addresses left out (so
    /// the text is the same on every run).
    ///
    /// - Note: Differs from Apple: swift-snapshot-testing prints its own format; this is the
    ///   standard library's `dump`.
    public static var dump: Snapshotting {
        SimplySnapshotting<String>.lines.pullback { value in
            var text = ""
            Swift.dump(value, to: &text)
            return Addresses.removed(from: text)
        }
    }
}

extension Snapshotting where Value == UIView, Format == String {
    /// The view and its subviews, one line each, indented by depth: class, frame and the state
    /// UIKit's `recursiveDescription` shows, without addresses.
    public static var recursiveDescription: Snapshotting { .recursiveDescription() }

    /// As `recursiveDescription`, with the view laid out at `size` and `traits` first.
    public static func recursiveDescription(size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        SimplySnapshotting<String>.lines.pullback { view in
            onMain {
                let shownSize = size ?? view.frame.size
                return SnapshotHost.lending(view, at: shownSize) { host in
                    SnapshotHost.withShown(host, config: ViewImageConfig(size: shownSize, traits: traits), traits: .init()) {
                        ViewDescription.recursive(view)
                    }
                }
            }
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == String {
    /// The controller and its children and presented controllers, one line each: class, the
    /// appearance state and the class of its view.
    public static var hierarchy: Snapshotting {
        SimplySnapshotting<String>.lines.pullback { controller in
            onMain {
                SnapshotHost.withShown(controller, config: ViewImageConfig(), traits: .init()) { ViewDescription.hierarchy(controller) }
            }
        }
    }

    /// The controller's view hierarchy (see `Snapshotting<UIView, String>.recursiveDescription`).
    public static var recursiveDescription: Snapshotting { .recursiveDescription() }

    /// The controller's view hierarchy, shown on `config` first.
    public static func recursiveDescription(on config: ViewImageConfig = .init(), size: CGSize? = nil,
                                            traits: UITraitCollection = .init()) -> Snapshotting {
        let shown = ViewImageConfig(safeArea: config.safeArea, size: size ?? config.size, traits: config.traits)
        return SimplySnapshotting<String>.lines.pullback { controller in
            onMain {
                SnapshotHost.withShown(controller, config: shown, traits: traits) { ViewDescription.recursive(controller.view) }
            }
        }
    }
}

/// Text descriptions of views and controllers, as UIKit's debugging descriptions print them.
@MainActor
enum ViewDescription {
    static func recursive(_ root: UIView) -> String {
        var lines: [String] = []
        func visit(_ view: UIView, depth: Int) {
            lines.append(String(repeating: "   | ", count: depth) + line(for: view))
            for subview in view.subviews { visit(subview, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n") + "\n"
    }

    static func line(for view: UIView) -> String {
        var parts = ["frame = \(rect(view.frame))"]
        if view.bounds.origin != .zero { parts.append("bounds = \(rect(view.bounds))") }
        if view.transform != .identity {
            let t = view.transform
            parts.append("transform = [\(number(t.a)), \(number(t.b)), \(number(t.c)), \(number(t.d)), \(number(t.tx)), \(number(t.ty))]")
        }
        if view.isHidden { parts.append("hidden = YES") }
        if view.alpha != 1 { parts.append("alpha = \(number(view.alpha))") }
        if view.clipsToBounds { parts.append("clipsToBounds = YES") }
        if !view.isUserInteractionEnabled { parts.append("userInteractionEnabled = NO") }
        if let label = view as? UILabel { parts.append("text = '\(label.text ?? "")'") }
        if let button = view as? UIButton, let title = button.title(for: .normal) { parts.append("title = '\(title)'") }
        if let field = view as? UITextField { parts.append("text = '\(field.text ?? "")'") }
        if let image = view as? UIImageView, let picture = image.image { parts.append("image = \(number(picture.size.width))x\(number(picture.size.height))") }
        parts.append("layer = <\(String(describing: type(of: view.layer)))>")
        return "<\(String(describing: type(of: view))); \(parts.joined(separator: "; "))>"
    }

    static func hierarchy(_ root: UIViewController) -> String {
        var lines: [String] = []
        func visit(_ controller: UIViewController, prefix: String) {
            let state = controller.viewIfLoaded?.window != nil ? "appeared" : "disappeared"
            let view = controller.viewIfLoaded.map { "<\(String(describing: type(of: $0)))>" } ?? "(view not loaded)"
            lines.append("\(prefix)<\(String(describing: type(of: controller)))>, state: \(state), view: \(view)")
            let indent = String(repeating: " ", count: max(0, prefix.count - 2))
            for child in controller.children { visit(child, prefix: indent + "   | ") }
            if let presented = controller.presentedViewController, presented.presentingViewController === controller {
                visit(presented, prefix: indent + "   + ")
            }
        }
        visit(root, prefix: "")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func rect(_ rect: CGRect) -> String {
        "(\(number(rect.minX)) \(number(rect.minY)); \(number(rect.width)) \(number(rect.height)))"
    }

    private static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", Double(value))
    }
}

/// Memory addresses in printed text (`0x600000c14000`), which change from run to run.
enum Addresses {
    static func removed(from text: String) -> String {
        text.replacingOccurrences(of: ":?\\s*0x[0-9a-fA-F]+(\\s*)", with: "$1", options: .regularExpression)
    }
}

/// A line diff as a unified diff's hunks, with three lines of context.
enum LineDiff {
    static func unified(_ old: [String], _ new: [String]) -> String {
        // Longest common subsequence, by dynamic programming from the end.
        let n = old.count, m = new.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        if n > 0, m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
        }
        enum Edit { case same(String), removed(String), added(String) }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                edits.append(.same(old[i])); i += 1; j += 1
            } else if j < m, i == n || table[i][j + 1] > table[i + 1][j] {
                edits.append(.added(new[j])); j += 1
            } else {
                edits.append(.removed(old[i])); i += 1
            }
        }
        // Group changes with up to three lines of context around each.
        var output: [String] = []
        var index = 0
        var oldLine = 1, newLine = 1
        var lineNumbers: [(Int, Int)] = []
        for edit in edits {
            lineNumbers.append((oldLine, newLine))
            switch edit {
            case .same: oldLine += 1; newLine += 1
            case .removed: oldLine += 1
            case .added: newLine += 1
            }
        }
        while index < edits.count {
            guard let firstChange = edits[index...].firstIndex(where: { if case .same = $0 { return false } else { return true } }) else { break }
            let start = max(index, firstChange - 3)
            var end = firstChange
            var lastChange = firstChange
            while end < edits.count {
                if case .same = edits[end] {
                    if end - lastChange > 6 { break }
                } else {
                    lastChange = end
                }
                end += 1
            }
            end = min(edits.count, lastChange + 4)
            var body: [String] = []
            var oldCount = 0, newCount = 0
            for edit in edits[start..<end] {
                switch edit {
                case .same(let line): body.append(" \(line)"); oldCount += 1; newCount += 1
                case .removed(let line): body.append("\u{2212}\(line)"); oldCount += 1
                case .added(let line): body.append("+\(line)"); newCount += 1
                }
            }
            let (oldStart, newStart) = lineNumbers[start]
            output.append("@@ \u{2212}\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            output += body
            index = end
        }
        return output.joined(separator: "\n")
    }
}
