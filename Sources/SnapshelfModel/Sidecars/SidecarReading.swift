// What a rebuild finds in a library's photo folder: each copy's row as its sidecar tells it, read
// on every core. A photo's identity is its content, the hash its copy is named by; the ID in its
// sidecar is only where it stood in the order. So a sidecar whose ID another holds too, or that
// Snapshelf never gives, keeps everything else it holds under a new ID, and so does one with a
// date edited out of shape; only a copy with no sidecar that can be read comes back from the copy
// alone. Nothing found in a sidecar is dropped without a note that says where it stays. What each
// sidecar claims waits in a table of the database being built (`RebuildClaims`), so a million
// photos are read and placed in bounded memory.
import Foundation
import Synchronization

struct SidecarReading {
    /// A copy and what its sidecar said, or why it said nothing.
    private enum Finding: Sendable {
        case whole(Sidecar)
        case salvaged(SidecarSalvage)
        case unreadable(Sidecar.Problem)

        var id: Int64? {
            switch self {
            case .whole(let sidecar): sidecar.id
            case .salvaged(let salvage): salvage.id
            case .unreadable: nil
            }
        }

        /// When it was added, as far as is known: a time not known sorts last.
        var added: Int64 {
            switch self {
            case .whole(let sidecar): sidecar.addedMilliseconds
            case .salvaged(let salvage): salvage.addedMilliseconds ?? .max
            case .unreadable: .max
            }
        }

        var label: String {
            switch self {
            case .whole(let sidecar): sidecar.label
            case .salvaged(let salvage): salvage.label
            case .unreadable: ""
            }
        }

        var original: FileName? {
            switch self {
            case .whole(let sidecar): sidecar.originalFileName
            case .salvaged(let salvage): salvage.originalName
            case .unreadable: nil
            }
        }

        /// The earlier labels, as the sidecar writes them; nil where there are none, or none was read.
        var history: String? {
            guard case .whole(let sidecar) = self else { return nil }
            return sidecar.history.text
        }

        var kind: RebuildClaims.Kind {
            switch self {
            case .whole: .whole
            case .salvaged: .salvaged
            case .unreadable: .unreadable
            }
        }

        var problems: [String] {
            guard case .salvaged(let salvage) = self else { return [] }
            return salvage.problems.map(\.description)
        }

        /// Why a sidecar that is there could not be read; nil for one that could, or is missing.
        var unreadableWhy: String? {
            guard case .unreadable(let problem) = self, problem != .missing else { return nil }
            return problem.description
        }
    }

    private(set) var photos = 0
    /// How many copies had no usable sidecar, each made a row from the copy alone.
    private(set) var withoutSidecar = 0
    /// Sidecars that are there but could not be read at all, to be set aside before new ones are written.
    private(set) var unreadable: [String] = []
    private(set) var notes: [RebuildNote] = []
    private let files: LibraryFiles
    private let claims: RebuildClaims

    init(into database: LibraryDatabase, files: LibraryFiles) throws(LibraryError) {
        self.files = files
        claims = try RebuildClaims(in: database)
    }

    /// Reads the sidecars of a batch of copies, which screening found to be photos, in the order
    /// of their names, and keeps what each claims.
    mutating func read(_ names: [String]) throws(LibraryError) {
        let findings = Self.read(names.map(files.sidecarURL(forFileNamed:)))
        var made: [(LibraryDatabase.Row, Finding, labelCut: Bool)] = []
        for (name, finding) in zip(names, findings) {
            guard let sha256 = Self.contentHash(inName: name) else {
                notes.append(.notALibraryCopy(files.url(forFileNamed: name)))
                continue
            }
            let (row, labelCut) = row(for: finding, name: name, sha256: sha256)
            made.append((row, finding, labelCut))
        }
        try claims.adding { () throws(LibraryError) in
            for (row, finding, labelCut) in made {
                try claims.add(row, claimedID: finding.id, sortAdded: finding.added, hasLabel: !finding.label.isEmpty,
                               kind: finding.kind, original: finding.original?.displayed, problems: finding.problems,
                               noteLabel: finding.kind == .salvaged ? DecoderText.clean(row.label, limit: 60) : "",
                               labelCut: labelCut, unreadableWhy: finding.unreadableWhy, history: finding.history)
            }
        }
    }

    /// The sidecars read on every core, each strictly, or for what can be saved of it.
    private static func read(_ sidecars: [URL]) -> [Finding] {
        let findings = Mutex([Finding?](repeating: nil, count: sidecars.count))
        DispatchQueue.concurrentPerform(iterations: sidecars.count) { index in
            let finding: Finding
            do throws(Sidecar.Problem) {
                finding = .whole(try Sidecar(reading: sidecars[index]))
            } catch {
                finding = SidecarSalvage(reading: sidecars[index], refusedFor: error).map(Finding.salvaged) ?? .unreadable(error)
            }
            findings.withLock { $0[index] = finding }
        }
        return findings.withLock { $0.map { $0! } }
    }

