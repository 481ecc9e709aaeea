import CoreGraphics
import Foundation
import RasterWorkloads

// lamina-bench raster [--workloads a,b] [--json FILE] [--png-dir DIR] [--quick] [--threads 1|2]
// lamina-bench bands [--threads 1|2]   (large draws, for comparing one and two threads)
// lamina-bench compositor [--json FILE] [--quick] [--scenes a,b] [--shadows]
//                                                   (CARenderer scenes of layer_composite)
// lamina-bench scale [--quick]                      (build, commit, frame, change, teardown
//                                                   of large and deep trees)
// lamina-bench text [--workloads a,b] [--json FILE] [--png-dir DIR] [--quick] [--mode cached]
//                                                   (the shared text workloads through Core Text)
// lamina-bench layout [--json FILE] [--quick] [--sizes 10,100]
//                                                   (screens of rows by Auto Layout and by frames)
// lamina-bench scroll [--json FILE] [--quick] [--scenes table,collection,memory]
//                                                   (lists flung on the headless screen, per frame)
// lamina-bench app [--json FILE] [--quick] [--app PATH]
//                                                   (an app's launch, storyboard scenes, named images)
// lamina-bench import [--quick] [--files N]         (the lamina command reading and carrying over
//                                                   a 500-file Xcode project)
// lamina-bench snapshot [--quick] [--count N]       (a snapshot test of a 20-row screen at 3×: exact,
//                                                   tolerant, cold start, memory over 10,000)
// Runs the shared raster workloads (../shared/bench/workloads.json) through CGContext on one
// thread with the specification's timing protocol, and writes the reference engines' JSON.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("lamina-bench: \(message)\n".utf8))
    exit(2)
}

