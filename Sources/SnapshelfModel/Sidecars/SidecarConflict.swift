// The conflict copies Syncthing leaves in a library's photo folder when two computers changed one
// file while apart: it keeps the later change under the file's name and renames the other
// `<name minus its last extension>.sync-conflict-YYYYMMDD-HHMMSS-<device>.<last extension>`, so
// `<sha>.jpg.xmp` has `<sha>.jpg.sync-conflict-20261201-120000-ABCDEFG.xmp`. A sidecar's copies are
// merged into it by `SidecarMerge`'s rule and then deleted, so no label is lost and none is left;
// a photo file's copy, whose name is its content's hash, is deleted when it holds that content.
// What cannot be merged stays, for `check` to report.
import Foundation

enum SidecarConflict {
    /// What resolving the conflict copies did.
    struct Report: Equatable, Sendable {
        /// The files written or renamed into place, by name in the photo folder: sidecars, and a
        /// copy that took its missing photo file's place. Their rows are to be read from them again.
        var rewritten: [String] = []
        /// What the person is told: labels that met, and which was kept.
        var notes: [String] = []
        /// The conflict copies left in place, by name, each with why.
        var unmerged: [Unmerged] = []
        /// Photo files' copies newly found to hold other content than their names give, for the
        /// index to remember, so that no rescan hashes one again until it changes.
        var setAside: [String: LibraryDatabase.SetAsideFile] = [:]
    }

    struct Unmerged: Equatable, Sendable {
        let name: String
        let reason: ConflictObstacle
    }

    private static let marker = ".sync-conflict-"

    /// Whether the name is one Syncthing gives a conflict copy.
    static func isConflictCopy(_ fileName: String) -> Bool {
        baseName(of: fileName) != nil
    }

