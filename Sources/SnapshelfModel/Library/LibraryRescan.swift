// Brings this computer's index up to date with the photo folder, which Syncthing changes beneath
// it when the library is shared with other computers: copies and sidecars that arrived become
// photos, a sidecar that changed gives its photo what it says, and a photo whose copy and sidecar
// both went was removed on another computer. Only files whose size or time changed since the
// index last saw them are read, so a rescan of a library that stayed the same costs a `stat` of
// each file. (The folder's own time would say less: a file written in place leaves it as it was.)
// What arrives is untrusted until checked: a copy becomes a photo only once it is a regular file
// of a photo's size, its bytes hash to the name it came under, and a sandboxed decoder reads it.
// Any other is set aside where it is, never deleted nor moved: moving a file out of the synced
// folder makes Syncthing delete it on every other computer too, which would lose it everywhere,
// so the index remembers it by name, size, time and inode instead, reads it no more until it
// changes, and `check` and the window name it.
import Foundation
import Synchronization

/// Only for a library Syncthing shares (`Library.rescan` sees to it): elsewhere, a copy and
/// sidecar that went are damage for `check` to report, not a removal made on another computer.
struct LibraryRescan {
    /// What changed in the index.
    struct Report {
        /// Photos that arrived from another computer, or were put back.
        var arrived: [Int64] = []
        /// Photos whose sidecar changed, and that took what it says.
        var changed: [Int64] = []
        /// Photos another computer removed, as their rows were, and their earlier labels, for an undo.
        var removedElsewhere: [LibraryDatabase.Row] = []
        var removedHistories: [Int64: SidecarHistory] = [:]
        /// Photos whose copy another computer removed while a change made here to their label or
        /// rotation kept the sidecar, so the copy came back from the reserve.
        var putBack: [Int64] = []
        /// What the person should know, such as a sidecar that could not be read.
        var notes: [String] = []
        /// Files newly set aside rather than indexed, and why, in the order of their names.
        var setAside: [(file: URL, why: PhotoFileRefusal)] = []
    }

    let database: LibraryDatabase
    let files: LibraryFiles
    let reserve: LibraryReserve

    /// Rescans the folder while holding its lock, so no import places a file meanwhile. With
    /// `sweepingReserve`, as at opening, the reserve lets go of photos no longer in the library.
    /// `progress` is told how many sidecars have been read of how many need it.
    func run(sweepingReserve: Bool, progress: (Int, Int) -> Void) throws(LibraryError) -> Report {
        try files.exclusively(or: \.libraryError) { () throws(LibraryError) in
            try scan(sweepingReserve: sweepingReserve, progress: progress)
        }
    }