/// Takes the value that follows `flag` off the front of `arguments` (it must be there).
func value(of flag: String, from arguments: inout [String]) -> String {
    guard let value = arguments.first else { fail("\(flag) needs a value") }
    arguments.removeFirst()
    return value
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "compositor" {
    var json: String?
    var quick = false
    var only: Set<String>?
    var shadows = false
    var rest = Array(arguments.dropFirst())
    while let flag = rest.first {
        rest.removeFirst()
        switch flag {
        case "--quick": quick = true
        case "--shadows": shadows = true
        case "--json":
            json = value(of: flag, from: &rest)
        case "--scenes":
            only = Set(value(of: flag, from: &rest).split(separator: ",").map(String.init))
        default: fail("usage: lamina-bench compositor [--json FILE] [--quick] [--scenes a,b] [--shadows]")
        }
    }
    runCompositor(jsonPath: json, quick: quick, only: only, shadows: shadows)
    exit(0)
}
if arguments.first == "layout" {
    MainActor.assumeIsolated { runLayout(Array(arguments.dropFirst())) }
    exit(0)
}
if arguments.first == "snapshot" {
    MainActor.assumeIsolated { runSnapshot(Array(arguments.dropFirst())) }
    exit(0)
}
if arguments.first == "import" {
    runImport(Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "app" {
    MainActor.assumeIsolated { runApp(Array(arguments.dropFirst())) }
    exit(0)
}
if arguments.first == "scroll" {
    MainActor.assumeIsolated { runScroll(Array(arguments.dropFirst())) }
    exit(0)
}
if arguments.first == "text" {
    runText(Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "scale" {
    runScale(quick: arguments.contains("--quick"))
    exit(0)
}
if arguments.first == "bands" {
    let threads = arguments.count == 3 && arguments[1] == "--threads" ? Int(arguments[2]) ?? 0 : (arguments.count == 1 ? 1 : 0)
    guard threads == 1 || threads == 2 else { fail("usage: lamina-bench bands [--threads 1|2]") }
    runBands(threads: threads)
    exit(0)
}
guard arguments.first == "raster" else {
    fail("usage: lamina-bench raster [--workloads a,b] [--json FILE] [--png-dir DIR] [--quick] [--threads 1|2]\n"
         + "       lamina-bench bands [--threads 1|2]\n       lamina-bench compositor [--json FILE] [--quick]")
}
arguments.removeFirst()
var selected = Workload.names
var jsonPath: String?
var pngDirectory: String?
var quick = false
var threads = 1
while let flag = arguments.first {
    arguments.removeFirst()
    switch flag {
    case "--quick": quick = true
    case "--threads":
        guard let value = arguments.first, let count = Int(value), count == 1 || count == 2 else { fail("--threads takes 1 or 2") }
        arguments.removeFirst()
        threads = count
    case "--workloads", "--json", "--png-dir":
        let value = value(of: flag, from: &arguments)
        if flag == "--workloads" {
            let wanted = value.split(separator: ",").map(String.init)
            for name in wanted where !Workload.names.contains(name) { fail("unknown workload \(name)") }
            selected = Workload.names.filter { wanted.contains($0) }
        } else if flag == "--json" {
            jsonPath = value
        } else {
            pngDirectory = value
        }
    default: fail("unknown argument \(flag)")
    }
}

// The specification times one thread; `--threads 2` lets large image draws use both cores.
setenv("LAMINA_RASTER_THREADS", "\(threads)", 1)

// Timing protocol of workloads.json (quick: 1 warm-up, 3 repetitions).
let warmups = quick ? 1 : 2
let minimumReps = quick ? 3 : 7
let maximumReps = quick ? 3 : 40
let minimumSeconds = quick ? 0.0 : 1.0

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
}

var results: [String: Any] = [:]
let clock = ContinuousClock()
for name in selected {
    guard let workload = Workload.generate(name), let renderer = WorkloadRenderer(workload) else {
        fail("could not set up \(name)")
    }
    for _ in 0..<warmups {
        renderer.reset()
        renderer.draw()
    }
    var samples: [Double] = []
    var total = 0.0
    while true {
        renderer.reset()
        let start = clock.now
        renderer.draw()
        let elapsed = milliseconds(clock.now - start)
        samples.append(elapsed)
        total += elapsed / 1e3
        if samples.count >= maximumReps { break }
        if samples.count >= minimumReps && total >= minimumSeconds { break }
    }
    let sorted = samples.sorted()
    let median = sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    let entry: [String: Any] = [
        "median_ms": median, "min_ms": sorted[0], "q1_ms": sorted[sorted.count / 4],
        "q3_ms": sorted[(3 * sorted.count) / 4], "reps": sorted.count,
        "samples_ms": samples.map { ($0 * 1e4).rounded() / 1e4 },
    ]
    results[name] = entry
    let label = name.padding(toLength: 24, withPad: " ", startingAt: 0)
    print("lamina     \(label) " + String(format: "median %9.3f ms  min %9.3f  IQR %7.3f..%-7.3f reps %d",
                                            median, sorted[0], sorted[sorted.count / 4],
                                            sorted[(3 * sorted.count) / 4], sorted.count))
    if let pngDirectory {
        try? FileManager.default.createDirectory(atPath: pngDirectory, withIntermediateDirectories: true)
        renderer.reset()
        renderer.draw()
        guard let data = renderer.image()?.pngData() else { fail("could not encode \(name)") }
        let path = (pngDirectory as NSString).appendingPathComponent("\(name).png")
        do { try data.write(to: URL(fileURLWithPath: path)) } catch { fail("cannot write \(path): \(error)") }
    }
}

if let jsonPath {
    let document: [String: Any] = [
        "engine": "lamina", "version": "lamina 0.1 (Swift, \(threads == 1 ? "single thread" : "two threads"))",
        "host": ProcessInfo.processInfo.hostName,
        "when": ISO8601DateFormatter().string(from: Date()), "workloads": results,
    ]
    do {
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: jsonPath))
    } catch {
        fail("cannot write \(jsonPath): \(error)")
    }
}
