// The user the hostile decoder's tests run snapshelf as: one without privileges, as the person
// importing a stranger's photo is. Root may signal, renice and trace anything, so an attack that
// fails against root proves nothing; where the tests run as root, as CI's do, snapshelf runs as
// nobody (65534) instead, and otherwise as the user running the tests.
import Foundation

struct OrdinaryUser {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let uid: uid_t
    let gid: gid_t

    static let forTests = geteuid() == 0 ? OrdinaryUser(uid: 65534, gid: 65534) : OrdinaryUser(uid: geteuid(), gid: getegid())

    /// Whether this is another user than the one running the tests.
    var isSeparate: Bool { uid != geteuid() }

    /// What to run a program through to run it as this user: its IDs, and no supplementary groups.
    var wrapper: [String] {
        guard isSeparate else { return [] }
        return ["/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups"]
    }

    /// Gives the user the folder and everything in it.
    func own(_ folder: URL) throws {
        let paths = [folder.path] + (try FileManager.default.subpathsOfDirectory(atPath: folder.path)).map { folder.path + "/" + $0 }
        for path in paths where lchown(path, uid, gid) != 0 {
            throw Failure(description: "chown \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Throws unless every folder above `folder` lets anyone through, as the user must get there;
    /// the folder itself is made so.
    func reach(_ folder: URL) throws {
        chmod(folder.path, 0o755)
        var above = folder.deletingLastPathComponent()
        while above.path != "/" {
            var status = stat()
            guard stat(above.path, &status) == 0, status.st_mode & S_IXOTH != 0 else {
                throw Failure(description: "user \(uid) cannot reach \(folder.path) through \(above.path): set TMPDIR to a folder anyone can enter")
            }
            above.deleteLastPathComponent()
        }
    }
}
