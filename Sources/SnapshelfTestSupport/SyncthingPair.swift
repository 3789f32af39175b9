// Two real Syncthing instances on 127.0.0.1 sharing one folder, kept at two paths, as two
// computers share a library: what the end-to-end tests of a library on several computers run on.
// Both are stopped when the pair is released or stopped, whatever became of the test.
import Foundation

public final class SyncthingPair {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let a: SyncthingPeer
    public let b: SyncthingPeer
    public let folderID = "snapshelf-library"

    /// Starts both instances with homes in `homes`, introduces them to each other and shares
    /// `folderA` on A with `folderB` on B, returning once they are connected.
    public init(sharing folderA: URL, with folderB: URL, homes: URL) throws {
        // The four ports are chosen while all four are held, so that no two of them are the same.
        let ports = try (0..<4).map { _ in try ListeningSocket.loopback() }.map(\.port)
        a = try SyncthingPeer(name: "A", home: homes.appendingPathComponent("syncthing-a"), guiPort: ports[0], listenPort: ports[1])
        do {
            b = try SyncthingPeer(name: "B", home: homes.appendingPathComponent("syncthing-b"), guiPort: ports[2], listenPort: ports[3])
        } catch {
            a.stop()
            throw error
        }
        // Only A dials, and only once B knows it: when both dial at once, Syncthing may drop
        // both connections and try again only some twenty seconds later.
        try b.add(a, dialling: false)
        try a.add(b, dialling: true)
        try a.share(folderA, as: folderID, with: [b])
        try b.share(folderB, as: folderID, with: [a])
        try waitUntilConnected(true)
    }

    deinit {
        stop()
    }

    public func stop() {
        a.stop()
        b.stop()
    }

    /// Cuts the connection, on both sides, as when two computers are apart.
    public func pause() throws {
        try a.pause(b)
        try b.pause(a)
        try waitUntilConnected(false)
    }

    /// Lets them connect again: B first, so that it accepts A, which then dials it.
    public func resume() throws {
        try b.resume(a)
        try a.resume(b)
        try waitUntilConnected(true)
    }

    /// Waits until both sides have scanned, are idle, need nothing and see the other side 100 %
    /// complete, and that holds twice in a row with nothing new in between; else fails with both
    /// sides' states.
    public func waitUntilInSync(timeout: TimeInterval = 120) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var previous: String?
        while true {
            let round = try syncRound()
            if round.inSync, round.fingerprint == previous { return }
            previous = round.inSync ? round.fingerprint : nil
            guard Date() < deadline else {
                throw Failure(description: "Syncthing was not in sync after \(Int(timeout)) s:\n\(round.description)")
            }
            usleep(500_000)
        }
    }

    private func waitUntilConnected(_ connected: Bool, timeout: TimeInterval = 60) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try a.isConnected(to: b) != connected || b.isConnected(to: a) != connected {
            guard Date() < deadline else {
                throw Failure(description: "A and B were still \(connected ? "apart" : "connected") after \(Int(timeout)) s\n"
                              + "A's log: \(a.log)\nB's log: \(b.log)")
            }
            usleep(200_000)
        }
    }

    /// One look at both sides after scanning both: whether they are in sync, what would tell a
    /// later look that something changed meanwhile, and what a failure message shows.
    private func syncRound() throws -> (inSync: Bool, fingerprint: String, description: String) {
        try a.scan(folderID)
        try b.scan(folderID)
        var inSync = true
        var fingerprint: [String] = []
        var description: [String] = []
        for (side, other) in [(a, b), (b, a)] {
            let status = try side.status(of: folderID)
            let completion = try side.completion(of: folderID, at: other)
            let connected = try side.isConnected(to: other)
            inSync = inSync && connected && status["state"] as? String == "idle" && number(status["needTotalItems"]) == 0
                && number(completion["completion"]) == 100
            fingerprint += ["sequence", "globalFiles", "globalDeleted", "localFiles"].map { "\(number(status[$0]) ?? -1)" }
            fingerprint.append("\(number(completion["sequence"]) ?? -1)")
            let shown = ["state", "needTotalItems", "needFiles", "needDeletes", "pullErrors", "errors", "localFiles",
                         "globalFiles", "sequence"].map { "\($0) \(status[$0] ?? "–")" }
            let errors = (try? side.errors(in: folderID)["errors"]).map { "\($0)" } ?? "–"
            description.append("\(side.name): \(connected ? "connected" : "not connected"), \(shown.joined(separator: ", ")); "
                               + "\(other.name) is \(completion["completion"] ?? "–") % complete; pull errors: \(errors)")
        }
        return (inSync, fingerprint.joined(separator: " "), description.joined(separator: "\n"))
    }

    /// A JSON number as a Double, however Foundation decoded it.
    private func number(_ value: Any?) -> Double? {
        (value as? NSNumber)?.doubleValue ?? (value as? Double) ?? (value as? Int).map(Double.init)
    }
}