    private func scan(sweepingReserve: Bool, progress: (Int, Int) -> Void) throws(LibraryError) -> Report {
        var report = Report()
        let remembered = try database.setAsideFiles()
        let machine = try database.machineName()
        // Conflict copies first, so the sidecars read below are the merged ones.
        let conflicts = SidecarConflict.resolveAll(in: files, machine: machine, remembered: remembered)
        report.notes += conflicts.notes
        let recorded = try applyChangeRecords(on: machine)
        report.notes += recorded.notes
        var seen = try database.seenFiles()
        (conflicts.rewritten + recorded.rewritten).forEach { seen[$0] = nil }
        let statuses = try listing()
        let found = statuses.filter { $0.value.st_mode & S_IFMT == S_IFREG }.mapValues(LibraryDatabase.FileStamp.init)
        let ids = try database.idsByFileName()
        try takeInRemovalRecords(except: machine) { ids[$0] != nil || found[$0] != nil }
        // A copy the index saw before, changed since: only another computer changes one.
        report.notes += mend(changedCopies: found.keys.filter { name in
            ids[name] != nil && seen[name] != nil && found[name] != seen[name]
        }, ids: ids)
        // Links, FIFOs and devices are never opened: each is set aside once, from its `lstat`.
        var refused: [String: LibraryDatabase.SetAsideFile] = [:]
        for (name, status) in statuses where ids[name] == nil && !Self.isSidecar(name) && !(remembered[name]?.isSame(as: status) ?? false) {
            if status.st_mode & S_IFMT != S_IFREG, let why = PhotoFileScreen.refusal(of: status) {
                refused[name] = LibraryDatabase.SetAsideFile(status, why: why)
            }
        }
        var read = 0
        let due = found.keys.filter { Self.isSidecar($0) && found[$0] != seen[$0] }.count
        var arrivals: [Arrival] = []
        for (name, stamp) in found where !Self.isSidecar(name) {
            let sidecarName = name + "." + Sidecar.fileExtension
            guard let sidecarStamp = found[sidecarName], sidecarStamp != seen[sidecarName] || (ids[name] == nil && stamp != seen[name]) else { continue }
            read += 1
            progress(read, due)
            // One set aside before stays so, unread, until it changes.
            if ids[name] == nil, let known = remembered[name], let status = statuses[name], known.isSame(as: status) { continue }
            var sidecar: Sidecar
            do {
                sidecar = try Sidecar(reading: files.sidecarURL(forFileNamed: name))
                // Another computer's sidecar, or another program's edit of it, holds what it will.
                sidecar.label = Label.fitting(sidecar.label).text
            } catch {
                report.notes.append(String(format: tr("the sidecar %@ could not be read: %@"), files.sidecarURL(forFileNamed: name).path, error.description))
                continue
            }
            if let id = ids[name] {
                // The label and turns given here that another computer's sidecar, kept over this
                // one's, lacks come back, into the file too, for Syncthing to carry to the others.
                if let line = try database.ownChange(ofPhotoWithID: id), let record = ChangeRecord(line: Substring(line), machine: machine),
                   let restored = record.applied(to: sidecar)?.merged {
                    sidecar = restored
                    try? files.writeSidecar(sidecar, forFileNamed: name)
                }
                if try database.take(sidecar, intoPhotoWithID: id) { report.changed.append(id) }
            } else if let sha256 = Self.sha256(ofCopyNamed: name) {
                arrivals.append(Arrival(name: name, sha256: sha256, sidecar: sidecar))
            }
        }
        // Trusted only once its bytes are the content its name gives, and a decoder reads them.
        let verdicts = Self.refusals(of: arrivals.map { files.url(forFileNamed: $0.name) }, sha256: arrivals.map(\.sha256))
        for (arrival, verdict) in zip(arrivals, verdicts) {
            if let verdict { refused[arrival.name] = LibraryDatabase.SetAsideFile(verdict.status, why: verdict.why) }
        }
        arrivals.removeAll { refused[$0.name] != nil }
        report.arrived = try add(arrivals, besides: ids)
        report.setAside = refused.keys.sorted().map { (files.url(forFileNamed: $0), refused[$0]!.why) }
        let indexed = Set(arrivals.map(\.name)), conflictCopies = Set(conflicts.unmerged.map(\.name))
        try database.recordSetAside(refused.merging(conflicts.setAside) { $1 }, forgetting: remembered.keys.filter {
            (statuses[$0] == nil && !conflictCopies.contains($0)) || indexed.contains($0)
        })
        var removed: [Int64] = []
        var withoutCopies: [(name: String, id: Int64)] = []
        for (name, id) in ids where found[name] == nil {
            if found[name + "." + Sidecar.fileExtension] == nil {
                removed.append(id)
            } else {
                withoutCopies.append((name, id))
            }
        }
        let gone = try settle(withoutCopies)
        removed += gone.removed
        if !removed.isEmpty {
            for id in removed { report.removedHistories[id] = try database.history(ofPhotoWithID: id) }
            report.removedElsewhere = try database.forget(photosWithIDs: removed)
        }
        report.putBack = gone.putBack
        keepReserve(of: Set(ids.keys).union(arrivals.map(\.name)), sweeping: sweepingReserve)
        try database.recordSeen(found.filter { seen[$0.key] != $0.value }, forgetting: seen.keys.filter { found[$0] == nil })
        return report
    }

