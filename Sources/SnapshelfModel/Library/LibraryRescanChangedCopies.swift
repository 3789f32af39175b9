// A photo's copy that changed since the index last saw it, as Syncthing carries a change another
// computer made to a file in place. A copy never changes: its name is its content's hash. So a
// changed copy is screened as an arrival is (hashed, then decoded in the sandbox), and one that
// is no longer its photo is put back from the reserve, whose link still holds the bytes it had
// when Syncthing's rename replaced it; the changed file is kept in `set-aside/`, never deleted,
// and Syncthing then carries the photo back to the other computers.
import Foundation

extension LibraryRescan {
    /// Screens the indexed copies whose stamps changed, mends those that are no longer their
    /// photos, and returns what the person should know of each.
    func mend(changedCopies names: [String], ids: [String: Int64]) -> [String] {
        let named = names.compactMap { name in Self.sha256(ofCopyNamed: name).map { (name, $0) } }
        let verdicts = Self.refusals(of: named.map { files.url(forFileNamed: $0.0) }, sha256: named.map(\.1))
        var notes: [String] = []
        for ((name, sha256), verdict) in zip(named, verdicts) where verdict != nil {
            let id = Int(ids[name] ?? 0)
            let kept = reserve.directory.appendingPathComponent(name)
            // The reserve's link is the photo only if it still holds its content: a change made in
            // place, rather than by Syncthing's rename, changed it too.
            guard reserve.holds(name), Self.refusals(of: [kept], sha256: [sha256]).allSatisfy { $0 == nil }, let aside = setAside(copyNamed: name) else {
                notes.append(String(format: tr("the file of photo %ld was changed on another computer and no longer holds that photo, and this computer keeps no other copy of it; `snapshelf check` names it"), id))
                continue
            }
            if reserve.restore(files.url(forFileNamed: name)) {
                // TRANSLATORS: %ld is the photo's ID, %@ where the changed file was kept.
                notes.append(String(format: tr("the file of photo %ld was changed on another computer and no longer holds that photo; its own bytes were put back, and the changed file kept as %@"), id, aside.path))
            } else {
                _ = rename(aside.path, files.url(forFileNamed: name).path)
                notes.append(String(format: tr("the file of photo %ld was changed on another computer and no longer holds that photo, and this computer keeps no other copy of it; `snapshelf check` names it"), id))
            }
        }
        return notes
    }

    /// Moves the changed copy into the set-aside folder under a name of its own; nil when it cannot.
    private func setAside(copyNamed name: String) -> URL? {
        // What `make` returns is only where something in the folder's place went.
        do { try PrivateFolder.make(files.setAsideDirectory) } catch { return nil }
        let stamp = Int(Date().timeIntervalSince1970)
        let target = files.setAsideDirectory.appendingPathComponent("\(name).changed-\(stamp)", isDirectory: false)
        var status = stat()
        guard lstat(target.path, &status) != 0, rename(files.url(forFileNamed: name).path, target.path) == 0 else { return nil }
        return target
    }
}
