// What a rebuild finds in a library's photo folder: each copy's row as its sidecar tells it, read
// on every core, or as the copy alone tells it where the sidecar is missing or cannot be read.
import Foundation
import Synchronization

struct SidecarReading {
    /// A copy and what its sidecar said, or why it said nothing.
    private enum Finding: Sendable {
        case sidecar(Sidecar)
        case unreadable(Sidecar.Problem)
    }

    private(set) var rows: [LibraryDatabase.Row] = []
    /// The copies without a usable sidecar, by file name, each made a row from the copy alone.
    private(set) var withoutSidecar: [String] = []
    private(set) var notes: [String] = []

    /// Reads the sidecars of these copies, a batch at a time, telling `progress` after each.
    init(_ names: [String], in files: LibraryFiles, progress: (Int, Int) -> Void) {
        let batch = 2048
        var usedIDs = Set<Int64>()
        var usedHashes = Set<String>()
        var deferred: [(name: String, sha256: String)] = []
        for start in stride(from: 0, to: names.count, by: batch) {
            let slice = Array(names[start..<min(start + batch, names.count)])
            let sidecars = slice.map(files.sidecarURL(forFileNamed:))
            let findings = Mutex([Finding?](repeating: nil, count: slice.count))
            DispatchQueue.concurrentPerform(iterations: slice.count) { index in
                let finding: Finding
                do throws(Sidecar.Problem) {
                    finding = .sidecar(try Sidecar(reading: sidecars[index]))
                } catch {
                    finding = .unreadable(error)
                }
                findings.withLock { $0[index] = finding }
            }
            for (name, finding) in zip(slice, findings.withLock { $0 }) {
                guard let sha256 = Self.contentHash(inName: name) else {
                    notes.append(String(format: tr("file %@ is not named by its content, so it is no library copy; it was left out"),
                                        files.url(forFileNamed: name).path))
                    continue
                }
                guard usedHashes.insert(sha256).inserted else {
                    notes.append(String(format: tr("file %@ holds the same photo as another copy; it was left out"),
                                        files.url(forFileNamed: name).path))
                    continue
                }
                switch finding {
                case .sidecar(let sidecar)? where usedIDs.insert(sidecar.id).inserted:
                    rows.append(Self.row(from: sidecar, name: name, sha256: sha256, notes: &notes))
                case .sidecar(let sidecar)?:
                    notes.append(String(format: tr("the sidecar of %@ claims photo %ld, which another sidecar has; the photo gets a new ID"),
                                        name, Int(sidecar.id)))
                    deferred.append((name, sha256))
                case .unreadable(let problem)?:
                    if problem != .missing {
                        notes.append(String(format: tr("the sidecar of %@ cannot be used: %@; the photo is rebuilt from itself"), name, problem.description))
                    }
                    deferred.append((name, sha256))
                case nil:
                    deferred.append((name, sha256))
                }
            }
            progress(min(start + batch, names.count), names.count)
        }
        var nextID = (rows.map(\.id).max() ?? 0) + 1
        for (name, sha256) in deferred {
            rows.append(Self.row(fromCopy: files.url(forFileNamed: name), id: nextID, sha256: sha256, notes: &notes))
            withoutSidecar.append(name)
            nextID += 1
        }
        rows.sort { $0.id < $1.id }
    }

    /// The SHA-256 a copy's name begins with, as the library names copies.
    private static func contentHash(inName name: String) -> String? {
        let hash = name.prefix { $0 != "." }
        guard hash.count == 64, hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return String(hash)
    }

    /// A sidecar's row, its label held to the label rules, since another program may have written it.
    private static func row(from sidecar: Sidecar, name: String, sha256: String, notes: inout [String]) -> LibraryDatabase.Row {
        let label = Label.fitting(sidecar.label)
        if label.text.count < sidecar.label.count && (try? Label(sidecar.label)) == nil {
            notes.append(String(format: tr("the label in the sidecar of %@ was too long and was cut to fit"), name))
        }
        return LibraryDatabase.Row(id: sidecar.id, label: label.text, fileName: name, originalName: sidecar.originalName,
                                   addedMilliseconds: sidecar.addedMilliseconds, width: sidecar.width, height: sidecar.height,
                                   sha256: sha256, takenMilliseconds: sidecar.takenMilliseconds, rotation: sidecar.rotation,
                                   camera: sidecar.camera ?? (sidecar.writtenSinceCameras ? "" : nil))
    }

    /// What the copy alone gives: its size and date taken, an empty label, its own name, and the
    /// time the copy was made as the date added.
    private static func row(fromCopy copy: URL, id: Int64, sha256: String, notes: inout [String]) -> LibraryDatabase.Row {
        var status = stat()
        stat(copy.path, &status)
        let made = ClampedDate.from(seconds: status.st_mtim.tv_sec, nanoseconds: status.st_mtim.tv_nsec)
        var (width, height, taken, camera) = (0, 0, made, String?.none)
        do {
            let candidate = try PhotoCandidate(inspecting: copy, previewSize: 32)
            (width, height, taken, camera) = (candidate.width, candidate.height, candidate.taken, candidate.camera ?? "")
        } catch {
            notes.append(String(format: tr("the copy %@ cannot be read (%@); it was kept with what is known of it"), copy.path, error.explanation))
        }
        return LibraryDatabase.Row(id: id, label: "", fileName: copy.lastPathComponent, originalName: FileName(copy.lastPathComponent),
                                   addedMilliseconds: ClampedDate.milliseconds(of: made), width: width, height: height,
                                   sha256: sha256, takenMilliseconds: ClampedDate.milliseconds(of: taken), camera: camera)
    }
}
