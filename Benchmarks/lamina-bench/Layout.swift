import Foundation
import UIKit

/// `lamina-bench layout [--json FILE] [--quick] [--sizes 10,100] [--scenes prefix,…]`: screens of N views laid out
/// by Auto Layout and by frames set in `layoutSubviews`, the way LayoutFrameworkBenchmark
/// compares them: each sample builds the screen (views, and for Auto Layout its constraints)
/// and lays it out once.
///
/// - feed (`autolayout_first_N`, `manual_first_N`): rows of five views — a row, an avatar, a
///   one-line title, a time label at the trailing edge and a body label wrapping to the width
///   left — each row under the one before.
/// - `autolayout_relayout_N`: one constant of one row in the middle changes (its avatar's
///   width) and the screen lays out again; `autolayout_relayout_all_N`: the first row's top
///   changes, which moves every row.
/// - stacks (`stack_first_N`, `manual_stack_first_N`): a vertical `UIStackView` of horizontal
///   ones, each with four labels (`.fillEqually`).
/// - grid (`grid_first_N`, `manual_grid_first_N`): cells of five views placed by frames in a
///   grid, as a collection view places them, each laid out inside by constraints.
///
/// JSON: `{"engine": "lamina-layout", "scenes": {"<name>": {"median_ms": x, …}}}`.
@MainActor
func runLayout(_ arguments: [String]) {
    var json: String?
    var quick = false
    var sizes = [10, 100, 1000, 10000]
    var only: [String]?
    var rest = arguments
    while let flag = rest.first {
        rest.removeFirst()
        switch flag {
        case "--quick": quick = true
        case "--json":
            json = value(of: flag, from: &rest)
        case "--scenes":
            only = value(of: flag, from: &rest).split(separator: ",").map(String.init)
        case "--sizes":
            sizes = value(of: flag, from: &rest).split(separator: ",").compactMap { Int($0) }
        default: fail("usage: lamina-bench layout [--json FILE] [--quick] [--sizes 10,100] [--scenes prefix,…]")
        }
    }
    var scenes: [String: Any] = [:]
    let timer = ContinuousClock()
    func ms(_ body: () -> Void) -> Double {
        let start = timer.now
        body()
        let d = timer.now - start
        return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
    }
    /// The protocol of the other scenes: warm-ups, then 7…40 repetitions or a second.
    func measure(_ name: String, _ sample: () -> Double) {
        if let only, !only.contains(where: { name.hasPrefix($0) }) { return }
        for _ in 0..<(quick ? 1 : 2) { _ = sample() }
        var samples: [Double] = []
        var total = 0.0
        while samples.count < (quick ? 3 : 40) && (samples.count < (quick ? 3 : 7) || total < 1000) {
            let value = sample()
            samples.append(value)
            total += value
        }
        let sorted = samples.sorted()
        scenes[name] = ["median_ms": sorted[sorted.count / 2], "min_ms": sorted[0], "reps": samples.count, "samples_ms": samples]
        print("\(name.padding(toLength: 30, withPad: " ", startingAt: 0)) median \(String(format: "%10.3f", sorted[sorted.count / 2])) ms")
    }
    let screenFrame = CGRect(x: 0, y: 0, width: 390, height: 844)
    for n in sizes {
        let rows = Swift.max(1, n / 5)
        measure("autolayout_first_\(n)") {
            ms {
                let screen = UIView(frame: screenFrame)
                FeedScreen.constrainedRows(rows, in: screen)
                screen.layoutIfNeeded()
            }
        }
        measure("manual_first_\(n)") {
            ms {
                let screen = ManualFeedView(frame: screenFrame)
                FeedScreen.manualRows(rows, in: screen)
                screen.layoutIfNeeded()
            }
        }
        let screen = UIView(frame: screenFrame)
        let made = FeedScreen.constrainedRows(rows, in: screen)
        screen.layoutIfNeeded()
        var step: CGFloat = 1
        measure("autolayout_relayout_\(n)") {
            ms {
                made.middleAvatarWidth.constant += step
                step = -step
                screen.layoutIfNeeded()
            }
        }
        measure("autolayout_relayout_all_\(n)") {
            ms {
                made.firstTop.constant += step
                step = -step
                screen.layoutIfNeeded()
            }
        }
        let lines = Swift.max(1, n / 5)
        measure("stack_first_\(n)") {
            ms {
                let screen = UIView(frame: screenFrame)
                StackScreen.make(lines, in: screen)
                screen.layoutIfNeeded()
            }
        }
        measure("manual_stack_first_\(n)") {
            ms {
                let screen = ManualStackView(frame: screenFrame)
                StackScreen.manual(lines, in: screen)
                screen.layoutIfNeeded()
            }
        }
        let cells = Swift.max(1, n / 5)
        measure("grid_first_\(n)") {
            ms {
                let screen = GridView(frame: screenFrame)
                for index in 0..<cells { screen.addSubview(GridScreen.constrainedCell(index)) }
                screen.layoutIfNeeded()
            }
        }
        measure("manual_grid_first_\(n)") {
            ms {
                let screen = GridView(frame: screenFrame)
                for index in 0..<cells { screen.addSubview(ManualCell(index)) }
                screen.layoutIfNeeded()
            }
        }
    }
    if let json {
        let document: [String: Any] = ["engine": "lamina-layout", "scenes": scenes]
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]),
              (try? data.write(to: URL(fileURLWithPath: json))) != nil else { fail("cannot write \(json)") }
    }
}