    /// Gives every claim its ID and saves the photos' rows. One claim per content: where two
    /// copies hold the same photo, the one whose sidecar has a label is kept; the other stays in
    /// the folder with its sidecar, for `check` to point out. Then each claim keeps the ID it
    /// claims when no other claim of it was added earlier, and the rest get IDs that no claim
    /// holds, after them all, in the order they were added, so the new IDs keep that order.
    mutating func place(into database: LibraryDatabase) throws(LibraryError) {
        try claims.finishAdding()
        var kept: (sequence: Int64, content: String, hasLabel: Bool, name: String)?
        var left: [(noted: Int64, sequence: Int64, name: String)] = []
        try claims.sharingContent { sequence, content, hasLabel, name in
            guard let first = kept, first.content == content else { return kept = (sequence, content, hasLabel, name) }
            if !first.hasLabel && hasLabel {
                left.append((sequence, first.sequence, first.name))
                kept = (sequence, content, hasLabel, name)
            } else {
                left.append((sequence, sequence, name))
            }
        }
        left.sort { $0.noted < $1.noted }
        notes += left.map { .sameContent(files.url(forFileNamed: $0.name)) }
        try claims.drop(left.map(\.sequence))

        var next = (try claims.giveClaimedIDs() ?? 0) &+ 1
        try claims.forEachPlaced { claim throws(LibraryError) in tell(claim, id: claim.claimedID ?? 0) }
        var given: [(sequence: Int64, id: Int64)] = []
        var allocator: PhotoID.Allocator?
        try claims.forEachWaiting { claim throws(LibraryError) in
            let id: Int64
            if allocator == nil && PhotoID.isValid(next) {
                (id, next) = (next, next + 1)
            } else {
                // Past the last ID, which only a crafted sidecar claims: the lowest free ones.
                if allocator == nil { allocator = PhotoID.Allocator(taken: try claims.givenIDs().union(given.map(\.id)), after: next &- 1) }
                id = allocator!.take()
            }
            if let claimed = claim.claimedID, let holder = try claims.holder(of: claimed) {
                notes.append(.claimedTwice(described(claim.name, original: claim.original), photoID: claimed,
                                           alsoBy: described(holder.name, original: holder.original), now: id))
            }
            tell(claim, id: id)
            given.append((claim.sequence, id))
        }
        try claims.give(given)
        photos = try claims.copyRows(into: database)
    }

    /// The photo as the person knows it: the original's name its sidecar holds, and the copy's.
    private func described(_ name: String, original: String?) -> RebuildNote.SidecarOf {
        RebuildNote.SidecarOf(sidecar: files.sidecarURL(forFileNamed: name), original: original)
    }

    /// Notes what became of a placed claim's sidecar.
    private mutating func tell(_ claim: RebuildClaims.Claim, id: Int64) {
        if claim.labelCut { notes.append(.labelCut(copy: claim.name)) }
        switch claim.kind {
        case .whole:
            break
        case .salvaged:
            for problem in claim.problems {
                notes.append(.sidecarSalvaged(described(claim.name, original: claim.original), why: problem, photoID: id, label: claim.noteLabel))
            }
        case .unreadable:
            if let why = claim.unreadableWhy {
                unreadable.append(claim.name)
                notes.append(.sidecarSetAside(copy: claim.name, why: why, folder: files.setAsideDirectory))
            }
            withoutSidecar += 1
        }
    }

    /// A claim's row, its ID left to be given, and whether its label had to be cut.
    private mutating func row(for finding: Finding, name: String, sha256: String) -> (LibraryDatabase.Row, Bool) {
        switch finding {
        case .whole(let sidecar):
            var record = sidecar.record
            let (label, cut) = Self.fitted(sidecar.label)
            (record.id, record.label) = (0, label)
            return (LibraryDatabase.Row(record, fileName: name, sha256: sha256), cut)
        case .salvaged(let salvage):
            // What a sidecar refused for one field still gives, the rest read again from the copy.
            let copy = salvage.addedMilliseconds == nil || salvage.taken == nil || salvage.width == nil || salvage.height == nil
                ? inspected(files.url(forFileNamed: name)) : nil
            let (label, cut) = Self.fitted(salvage.label)
            let record = PhotoRecord(id: 0, label: label, originalFileName: salvage.originalName ?? FileName(name),
                                     addedMilliseconds: salvage.addedMilliseconds ?? copy!.made, taken: salvage.taken ?? copy!.taken,
                                     width: salvage.width ?? copy!.width, height: salvage.height ?? copy!.height,
                                     rotation: salvage.rotation, camera: salvage.camera ?? copy?.camera)
            return (LibraryDatabase.Row(record, fileName: name, sha256: sha256), cut)
        case .unreadable:
            let found = inspected(files.url(forFileNamed: name))
            let record = PhotoRecord(id: 0, label: "", originalFileName: FileName(name), addedMilliseconds: found.made,
                                     taken: found.taken, width: found.width, height: found.height, camera: found.camera)
            return (LibraryDatabase.Row(record, fileName: name, sha256: sha256), false)
        }
    }

    /// The label held to the label rules, since another program may have written it, and whether
    /// that cut it.
    private static func fitted(_ text: String) -> (String, Bool) {
        let label = Label.fitting(text)
        return (label.text, label.text.count < text.count && (try? Label(text)) == nil)
    }

    /// What the copy itself gives: its size, date taken and camera, and the time it was made.
    private mutating func inspected(_ copy: URL) -> (width: Int, height: Int, made: Int64, taken: TakenDate, camera: String?) {
        var status = stat()
        lstat(copy.path, &status)
        let made = ClampedDate.from(seconds: status.st_mtim.tv_sec, nanoseconds: status.st_mtim.tv_nsec)
        do {
            let candidate = try PhotoCandidate(inspecting: copy, previewSize: 32, followingLinks: false)
            return (candidate.width, candidate.height, ClampedDate.milliseconds(of: made),
                    candidate.taken, candidate.camera ?? "")
        } catch {
            notes.append(.copyUnreadable(copy, error))
            return (0, 0, ClampedDate.milliseconds(of: made), TakenDate(moment: made), nil)
        }
    }

    /// The SHA-256 a copy's name begins with, as the library names copies.
    private static func contentHash(inName name: String) -> String? {
        let hash = name.prefix { $0 != "." }
        guard hash.count == 64, hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return String(hash)
    }
}
