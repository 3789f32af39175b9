// Real Syncthing instances on 127.0.0.1 sharing one folder, kept at a path each, as two or three
// computers share a library: what the end-to-end tests of a library on several computers run on.
// All are stopped when the group is released or stopped, whatever became of the test.
import Foundation

public final class SyncthingPair {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A, B and, in a group of three, C.
    public let peers: [SyncthingPeer]
    public var a: SyncthingPeer { peers[0] }
    public var b: SyncthingPeer { peers[1] }
    public let folderID = "snapshelf-library"

    /// Starts both instances with homes in `homes`, introduces them to each other and shares
    /// `folderA` on A with `folderB` on B, returning once they are connected.
    public convenience init(sharing folderA: URL, with folderB: URL, homes: URL) throws {
        try self.init(sharing: [folderA, folderB], homes: homes)
    }

    /// Starts an instance for each folder, with homes in `homes`, introduces each to every other
    /// and shares the folders as one, returning once all are connected.
    public init(sharing folders: [URL], homes: URL) throws {
        // The ports are chosen while all are held, so that no two of them are the same.
        let ports = try (0..<2 * folders.count).map { _ in try ListeningSocket.loopback() }.map(\.port)
        var started: [SyncthingPeer] = []
        do {
            for (index, name) in ["A", "B", "C", "D"].prefix(folders.count).enumerated() {
                started.append(try SyncthingPeer(name: name, home: homes.appendingPathComponent("syncthing-\(name.lowercased())"),
                                                 guiPort: ports[2 * index], listenPort: ports[2 * index + 1]))
            }
        } catch {
            started.forEach { $0.stop() }
            throw error
        }
        peers = started
        // Only the first of each two dials, and only once the other knows it: when both dial at
        // once, Syncthing may drop both connections and try again only some twenty seconds later.
        for (first, second) in Self.couples(of: peers) {
            try second.add(first, dialling: false)
            try first.add(second, dialling: true)
        }
        for (peer, folder) in zip(peers, folders) {
            try peer.share(folder, as: folderID, with: peers.filter { $0 !== peer })
        }
        try waitUntilConnected(true)
    }

    /// Each two peers once, the earlier first.
    private static func couples(of peers: [SyncthingPeer]) -> [(SyncthingPeer, SyncthingPeer)] {
        peers.indices.flatMap { first in peers.indices.filter { $0 > first }.map { (peers[first], peers[$0]) } }
    }

    deinit {
        stop()
    }

    public func stop() {
        peers.forEach { $0.stop() }
    }

    /// Cuts every connection, on both sides, as when the computers are apart.
    public func pause() throws {
        for (first, second) in Self.couples(of: peers) {
            try first.pause(second)
            try second.pause(first)
        }
        try waitUntilConnected(false)
    }

    /// Lets them connect again: the one that does not dial first, so that it accepts the other.
    public func resume() throws {
        for (first, second) in Self.couples(of: peers) {
            try second.resume(first)
            try first.resume(second)
        }
        try waitUntilConnected(true)
    }

    /// Waits until every side has scanned, is idle, needs nothing and sees every other 100 %
    /// complete, and that holds twice in a row with nothing new in between; else fails with every
    /// side's state.
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
        while try Self.couples(of: peers).contains(where: { try $0.isConnected(to: $1) != connected || $1.isConnected(to: $0) != connected }) {
            guard Date() < deadline else {
                throw Failure(description: "The peers were still \(connected ? "apart" : "connected") after \(Int(timeout)) s\n"
                              + peers.map { "\($0.name)'s log: \($0.log)" }.joined(separator: "\n"))
            }
            usleep(200_000)
        }
    }

    /// One look at every side after scanning each: whether they are in sync, what would tell a
    /// later look that something changed meanwhile, and what a failure message shows.
    private func syncRound() throws -> (inSync: Bool, fingerprint: String, description: String) {
        for peer in peers { try peer.scan(folderID) }
        var inSync = true
        var fingerprint: [String] = []
        var description: [String] = []
        for (side, other) in Self.couples(of: peers).flatMap({ [($0, $1), ($1, $0)] }) {
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