/// Texts for the labels, varied by row.
private let titles = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson", "Edsger Dijkstra"]
private let bodies = [
    "Notes on the analytical engine, with the first published program.",
    "A compiler turns words into machine code; nobody believed it could be done.",
    "Can machines think? The question is too meaningless to deserve discussion.",
    "Orbital trajectories checked by hand before the flight was allowed to go.",
    "Simplicity is prerequisite for reliability.",
]

@MainActor
enum FeedScreen {
    struct Made {
        var firstTop: NSLayoutConstraint
        var middleAvatarWidth: NSLayoutConstraint
    }

    static func label(_ text: String, lines: Int = 1) -> UILabel {
        let label = UILabel()
        label.text = text
        label.numberOfLines = lines
        return label
    }

    /// Rows placed by constraints, as an iOS developer writes them.
    @discardableResult
    static func constrainedRows(_ count: Int, in screen: UIView) -> Made {
        var constraints: [NSLayoutConstraint] = []
        var previous: UIView?
        var firstTop: NSLayoutConstraint!
        var middleWidth: NSLayoutConstraint!
        for index in 0..<count {
            let row = UIView(), avatar = UIView()
            let title = label(titles[index % titles.count]), time = label("\(index % 60)m")
            let body = label(bodies[index % bodies.count], lines: 0)
            for view in [row, avatar, title, time, body] { view.translatesAutoresizingMaskIntoConstraints = false }
            screen.addSubview(row)
            for view in [avatar, title, time, body] { row.addSubview(view) }
            let top = previous.map { row.topAnchor.constraint(equalTo: $0.bottomAnchor) } ?? row.topAnchor.constraint(equalTo: screen.topAnchor)
            let avatarWidth = avatar.widthAnchor.constraint(equalToConstant: 40)
            if index == 0 { firstTop = top }
            if index == count / 2 { middleWidth = avatarWidth }
            time.setContentHuggingPriority(.defaultHigh, for: .horizontal)
            time.setContentCompressionResistancePriority(.required, for: .horizontal)
            constraints += [
                top,
                row.leadingAnchor.constraint(equalTo: screen.leadingAnchor),
                row.trailingAnchor.constraint(equalTo: screen.trailingAnchor),
                avatar.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 16),
                avatar.topAnchor.constraint(equalTo: row.topAnchor, constant: 12),
                avatarWidth,
                avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
                title.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 12),
                title.topAnchor.constraint(equalTo: avatar.topAnchor),
                time.leadingAnchor.constraint(greaterThanOrEqualTo: title.trailingAnchor, constant: 8),
                time.trailingAnchor.constraint(equalTo: row.trailingAnchor, constant: -16),
                time.firstBaselineAnchor.constraint(equalTo: title.firstBaselineAnchor),
                body.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                body.trailingAnchor.constraint(equalTo: time.trailingAnchor),
                body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
                row.bottomAnchor.constraint(greaterThanOrEqualTo: avatar.bottomAnchor, constant: 12),
                row.bottomAnchor.constraint(equalTo: body.bottomAnchor, constant: 12),
            ]
            previous = row
        }
        NSLayoutConstraint.activate(constraints)
        return Made(firstTop: firstTop, middleAvatarWidth: middleWidth)
    }

    /// The same rows, for frames set by hand.
    static func manualRows(_ count: Int, in screen: UIView) {
        for index in 0..<count {
            let row = UIView(), avatar = UIView()
            let title = label(titles[index % titles.count]), time = label("\(index % 60)m")
            let body = label(bodies[index % bodies.count], lines: 0)
            screen.addSubview(row)
            for view in [avatar, title, time, body] { row.addSubview(view) }
        }
    }
}

