import Foundation
import UIKit

/// `lamina-bench scroll [--json FILE] [--quick] [--scenes table,collection]`: lists flung by
/// scripted touches on the headless 390 × 844 @3× screen, one frame every 1/120 s of a manual
/// clock. A frame's cost is what a display refresh costs the app: the deceleration step, the
/// list's layout (cells reused, new ones made and self-sized), their display, and the
/// composite of the damaged screen into the window's surface.
///
/// - `table_scroll_frame`: a `UITableView` of 100,000 rows, each a cell self-sized from a
///   list content configuration (a title and a wrapping subtitle of varying length).
/// - `collection_scroll_frame`: a `UICollectionView` of 10,000 image cells in a flow layout
///   of three columns.
/// - memory: peak resident memory of a process that builds a table of 1,000 rows (or
///   100,000) and flings through it (`rows_1000_mb`, `rows_100000_mb`).
///
/// `LAMINA_BENCH_SAMPLES=1` prints every 40th frame time of each scene.
///
/// JSON: `{"scenes": {"table_scroll_frame": {"median_ms": x, "p99_ms": y, …}, …},
/// "memory": {"rows_1000_mb": a, "rows_100000_mb": b}}`.
@MainActor
func runScroll(_ arguments: [String]) {
    var json: String?
    var quick = false
    var only: [String]?
    var rest = arguments
    while let flag = rest.first {
        rest.removeFirst()
        switch flag {
        case "--quick": quick = true
        case "--json": json = value(of: flag, from: &rest)
        case "--scenes": only = value(of: flag, from: &rest).split(separator: ",").map(String.init)
        case "--memory-probe":
            // A child process: build a table, fling through it, print the peak RSS.
            let rows = Int(value(of: flag, from: &rest)) ?? 1000
            print(String(format: "%.2f", memoryProbe(rows: rows)))
            return
        default: fail("usage: lamina-bench scroll [--json FILE] [--quick] [--scenes table,collection]")
        }
    }
    var scenes: [String: Any] = [:]
    func wanted(_ name: String) -> Bool { only.map { $0.contains { name.hasPrefix($0) } } ?? true }
    if wanted("table") {
        scenes["table_scroll_frame"] = report("table_scroll_frame", flingFrames(makeTable(rows: 100_000), flings: quick ? 2 : 8))
    }
    if wanted("collection") {
        scenes["collection_scroll_frame"] = report("collection_scroll_frame", flingFrames(makeCollection(items: 10_000), flings: quick ? 2 : 8))
    }
    var memory: [String: Any] = [:]
    if wanted("memory") {
        for rows in [1000, 100_000] {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["scroll", "--memory-probe", "\(rows)"]
            let pipe = Pipe()
            child.standardOutput = pipe
            do { try child.run() } catch { fail("cannot run the memory probe: \(error)") }
            child.waitUntilExit()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let mb = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            memory["rows_\(rows)_mb"] = mb
            print("memory rows_\(rows)".padding(toLength: 30, withPad: " ", startingAt: 0) + String(format: " peak %8.1f MB", mb))
        }
    }
    if let json {
        let object: [String: Any] = ["engine": "lamina-scroll", "scenes": scenes, "memory": memory]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]),
              (try? data.write(to: URL(fileURLWithPath: json))) != nil else { fail("cannot write \(json)") }
    }
}

/// Median, 99th percentile and frames over the 120-Hz budget.
private func report(_ name: String, _ samples: [Double]) -> [String: Any] {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return [:] }
    let median = sorted[sorted.count / 2]
    let p99 = sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.down)))]
    let over = sorted.filter { $0 > 1000.0 / 120 }.count
    print(name.padding(toLength: 30, withPad: " ", startingAt: 0)
          + String(format: " median %8.3f ms  p99 %8.3f ms  over 8.33 ms: %d of %d", median, p99, over, sorted.count))
    return ["median_ms": median, "p99_ms": p99, "max_ms": sorted.last!, "frames": sorted.count, "frames_over_budget": over]
}

private let titles = ["Inbox", "Meeting notes", "Groceries", "A much longer title that wraps onto a second line when the row is narrow",
                      "Photos", "Weekend plans", "Receipts", "Ideas"]
private let subtitles = ["Yesterday", "Three items left to do before Friday, and one more after that", "Shared with you",
                         "A note long enough to wrap: the quick brown fox jumps over the lazy dog, twice over", "Edited 5 min ago"]

