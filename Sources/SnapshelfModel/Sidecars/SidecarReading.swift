// What a rebuild finds in a library's photo folder: each copy's row as its sidecar tells it, read
// on every core. A photo's identity is its content, the hash its copy is named by; the ID in its
// sidecar is only where it stood in the order. So a sidecar whose ID another holds too, or that
// Snapshelf never gives, keeps everything else it holds under a new ID, and so does one with a
// date edited out of shape; only a copy with no sidecar that can be read comes back from the copy
// alone. Nothing found in a sidecar is dropped without a note that says where it stays.
import Foundation
import Synchronization

struct SidecarReading {
    /// A copy and what its sidecar said, or why it said nothing.
    private enum Finding: Sendable {
        case whole(Sidecar)
        case salvaged(SidecarSalvage)
        case unreadable(Sidecar.Problem)
    }

    private struct Claim {
        let name: String
        let sha256: String
        let finding: Finding

        var id: Int64? {
            switch finding {
            case .whole(let sidecar): sidecar.id
            case .salvaged(let salvage): salvage.id
            case .unreadable: nil
            }
        }

        var added: Int64 {
            switch finding {
            case .whole(let sidecar): sidecar.addedMilliseconds
            case .salvaged(let salvage): salvage.addedMilliseconds ?? .max
            case .unreadable: .max
            }
        }

        /// The photo as the person knows it: the original's name its sidecar holds, and the copy's.
        func described(in files: LibraryFiles) -> RebuildNote.SidecarOf {
            let original: FileName? = switch finding {
            case .whole(let sidecar): sidecar.originalFileName
            case .salvaged(let salvage): salvage.originalName
            case .unreadable: nil
            }
            return RebuildNote.SidecarOf(sidecar: files.sidecarURL(forFileNamed: name), original: original?.displayed)
        }

        var label: String {
            switch finding {
            case .whole(let sidecar): sidecar.label
            case .salvaged(let salvage): salvage.label
            case .unreadable: ""
            }
        }
    }

    private(set) var rows: [LibraryDatabase.Row] = []
    /// The copies whose sidecars are as they should be, by ID: the rest get theirs written.
    private(set) var current: Set<Int64> = []
    /// The copies without a usable sidecar, by file name, each made a row from the copy alone.
    private(set) var withoutSidecar: [String] = []
    /// Sidecars that are there but could not be read at all, to be set aside before new ones are written.
    private(set) var unreadable: [String] = []
    private(set) var notes: [RebuildNote] = []
    private let files: LibraryFiles