/// The feed by frames: what a developer writes in `layoutSubviews` for the same rows.
final class ManualFeedView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        var y: CGFloat = 0
        let width = bounds.width
        for row in subviews {
            let parts = row.subviews
            guard parts.count == 4 else { continue }
            let avatar = parts[0], title = parts[1], time = parts[2], body = parts[3]
            avatar.frame = CGRect(x: 16, y: 12, width: 40, height: 40)
            let timeSize = time.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
            time.frame = CGRect(x: width - 16 - timeSize.width, y: 12, width: timeSize.width, height: timeSize.height)
            let titleSize = title.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
            title.frame = CGRect(x: 68, y: 12, width: Swift.min(titleSize.width, time.frame.minX - 8 - 68), height: titleSize.height)
            let bodyWidth = width - 16 - 68
            let bodySize = body.sizeThatFits(CGSize(width: bodyWidth, height: .greatestFiniteMagnitude))
            body.frame = CGRect(x: 68, y: title.frame.maxY + 4, width: bodyWidth, height: bodySize.height)
            let height = Swift.max(avatar.frame.maxY, body.frame.maxY) + 12
            row.frame = CGRect(x: 0, y: y, width: width, height: height)
            y += height
        }
    }
}

@MainActor
enum StackScreen {
    /// A vertical stack pinned to the screen's top, leading and trailing edges, of
    /// horizontal stacks of four labels each.
    static func make(_ lines: Int, in screen: UIView) {
        let outer = UIStackView()
        outer.axis = .vertical
        outer.spacing = 4
        outer.translatesAutoresizingMaskIntoConstraints = false
        screen.addSubview(outer)
        for index in 0..<lines {
            let line = UIStackView(arrangedSubviews: (0..<4).map { k in FeedScreen.label(k == 0 ? titles[index % titles.count] : "\(index * 4 + k)") })
            line.axis = .horizontal
            line.distribution = .fillEqually
            line.spacing = 8
            outer.addArrangedSubview(line)
        }
        NSLayoutConstraint.activate([
            outer.topAnchor.constraint(equalTo: screen.topAnchor),
            outer.leadingAnchor.constraint(equalTo: screen.leadingAnchor, constant: 16),
            outer.trailingAnchor.constraint(equalTo: screen.trailingAnchor, constant: -16),
        ])
    }