@MainActor
private final class TableSource: NSObject, UITableViewDataSource {
    let rows: Int
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = titles[indexPath.row % titles.count]
        content.secondaryText = "\(indexPath.row): " + subtitles[indexPath.row % subtitles.count]
        cell.contentConfiguration = content
        return cell
    }
}

@MainActor
private final class GridSource: NSObject, UICollectionViewDataSource {
    let items: Int
    let images: [UIImage]
    init(items: Int) {
        self.items = items
        // Eight 256-pixel images drawn once, as decoded photos would be.
        images = (0..<8).map { k in
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            return UIGraphicsImageRenderer(size: CGSize(width: 256, height: 256), format: format).image { context in
                let hue = CGFloat(k) / 8
                UIColor(hue: hue, saturation: 0.6, brightness: 0.9, alpha: 1).setFill()
                context.fill(CGRect(x: 0, y: 0, width: 256, height: 256))
                UIColor(hue: hue, saturation: 0.9, brightness: 0.5, alpha: 1).setFill()
                UIBezierPath(ovalIn: CGRect(x: 48, y: 48, width: 160, height: 160)).fill()
            }
        }
    }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
        let imageView = cell.contentView.subviews.first as? UIImageView ?? {
            let view = UIImageView(frame: cell.contentView.bounds)
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.contentMode = .scaleAspectFill
            view.clipsToBounds = true
            cell.contentView.addSubview(view)
            return view
        }()
        imageView.image = images[indexPath.item % images.count]
        return cell
    }
}

/// A window showing `list`, and what keeps its data source alive.
private struct Scene {
    let window: UIWindow
    let list: UIScrollView
    let keep: AnyObject
}

@MainActor
private func makeTable(rows: Int) -> Scene {
    let window = UIWindow(frame: UIScreen.main.bounds)
    let table = UITableView(frame: window.bounds, style: .plain)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    let source = TableSource(rows: rows)
    table.dataSource = source
    window.addSubview(table)
    window.makeKeyAndVisible()
    return Scene(window: window, list: table, keep: source)
}

@MainActor
private func makeCollection(items: Int) -> Scene {
    let window = UIWindow(frame: UIScreen.main.bounds)
    let layout = UICollectionViewFlowLayout()
    let side = ((window.bounds.width - 2 * 2) / 3).rounded(.down)
    layout.itemSize = CGSize(width: side, height: side)
    layout.minimumInteritemSpacing = 2
    layout.minimumLineSpacing = 2
    let collection = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
    collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "photo")
    let source = GridSource(items: items)
    collection.dataSource = source
    window.addSubview(collection)
    window.makeKeyAndVisible()
    return Scene(window: window, list: collection, keep: source)
}

/// Flings the list `flings` times (alternately up and down the first stretch, then on) and
/// times every frame until each fling comes to rest.
@MainActor
private func flingFrames(_ makeScene: @autoclosure () -> Scene, flings: Int) -> [Double] {
    let clock = CAMediaClock(manualTime: 0)
    return clock.withCurrent {
        let scene = makeScene()
        let window = scene.window
        _ = window.renderFrame(atTime: clock.time)
        let timer = ContinuousClock()
        var samples: [Double] = []
        func frame() {
            let start = timer.now
            clock.advance(by: 1.0 / 120)
            _ = window.renderFrame(atTime: clock.time)
            let d = timer.now - start
            samples.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15)
        }
        for k in 0..<flings {
            // A quick flick: 300 points in 0.1 s (3,000 points a second), up mostly.
            let up = k % 4 != 3
            let from = CGPoint(x: 195, y: up ? 700 : 150), to = CGPoint(x: 195, y: up ? 400 : 450)
            window.drag(from: from, to: to, duration: 0.1, steps: 6)
            var frames = 0
            repeat {
                frame()
                frames += 1
            } while frames < 1200 && (scene.list.isDecelerating || scene.list.isDragging)
        }
        window.isHidden = true
        if ProcessInfo.processInfo.environment["LAMINA_BENCH_SAMPLES"] != nil {
            print(stride(from: 0, to: samples.count, by: 40).map { String(format: "%d:%.1f", $0, samples[$0]) }.joined(separator: " "))
        }
        return samples
    }
}

/// Peak resident memory in MB after building a table of `rows` and flinging through it.
@MainActor
private func memoryProbe(rows: Int) -> Double {
    _ = flingFrames(makeTable(rows: rows), flings: 6)
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
    return kb / 1024
}
