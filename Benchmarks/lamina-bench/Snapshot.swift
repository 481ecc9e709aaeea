import Foundation
import LaminaSnapshotTesting
import UIKit

/// `lamina-bench snapshot [--quick] [--count N]`: what a snapshot test costs with
/// LaminaSnapshotTesting, on the main thread.
///
/// The screen: a navigation controller with a large title over a self-sized table of 20 rows
/// (a symbol, a name, a detail that wraps on some rows), on `.iPhone13` (1170 × 2532 pixels).
/// - `snapshot_exact`: showing it, drawing it and comparing with its reference (`.image`).
/// - `snapshot_tolerant`: the same at `precision: 0.98, perceptualPrecision: 0.98`.
/// - `snapshot_cold`: a new process from its start to its first snapshot compared.
/// - memory: peak resident memory after the first 100 snapshots and after `count` (10,000),
///   in a process that takes nothing but those snapshots.
@MainActor
func runSnapshot(_ arguments: [String]) {
    var quick = false
    var count = 10_000
    var once: String?
    var memoryFolder: String?
    var rest = arguments
    while let flag = rest.first {
        rest.removeFirst()
        switch flag {
        case "--quick": quick = true; count = 1_000
        case "--count": count = Int(value(of: flag, from: &rest)) ?? count
        case "--once": once = value(of: flag, from: &rest)
        case "--memory": memoryFolder = value(of: flag, from: &rest)
        default: fail("usage: lamina-bench snapshot [--quick] [--count N]")
        }
    }
    PinnedFonts.pin()
    if let once {
        // The cold-start child: one snapshot against the reference the parent recorded.
        let failure = verifySnapshot(of: BenchScreen.make(), as: .image(on: .iPhone13), named: "screen", record: .never,
                                     snapshotDirectory: once, testName: "bench")
        exit(failure == nil ? 0 : 1)
    }
    if let memoryFolder {
        // The memory child: nothing but snapshots, so the first 100's peak is theirs alone.
        let strategy = Snapshotting<UIViewController, UIImage>.image(on: .iPhone13)
        var afterHundred = 0
        _ = verifySnapshot(of: BenchScreen.make(), as: strategy, named: "screen", record: .missing,
                           snapshotDirectory: memoryFolder, testName: "bench")
        for index in 1...max(count, 100) {
            if verifySnapshot(of: BenchScreen.make(), as: strategy, named: "screen", record: .never,
                              snapshotDirectory: memoryFolder, testName: "bench") != nil { exit(1) }
            if index == 100 { afterHundred = peakResidentKilobytes() }
        }
        print(afterHundred, peakResidentKilobytes())
        exit(0)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-bench-snapshot-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = verifySnapshot(of: BenchScreen.make(), as: .image(on: .iPhone13), named: "screen", record: .all,
                       snapshotDirectory: folder.path, testName: "bench")
    let clock = ContinuousClock()
    func milliseconds(_ body: () -> Void) -> Double {
        let start = clock.now
        body()
        let d = clock.now - start
        return (Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18) * 1000
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let exactStrategy = Snapshotting<UIViewController, UIImage>.image(on: .iPhone13)
    let tolerantStrategy = Snapshotting<UIViewController, UIImage>.image(on: .iPhone13, precision: 0.98, perceptualPrecision: 0.98)
    var exact: [Double] = [], tolerant: [Double] = []
    for _ in 0..<(quick ? 5 : 15) {
        exact.append(milliseconds {
            if verifySnapshot(of: BenchScreen.make(), as: exactStrategy, named: "screen", record: .never,
                              snapshotDirectory: folder.path, testName: "bench") != nil { fail("the exact snapshot did not match") }
        })
        tolerant.append(milliseconds {
            if verifySnapshot(of: BenchScreen.make(), as: tolerantStrategy, named: "screen", record: .never,
                              snapshotDirectory: folder.path, testName: "bench") != nil { fail("the tolerant snapshot did not match") }
        })
    }
    // Where an exact snapshot's time goes.
    var render: [Double] = [], decode: [Double] = [], compare: [Double] = [], encode: [Double] = []
    let stored = (try? Data(contentsOf: folder.appendingPathComponent("bench.screen.png"))) ?? Data()
    for _ in 0..<(quick ? 3 : 9) {
        var image: UIImage?
        render.append(milliseconds { exactStrategy.snapshot(BenchScreen.make()).run { image = $0 } })
        var reference: UIImage?
        decode.append(milliseconds { reference = exactStrategy.diffing.fromData(stored) })
        compare.append(milliseconds { _ = exactStrategy.diffing.diff(reference!, image!) })
        encode.append(milliseconds { _ = exactStrategy.diffing.toData(image!) })
    }
    print(String(format: "snapshot_exact     median %7.1f ms  (%d samples): show and draw %.1f, read reference %.1f, compare %.1f"
                 + " (recording: encode %.1f)", median(exact), exact.count, median(render), median(decode), median(compare),
                 median(encode)))
    print(String(format: "snapshot_tolerant  median %7.1f ms  (%d samples)  %.2f× exact", median(tolerant), tolerant.count,
                 median(tolerant) / median(exact)))

    var cold: [Double] = []
    for _ in 0..<(quick ? 2 : 5) {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["snapshot", "--once", folder.path]
        let ms = milliseconds {
            do {
                try child.run()
                child.waitUntilExit()
            } catch {
                fail("could not start \(CommandLine.arguments[0]): \(error)")
            }
        }
        if child.terminationStatus != 0 { fail("the cold-start snapshot did not match") }
        cold.append(ms)
    }
    print(String(format: "snapshot_cold      median %7.1f ms  (%d samples, process start to first snapshot compared)",
                 median(cold), cold.count))

    // A process of its own for the memory figures: what ran before would set the peak.
    let child = Process()
    let output = Pipe()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["snapshot", "--count", String(count), "--memory", folder.path]
    child.standardOutput = output
    do {
        try child.run()
    } catch {
        fail("could not start \(CommandLine.arguments[0]): \(error)")
    }
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    let figures = printed.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard child.terminationStatus == 0, figures.count == 2 else { fail("the memory run did not match its reference") }
    print(String(format: "snapshot_memory    peak RSS %.1f MB after 100, %.1f MB after %d (%+.1f %%)", figures[0] / 1024,
                 figures[1] / 1024, max(count, 100), (figures[1] / max(figures[0], 1) - 1) * 100))
}

/// `VmHWM` from /proc/self/status: the peak resident set, in kilobytes.
func peakResidentKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}

/// The benchmark's screen.
@MainActor
enum BenchScreen {
    static func make() -> UIViewController {
        let list = BenchListController(style: .insetGrouped)
        list.title = "Contacts"
        let navigation = UINavigationController(rootViewController: list)
        navigation.navigationBar.prefersLargeTitles = true
        return navigation
    }
}

final class BenchListController: UITableViewController {
    private let symbols = ["person.crop.circle", "star.fill", "heart.fill", "bell", "envelope", "phone"]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Row")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        var content = UIListContentConfiguration.subtitleCell()
        content.text = "Person \(indexPath.row + 1)"
        content.secondaryText = indexPath.row % 4 == 0
            ? "Met at the conference in spring; follow up about the reading group before June."
            : "Mobile 555 01\(indexPath.row)"
        content.image = UIImage(systemName: symbols[indexPath.row % symbols.count])
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}