    static func manual(_ lines: Int, in screen: UIView) {
        for index in 0..<lines {
            let line = UIView()
            for k in 0..<4 { line.addSubview(FeedScreen.label(k == 0 ? titles[index % titles.count] : "\(index * 4 + k)")) }
            screen.addSubview(line)
        }
    }
}

/// The stacks by frames.
final class ManualStackView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        var y: CGFloat = 0
        let width = bounds.width - 32
        let cell = (width - 3 * 8) / 4
        for line in subviews {
            var height: CGFloat = 0
            var sizes: [CGSize] = []
            for label in line.subviews {
                let size = label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
                sizes.append(size)
                height = Swift.max(height, size.height)
            }
            for (k, label) in line.subviews.enumerated() {
                label.frame = CGRect(x: CGFloat(k) * (cell + 8), y: 0, width: cell, height: height)
            }
            _ = sizes
            line.frame = CGRect(x: 16, y: y, width: width, height: height)
            y += height + 4
        }
    }
}

/// Cells in a grid of three columns, placed by frames (as a collection view places them).
final class GridView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        let width = (bounds.width - 4 * 8) / 3
        for (index, cell) in subviews.enumerated() {
            cell.frame = CGRect(x: 8 + CGFloat(index % 3) * (width + 8), y: 8 + CGFloat(index / 3) * (96 + 8), width: width, height: 96)
        }
    }
}

@MainActor
enum GridScreen {
    /// A cell: an icon, a title and a subtitle centred under it, a badge in the corner.
    static func constrainedCell(_ index: Int) -> UIView {
        let cell = UIView()
        let icon = UIView(), badge = UIView()
        let title = FeedScreen.label(titles[index % titles.count]), subtitle = FeedScreen.label("\(index)")
        for view in [icon, title, subtitle, badge] {
            view.translatesAutoresizingMaskIntoConstraints = false
            cell.addSubview(view)
        }
        NSLayoutConstraint.activate([
            icon.topAnchor.constraint(equalTo: cell.topAnchor, constant: 8),
            icon.centerXAnchor.constraint(equalTo: cell.centerXAnchor),
            icon.widthAnchor.constraint(equalToConstant: 40),
            icon.heightAnchor.constraint(equalToConstant: 40),
            title.topAnchor.constraint(equalTo: icon.bottomAnchor, constant: 4),
            title.centerXAnchor.constraint(equalTo: cell.centerXAnchor),
            title.widthAnchor.constraint(lessThanOrEqualTo: cell.widthAnchor, constant: -8),
            subtitle.topAnchor.constraint(equalTo: title.bottomAnchor),
            subtitle.centerXAnchor.constraint(equalTo: cell.centerXAnchor),
            badge.topAnchor.constraint(equalTo: cell.topAnchor, constant: 4),
            badge.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -4),
            badge.widthAnchor.constraint(equalToConstant: 12),
            badge.heightAnchor.constraint(equalToConstant: 12),
        ])
        return cell
    }
}

/// The same cell by frames.
final class ManualCell: UIView {
    let icon = UIView(), badge = UIView()
    let title: UILabel, subtitle: UILabel

    init(_ index: Int) {
        title = FeedScreen.label(titles[index % titles.count])
        subtitle = FeedScreen.label("\(index)")
        super.init(frame: .zero)
        for view in [icon, title, subtitle, badge] { addSubview(view) }
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width
        icon.frame = CGRect(x: (width - 40) / 2, y: 8, width: 40, height: 40)
        let titleSize = title.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        let titleWidth = Swift.min(titleSize.width, width - 8)
        title.frame = CGRect(x: (width - titleWidth) / 2, y: 52, width: titleWidth, height: titleSize.height)
        let subtitleSize = subtitle.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        subtitle.frame = CGRect(x: (width - subtitleSize.width) / 2, y: title.frame.maxY, width: subtitleSize.width, height: subtitleSize.height)
        badge.frame = CGRect(x: width - 16, y: 4, width: 12, height: 12)
    }
}
