// The first step of a rescan, beside merging Syncthing's conflict copies: each computer's
// recorded changes (see `ChangeRecord`) read from where the last rescan stopped, this computer's
// own included, and each applied to the sidecar of its photo where that does not hold it yet, as
// when Syncthing, with "Max Conflicts" at 0, kept another computer's sidecar over one that
// changed here. Every computer that applies the same records writes the same sidecar.
import Foundation

extension LibraryRescan {
    /// The sidecars rewritten, by name, and what the person should know, on the computer named
    /// `machine`, of the labels that met.
    func applyChangeRecords(on machine: String) throws(LibraryError) -> (rewritten: [String], notes: [String]) {
        let library = files.directory.deletingLastPathComponent()
        var records: [String: [ChangeRecord]] = [:]
        var order: [String] = []
        let suffix = "." + ComputerRecords.Kind.changes.rawValue
        let ends = ComputerRecords.forEachLine(of: .changes, in: library, except: "", from: try database.recordPositions()) { file, line in
            guard let record = ChangeRecord(line: Substring(String(decoding: line, as: UTF8.self)), machine: String(file.dropLast(suffix.count))) else { return }
            if records[record.fileName] == nil { order.append(record.fileName) }
            records[record.fileName, default: []].append(record)
        }
        var rewritten: [String] = [], notes: [String] = []
        var unwritten = false
        for name in order {
            // A photo whose sidecar is not here has nothing to take a change into.
            guard var sidecar = try? Sidecar(reading: files.sidecarURL(forFileNamed: name)) else { continue }
            var changed = false
            for record in records[name] ?? [] {
                guard let (merged, merge) = record.applied(to: sidecar) else { continue }
                (sidecar, changed) = (merged, true)
                if let note = merge?.note(on: machine) { notes.append(note) }
            }
            guard changed else { continue }
            do throws(Metadata.Failure) {
                try files.writeSidecar(sidecar, forFileNamed: name)
                rewritten.append(name + "." + Sidecar.fileExtension)
            } catch {
                notes.append(String(format: tr("the sidecar %@ could not be written: %@"), files.sidecarURL(forFileNamed: name).path, error.description))
                unwritten = true
            }
        }
        // Read again from where they were, next time, where a sidecar could not take its change.
        if !unwritten { try database.setRecordPositions(ends) }
        return (rewritten, notes)
    }
}