    /// The photo folder's entries by name, as `lstat` describes them: neither Syncthing's files in
    /// transit nor its conflict copies (merged before), nor anything hidden, such as the incoming folder.
    private func listing() throws(LibraryError) -> [String: stat] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: files.directory.path)
        } catch {
            throw .system(.said((error as NSError).localizedDescription), during: .readingFolder(files.directory))
        }
        var found: [String: stat] = [:]
        for name in names where !name.hasPrefix(".") && !SidecarConflict.isConflictCopy(name) {
            var status = stat()
            guard lstat(files.directory.appendingPathComponent(name).path, &status) == 0 else { continue }
            found[name] = status
        }
        return found
    }

    /// Why each arrived copy is no photo, with the file as it was read; nil for one that is. Each
    /// is hashed as opaque bytes and must hold the content its name gives, then decoded in the
    /// sandbox, on every core: nothing of it is parsed in this process. A rebuild screens every
    /// copy with it too.
    static func refusals(of copies: [URL], sha256 hashes: [String]) -> [Verdict?] {
        let verdicts = Mutex([Verdict?](repeating: nil, count: copies.count))
        DispatchQueue.concurrentPerform(iterations: copies.count) { index in
            let verdict = refusal(of: copies[index], sha256: hashes[index])
            verdicts.withLock { $0[index] = verdict }
        }
        return verdicts.withLock { $0 }
    }

    /// Why a copy is no photo, with the file as it was when it was refused.
    typealias Verdict = (why: PhotoFileRefusal, status: stat)

    private static func refusal(of copy: URL, sha256: String) -> Verdict? {
        var status = stat()
        let file: OpenFile
        switch PhotoFileScreen.open(copy) {
        case .failure(let why):
            _ = FileName(url: copy).withCString { lstat($0, &status) }
            return (why, status)
        case .success(let opened):
            file = opened
        }
        fstat(file.descriptor, &status)
        do throws(OpenFile.ReadFailure) {
            guard try file.sha256() == sha256 else { return (.otherContent, status) }
        } catch {
            // Changed while it was read: remembered as it was, it is looked at again once it changes.
            if case .failed(let code) = error { return (.unreadable(errno: code), status) }
            return (.unreadable(errno: EIO), status)
        }
        do throws(DecodingFailure) {
            _ = try DecoderPool.shared.image(from: file.descriptor, path: FileName(url: copy).text, fittingIn: 32,
                                             maximumPixels: PhotoCandidate.maximumMegapixels * 1_000_000)
        } catch {
            return (.undecodable, status)
        }
        return nil
    }

    /// Indexes the photos that arrived, each under the ID its sidecar holds where this computer
    /// has no photo with it (IDs belong to each computer's index), else under a new one.
    /// A copy and sidecar of a photo this computer's index does not have yet.
    private struct Arrival {
        let name: String
        let sha256: String
        let sidecar: Sidecar
    }

    private func add(_ arrivals: [Arrival], besides ids: [String: Int64]) throws(LibraryError) -> [Int64] {
        var taken = Set(ids.values)
        var rows: [LibraryDatabase.Row] = []
        var homeless: [Arrival] = []
        for arrival in arrivals.sorted(by: { $0.sidecar.addedMilliseconds < $1.sidecar.addedMilliseconds }) {
            // The same photo under another extension is the same photo, which the index has.
            guard try database.row(withHash: arrival.sha256) == nil,
                  !rows.contains(where: { $0.sha256 == arrival.sha256 }) else { continue }
            if taken.insert(arrival.sidecar.id).inserted {
                rows.append(Self.row(arrival, id: arrival.sidecar.id))
            } else {
                homeless.append(arrival)
            }
        }
        let newIDs = try database.newPhotoIDs(count: homeless.count, avoiding: taken)
        for (arrival, id) in zip(homeless, newIDs) {
            rows.append(Self.row(arrival, id: id))
        }
        try database.insert(rows.map { ($0, true) })
        // Their earlier labels came with their sidecars.
        let histories = Dictionary(arrivals.map { ($0.name, $0.sidecar.history) }, uniquingKeysWith: { first, _ in first })
        try database.keep(histories: rows.compactMap { row in histories[row.fileName].map { (row.id, $0) } })
        return rows.map(\.id)
    }

    private static func row(_ arrival: Arrival, id: Int64) -> LibraryDatabase.Row {
        var record = arrival.sidecar.record
        record.id = id
        return LibraryDatabase.Row(record, fileName: arrival.name, sha256: arrival.sha256)
    }

    /// Gives every copy of the library a name in the reserve, and, when `sweeping`, lets go of
    /// those of photos no longer in it.
    private func keepReserve(of names: Set<String>, sweeping: Bool) {
        let reserved = reserve.names()
        for name in names.subtracting(reserved) {
            reserve.keep(files.url(forFileNamed: name))
        }
        if sweeping {
            reserved.subtracting(names).forEach(reserve.release)
        }
    }

    private static func isSidecar(_ name: String) -> Bool {
        name.hasSuffix("." + Sidecar.fileExtension)
    }

    /// The content hash a copy's name gives, `<sha256>.<extension>`; nil for a name no copy has.
    static func sha256(ofCopyNamed name: String) -> String? {
        let parts = name.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 64, parts[0].allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return String(parts[0])
    }
}
