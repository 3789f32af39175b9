// The benchmark's in-process probe. `snapshelf-bench LIBRARY QUERIES-FILE` times label searches
// on an existing library through the model, as the app runs them, so process start-up stays out
// of the figures, and prints one line: the median and p99 in milliseconds of finding the matching
// photos' IDs (what the grid's filter needs), the same for reading the matching photos whole (what
// `snapshelf search` prints), then the mean match count. `snapshelf-bench decode PHOTO...` decodes
// the photos one after another at tile size through the sandboxed decoders, as the grid does, and
// prints the seconds it took, which the benchmark sets against decoding alone on one core.
import Foundation
import SnapshelfMessages
import SnapshelfModel

let arguments = CommandLine.arguments
if arguments.count > 2, arguments[1] == "decode" {
    let start = ContinuousClock.now
    for path in arguments.dropFirst(2) {
        do {
            _ = try Thumbnail(decoding: URL(fileURLWithPath: path), fittingIn: 256)
        } catch {
            FileHandle.standardError.write(Data("snapshelf-bench: \(ErrorMessage.of(error))\n".utf8))
            exit(1)
        }
    }
    let elapsed = ContinuousClock.now - start
    print(String(format: "%.3f", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
    exit(0)
}
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: snapshelf-bench LIBRARY QUERIES-FILE\n       snapshelf-bench decode PHOTO...\n".utf8))
    exit(2)
}

do {
    let library = try Library(directory: URL(fileURLWithPath: arguments[1]), creatingIfMissing: false)
    let queries = try String(contentsOfFile: arguments[2], encoding: .utf8)
        .split(separator: "\n").map(String.init)
    guard !queries.isEmpty else {
        FileHandle.standardError.write(Data("snapshelf-bench: \(arguments[2]) holds no queries\n".utf8))
        exit(2)
    }
    // One pass first, so the database pages are cached as they are in an app that has been open.
    for query in queries {
        _ = try library.search(query)
    }
    let findingIDs = try Timings(of: queries) { query throws(LibraryError) in try library.photoIDs(matching: query).count }
    let readingPhotos = try Timings(of: queries) { query throws(LibraryError) in try library.search(query).count }
    print(String(format: "%.2f %.2f %.2f %.2f %d", findingIDs.median, findingIDs.p99,
                 readingPhotos.median, readingPhotos.p99, findingIDs.meanResultCount))
} catch {
    FileHandle.standardError.write(Data("snapshelf-bench: \(ErrorMessage.of(error))\n".utf8))
    exit(1)
}

/// How long each query took, sorted, and how many results they gave on average.
struct Timings {
    let median: Double
    let p99: Double
    let meanResultCount: Int

    init(of queries: [String], running search: (String) throws(LibraryError) -> Int) throws(LibraryError) {
        var milliseconds: [Double] = []
        var results = 0
        for query in queries {
            let start = DispatchTime.now().uptimeNanoseconds
            results += try search(query)
            milliseconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        milliseconds.sort()
        median = milliseconds[milliseconds.count / 2]
        // Nearest rank: the smallest time that at least 99% of the queries did not exceed.
        p99 = milliseconds[Int((Double(milliseconds.count) * 0.99).rounded(.up)) - 1]
        meanResultCount = results / max(queries.count, 1)
    }
}