    /// The name of the file a conflict copy is a copy of; nil for a name that is no conflict copy.
    static func baseName(of fileName: String) -> String? {
        // A library's own names, `<sha>.<ext>` and their sidecars, hold no hyphen: told apart by
        // one pass over the bytes, since `check` asks this of a million names.
        guard fileName.utf8.contains(UInt8(ascii: "-")), let range = fileName.range(of: marker, options: .backwards),
              range.lowerBound > fileName.startIndex else { return nil }
        let rest = Array(fileName[range.upperBound...].utf8)
        // YYYYMMDD-HHMMSS-, then the device's first seven characters (base32), then the extension.
        let digits = { (range: Range<Int>) in range.allSatisfy { rest[$0] >= UInt8(ascii: "0") && rest[$0] <= UInt8(ascii: "9") } }
        guard rest.count >= 23, digits(0..<8), rest[8] == UInt8(ascii: "-"), digits(9..<15), rest[15] == UInt8(ascii: "-"),
              rest[16..<23].allSatisfy({ ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) })
        else { return nil }
        let fileExtension = rest[23...]
        guard fileExtension.isEmpty || (fileExtension.first == UInt8(ascii: ".") && !fileExtension.dropFirst().contains(UInt8(ascii: ".")))
        else { return nil }
        return String(fileName[..<range.lowerBound]) + String(decoding: fileExtension, as: UTF8.self)
    }

    /// Merges or removes every conflict copy in the library's photo folder, on the computer named
    /// `machine`. Call it holding the folder lock, as the sidecar writer does, so that no sidecar
    /// is written between its reading and the merge's writing. A photo file's copy `remembered`
    /// as set aside, and unchanged since, is not read again.
    static func resolveAll(in files: LibraryFiles, machine: String,
                           remembered: [String: LibraryDatabase.SetAsideFile] = [:]) -> Report {
        // Only the conflict copies' names are kept: the folder holds two million at a million photos.
        var copies: [String: [String]] = [:]
        let folder = FolderNames.open(files.directory)
        if folder >= 0 {
            FolderNames.forEach(in: folder) { name in
                if let base = baseName(of: name) { copies[base, default: []].append(name) }
            }
            close(folder)
        }
        var report = Report()
        // Each base's copies in the order of their names, which is the order of their times.
        for (base, names) in copies.sorted(by: { $0.key < $1.key }).map({ ($0.key, $0.value.sorted()) }) {
            if base.hasSuffix("." + Sidecar.fileExtension) {
                merge(names, into: base, in: files, machine: machine, report: &report)
            } else {
                for name in names { resolvePhotoCopy(name, of: base, in: files, remembered: remembered[name], report: &report) }
            }
        }
        // The renames and deletions last through a power cut; only when there were copies, which is rarely.
        if !copies.isEmpty { files.syncDirectory() }
        return report
    }

    /// Merges a sidecar's conflict copies into it one after another, each deleted once the
    /// sidecar holding it is in place; the first readable copy becomes the sidecar when it is missing.
    private static func merge(_ names: [String], into base: String, in files: LibraryFiles, machine: String, report: inout Report) {
        let baseURL = files.url(forFileNamed: base)
        var current: SidecarMerge.Side?
        do throws(Sidecar.Problem) {
            current = try side(at: baseURL)
        } catch where error == .missing {
            current = nil
        } catch {
            let reason = ConflictObstacle.sidecarUnreadable(sidecar: base, error.description)
            report.unmerged += names.map { Unmerged(name: $0, reason: reason) }
            return
        }
        var written = false
        for name in names {
            let url = files.url(forFileNamed: name)
            let copy: SidecarMerge.Side
            do throws(Sidecar.Problem) {
                copy = try side(at: url)
            } catch {
                report.unmerged.append(Unmerged(name: name, reason: .sidecarUnusable(error.description)))
                continue
            }
            guard let into = current else {
                // No sidecar to merge into: the copy is the sidecar.
                if rename(url.path, baseURL.path) == 0 {
                    current = copy
                    written = true
                } else {
                    report.unmerged.append(Unmerged(name: name, reason: .notMoved(errno: errno)))
                }
                continue
            }
            let merge = SidecarMerge(into, copy)
            do throws(Metadata.Failure) {
                // Written, flushed and renamed into place before the copy goes, so a kill between leaves both.
                try files.writeSidecar(merge.merged.sidecar, forFileNamed: String(base.dropLast(Sidecar.fileExtension.count + 1)))
            } catch {
                report.unmerged.append(Unmerged(name: name, reason: .mergeNotWritten(error.description)))
                continue
            }
            unlink(url.path)
            current = merge.merged
            written = true
            if let note = merge.note(on: machine) { report.notes.append(note) }
        }
        if written { report.rewritten.append(base) }
    }

    /// Why the conflict copy of this name cannot be merged or removed; nil when it can, for `check`.
    static func obstacle(toResolving name: String, in files: LibraryFiles) -> ConflictObstacle? {
        guard let base = baseName(of: name) else { return nil }
        guard base.hasSuffix("." + Sidecar.fileExtension) else { return photoCopyObstacle(name, of: base, in: files) }
        do throws(Sidecar.Problem) {
            _ = try Sidecar(reading: files.url(forFileNamed: name))
            _ = try Sidecar(reading: files.url(forFileNamed: base))
        } catch where error != .missing {
            return .sidecarUnusable(error.description)
        } catch {
            // A copy whose sidecar is missing becomes it.
        }
        return nil
    }

    /// Why a photo file's conflict copy is not the photo its name gives: it is no file of its own,
    /// or its content is another. The name being the content's hash, such a copy holds nothing new.
    /// One too large or sparse is refused from its size, unread: every rescan asks this again.
    private static func photoCopyObstacle(_ name: String, of base: String, in files: LibraryFiles) -> ConflictObstacle? {
        switch PhotoFileScreen.open(files.url(forFileNamed: name)) {
        case .success(let file):
            do throws(OpenFile.ReadFailure) {
                return try file.sha256() == String(base.prefix { $0 != "." }) ? nil : .otherContent
            } catch {
                return .cutShort
            }
        case .failure(.notRegular(let mode)):
            return .notOpened(.notRegular(mode: mode))
        case .failure(.unreadable(let code)):
            return .notOpened(.failed(errno: code))
        case .failure(let refusal):
            return .refused(refusal)
        }
    }

    /// Deletes a photo file's conflict copy that holds the content its name gives, or puts it in
    /// place of a missing file; leaves any other, damaged or not a file, for `check`.
    private static func resolvePhotoCopy(_ name: String, of base: String, in files: LibraryFiles,
                                         remembered: LibraryDatabase.SetAsideFile?, report: inout Report) {
        let url = files.url(forFileNamed: name)
        var status = stat()
        let looked = lstat(url.path, &status) == 0
        if looked, let remembered, remembered.isSame(as: status) {
            report.unmerged.append(Unmerged(name: name, reason: .otherContent))
            return
        }
        if let reason = photoCopyObstacle(name, of: base, in: files) {
            report.unmerged.append(Unmerged(name: name, reason: reason))
            // Only content costs a read to tell; the rest its `stat` tells at once.
            if reason == .otherContent && looked { report.setAside[name] = LibraryDatabase.SetAsideFile(status, why: .otherContent) }
            return
        }
        let baseURL = files.url(forFileNamed: base)
        var there = stat()
        if lstat(baseURL.path, &there) != 0 && errno == ENOENT {
            guard rename(url.path, baseURL.path) == 0 else {
                report.unmerged.append(Unmerged(name: name, reason: .notMoved(errno: errno)))
                return
            }
            report.rewritten.append(base)
        } else {
            unlink(url.path)
        }
    }

    /// The sidecar at `url` with its modification time, read as every sidecar is, never through a link.
    private static func side(at url: URL) throws(Sidecar.Problem) -> SidecarMerge.Side {
        let sidecar = try Sidecar(reading: url)
        var status = stat()
        let modified = lstat(url.path, &status) == 0 ? LibraryDatabase.FileStamp.nanoseconds(of: status.st_mtim) : 0
        return SidecarMerge.Side(sidecar: sidecar, modifiedNanoseconds: modified)
    }
}