    /// Reads the sidecars of these copies, a batch at a time, telling `progress` after each. Each
    /// batch is `screening` first, which gives back the copies that may be photos, so the
    /// progress counts the slow part, hashing and decoding every copy, as it goes.
    init(_ names: [String], in files: LibraryFiles, screening: ([String]) -> [String] = { $0 }, progress: (Int, Int) -> Void) {
        self.files = files
        var claims: [Claim] = []
        claims.reserveCapacity(names.count)
        let batch = 2048
        for start in stride(from: 0, to: names.count, by: batch) {
            let slice = screening(Array(names[start..<min(start + batch, names.count)]))
            let findings = Self.read(slice.map(files.sidecarURL(forFileNamed:)))
            for (name, finding) in zip(slice, findings) {
                guard let sha256 = Self.contentHash(inName: name) else {
                    notes.append(.notALibraryCopy(files.url(forFileNamed: name)))
                    continue
                }
                claims.append(Claim(name: name, sha256: sha256, finding: finding))
            }
            progress(min(start + batch, names.count), names.count)
        }
        claims = sameContentMerged(claims)
        place(claims)
        rows.sort { $0.id < $1.id }
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

    /// One claim per content: where two copies hold the same photo, the one whose sidecar has a
    /// label is kept; the other stays in the folder with its sidecar, for `check` to point out.
    private mutating func sameContentMerged(_ claims: [Claim]) -> [Claim] {
        var kept: [String: Int] = [:]
        var merged: [Claim] = []
        for claim in claims {
            guard let index = kept[claim.sha256] else {
                kept[claim.sha256] = merged.count
                merged.append(claim)
                continue
            }
            var left = claim
            if merged[index].label.isEmpty && !claim.label.isEmpty {
                (left, merged[index]) = (merged[index], claim)
            }
            notes.append(.sameContent(files.url(forFileNamed: left.name)))
        }
        return merged
    }

    /// Gives every claim its row: the ID it claims when no other claim of it was added earlier,
    /// else one that no claim holds, after them all.
    private mutating func place(_ claims: [Claim]) {
        var holder: [Int64: Int] = [:]
        for (index, claim) in claims.enumerated() {
            guard let id = claim.id else { continue }
            if let other = holder[id], (claims[other].added, claims[other].name) <= (claim.added, claim.name) { continue }
            holder[id] = index
        }
        var ids = PhotoID.Allocator(taken: Set(holder.keys))
        var waiting: [Int] = []
        for (index, claim) in claims.enumerated() {
            if let id = claim.id, holder[id] == index {
                rows.append(row(for: claim, id: id))
            } else {
                waiting.append(index)
            }
        }
        // In the order they were added, as far as is known, so the new IDs keep that order.
        waiting.sort { (claims[$0].added, claims[$0].name) < (claims[$1].added, claims[$1].name) }
        for index in waiting {
            let claim = claims[index]
            let id = ids.take()
            if let claimed = claim.id, let other = holder[claimed] {
                notes.append(.claimedTwice(claim.described(in: files), photoID: claimed, alsoBy: claims[other].described(in: files), now: id))
            }
            rows.append(row(for: claim, id: id))
        }
    }

    private mutating func row(for claim: Claim, id: Int64) -> LibraryDatabase.Row {
        switch claim.finding {
        case .whole(let sidecar):
            if sidecar.id == id { current.insert(id) }
            return row(from: sidecar, id: id, claim: claim)
        case .salvaged(let salvage):
            return row(from: salvage, id: id, claim: claim)
        case .unreadable(let problem):
            if problem != .missing {
                unreadable.append(claim.name)
                notes.append(.sidecarSetAside(copy: claim.name, why: problem.description, folder: files.setAsideDirectory))
            }
            withoutSidecar.append(claim.name)
            let copy = files.url(forFileNamed: claim.name)
            let found = inspected(copy)
            let record = PhotoRecord(id: id, label: "", originalFileName: FileName(claim.name), addedMilliseconds: found.made,
                                     taken: found.taken, width: found.width, height: found.height, camera: found.camera)
            return LibraryDatabase.Row(record, fileName: claim.name, sha256: claim.sha256)
        }
    }

    /// A sidecar's row, its label held to the label rules, since another program may have written it.
    private mutating func row(from sidecar: Sidecar, id: Int64, claim: Claim) -> LibraryDatabase.Row {
        var record = sidecar.record
        (record.id, record.label) = (id, fitted(sidecar.label, of: claim.name))
        return LibraryDatabase.Row(record, fileName: claim.name, sha256: claim.sha256)
    }

    /// What a sidecar refused for one field still gives, the rest read again from the copy.
    private mutating func row(from salvage: SidecarSalvage, id: Int64, claim: Claim) -> LibraryDatabase.Row {
        let copy = salvage.addedMilliseconds == nil || salvage.taken == nil || salvage.width == nil || salvage.height == nil
            ? inspected(files.url(forFileNamed: claim.name)) : nil
        let label = fitted(salvage.label, of: claim.name)
        for problem in salvage.problems {
            notes.append(.sidecarSalvaged(claim.described(in: files), why: problem.description, photoID: id,
                                          label: DecoderText.clean(label, limit: 60)))
        }
        let record = PhotoRecord(id: id, label: label, originalFileName: salvage.originalName ?? FileName(claim.name),
                                 addedMilliseconds: salvage.addedMilliseconds ?? copy!.made, taken: salvage.taken ?? copy!.taken,
                                 width: salvage.width ?? copy!.width, height: salvage.height ?? copy!.height,
                                 rotation: salvage.rotation, camera: salvage.camera ?? copy?.camera)
        return LibraryDatabase.Row(record, fileName: claim.name, sha256: claim.sha256)
    }

    private mutating func fitted(_ text: String, of name: String) -> String {
        let label = Label.fitting(text)
        if label.text.count < text.count && (try? Label(text)) == nil {
            notes.append(.labelCut(copy: name))
        }
        return label.text
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
