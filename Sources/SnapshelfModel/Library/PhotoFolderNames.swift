// The names in a library's photo folder, read once and held compactly, for `check` to set against
// the index: a library's own names are content hashes, `<64 hex digits>.<ext>` and their sidecars
// `<…>.<ext>.xmp`, held here as 40 bytes each rather than a string each, which took a check of a
// million photos 200 MB. Any other name (a conflict copy, a stray file) is kept as it is.
// Syncthing's files in transit and the incoming folder are left out, as `LibraryFiles` leaves them.
import Foundation

struct PhotoFolderNames {
    /// A name of the library's own form.
    private struct Hashed: Comparable {
        let digest: (UInt64, UInt64, UInt64, UInt64)
        /// Its place in `extensions`.
        let suffix: UInt16
        let isSidecar: Bool

        static func < (left: Hashed, right: Hashed) -> Bool {
            (left.digest.0, left.digest.1, left.digest.2, left.digest.3, left.suffix, left.isSidecar ? 1 : 0)
                < (right.digest.0, right.digest.1, right.digest.2, right.digest.3, right.suffix, right.isSidecar ? 1 : 0)
        }

        static func == (left: Hashed, right: Hashed) -> Bool {
            left.digest == right.digest && left.suffix == right.suffix && left.isSidecar == right.isSidecar
        }
    }

    /// Sorted.
    private var hashed: [Hashed] = []
    /// Whether a photo's row names the copy at the same place in `hashed`.
    private var used: [Bool] = []
    private var extensions: [String] = []
    private var extensionIndex: [String: UInt16] = [:]
    /// Every name the folder holds, sidecars included, that is not of the library's own form,
    /// sorted, and those of them a row names.
    private(set) var others: [String] = []
    private var usedOthers: Set<String> = []
    /// Names rows give that the folder does not hold, so their sidecars are no strays.
    private var usedMissing: Set<String> = []

    /// Why the folder could not be read, as an errno; its listing is then empty.
    private(set) var readFailure: Int32?

    /// Reads the folder, followed where it is a link (see `FolderNames.open`); an empty listing
    /// where it cannot be read, as `LibraryFiles` gives.
    init(reading folder: URL) {
        let descriptor = FolderNames.open(folder)
        guard descriptor >= 0 else {
            readFailure = errno
            return
        }
        defer { close(descriptor) }
        FolderNames.forEach(in: descriptor) { name in
            guard name != LibraryFiles.incomingFolderName, !LibraryFiles.isInTransit(name) else { return }
            if let entry = parse(name) {
                hashed.append(entry)
            } else {
                others.append(name)
            }
        }
        hashed.sort()
        others.sort()
        used = Array(repeating: false, count: hashed.count)
    }

    /// Notes that a photo's row names the copy `name`.
    mutating func markUsed(_ name: String) {
        if let entry = hashedForm(of: name), let index = place(of: entry) {
            used[index] = true
        } else if others.binarySearchContains(name) {
            usedOthers.insert(name)
        } else {
            usedMissing.insert(name)
        }
    }

    /// The copies (not sidecars) no row names, in the order of their names.
    var unusedCopies: [String] {
        let hashedCopies = hashed.indices.filter { !hashed[$0].isSidecar && !used[$0] }.map { name(of: hashed[$0]) }
        let otherCopies = others.filter { !$0.hasSuffix("." + Sidecar.fileExtension) && !usedOthers.contains($0) }
        return (hashedCopies + otherCopies).sorted()
    }

    /// How many names `forEachBatchOfCopies` gives.
    var copyCount: Int {
        hashed.count { !$0.isSidecar } + otherCopies.count
    }

    /// The names of other forms that are copies: neither sidecars nor Syncthing's conflict copies.
    private var otherCopies: [String] {
        others.filter { !$0.hasSuffix("." + Sidecar.fileExtension) && !SidecarConflict.isConflictCopy($0) }
    }

    /// Calls `body` with the names of the copies (not sidecars, nor Syncthing's conflict copies),
    /// in the order of the names, `size` at a time.
    func forEachBatchOfCopies<Failure: Error>(of size: Int, _ body: ([String]) throws(Failure) -> Void) throws(Failure) {
        // `hashed` is in the order of the digests; the names of one digest go by their extensions.
        let copies = hashed.indices.filter { !hashed[$0].isSidecar }.sorted { left, right in
            let (one, other) = (hashed[left], hashed[right])
            return one.digest == other.digest ? extensions[Int(one.suffix)] < extensions[Int(other.suffix)] : one < other
        }
        let otherCopies = otherCopies
        var (nextHashed, nextOther) = (0, 0)
        var batch: [String] = []
        batch.reserveCapacity(size)
        while nextHashed < copies.count || nextOther < otherCopies.count {
            let hashedName = nextHashed < copies.count ? name(of: hashed[copies[nextHashed]]) : nil
            if let hashedName, nextOther == otherCopies.count || hashedName < otherCopies[nextOther] {
                batch.append(hashedName)
                nextHashed += 1
            } else {
                batch.append(otherCopies[nextOther])
                nextOther += 1
            }
            if batch.count == size {
                try body(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try body(batch) }
    }

    /// The sidecars whose copy the folder does not hold and no row names, in the order of their names.
    var straySidecars: [String] {
        let suffix = "." + Sidecar.fileExtension
        let hashedStrays = hashed.filter { entry in
            guard entry.isSidecar else { return false }
            let copy = Hashed(digest: entry.digest, suffix: entry.suffix, isSidecar: false)
            return place(of: copy) == nil && !usedMissing.contains(name(of: copy))
        }.map(name(of:))
        let otherStrays = others.filter { sidecar in
            guard sidecar.hasSuffix(suffix) else { return false }
            // Its copy is a name that is no sidecar's: "x.xmp.xmp" is a stray beside "x.xmp".
            let copy = String(sidecar.dropLast(suffix.count))
            let held = copy.hasSuffix(suffix) ? false
                : others.binarySearchContains(copy) || hashedForm(of: copy).map { !$0.isSidecar && place(of: $0) != nil } == true
            return !held && !usedOthers.contains(copy) && !usedMissing.contains(copy)
        }
        return (hashedStrays + otherStrays).sorted()
    }

    private func place(of entry: Hashed) -> Int? {
        var (low, high) = (0, hashed.count)
        while low < high {
            let middle = (low + high) / 2
            if hashed[middle] < entry { low = middle + 1 } else { high = middle }
        }
        return low < hashed.count && hashed[low] == entry ? low : nil
    }

    private func name(of entry: Hashed) -> String {
        let digits = [entry.digest.0, entry.digest.1, entry.digest.2, entry.digest.3].map { word in
            let text = String(word, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
        return digits + "." + extensions[Int(entry.suffix)] + (entry.isSidecar ? "." + Sidecar.fileExtension : "")
    }

    /// The name's compact form, its extension let into the table; nil for a name of another form.
    private mutating func parse(_ name: String) -> Hashed? {
        guard let (digest, suffix, isSidecar) = Self.split(name) else { return nil }
        if let index = extensionIndex[suffix] {
            return Hashed(digest: digest, suffix: index, isSidecar: isSidecar)
        }
        // A folder crafted with more extensions than that has the rest held as other names.
        guard extensions.count < Int(UInt16.max) else { return nil }
        extensionIndex[suffix] = UInt16(extensions.count)
        extensions.append(suffix)
        return Hashed(digest: digest, suffix: UInt16(extensions.count - 1), isSidecar: isSidecar)
    }

    /// The name's compact form where the folder has its extension; nil otherwise, as for a name
    /// of another form.
    private func hashedForm(of name: String) -> Hashed? {
        guard let (digest, suffix, isSidecar) = Self.split(name), let index = extensionIndex[suffix] else { return nil }
        return Hashed(digest: digest, suffix: index, isSidecar: isSidecar)
    }

    /// Whether the name is one a photo's copy has in the folder, `<sha256>.<ext>`.
    static func isCopyName(_ name: some StringProtocol) -> Bool {
        split(String(name)).map { !$0.isSidecar } ?? false
    }

    /// ".xmp", as bytes, looked for at the end of each of a million names.
    private static let sidecarSuffix = Array(("." + Sidecar.fileExtension).utf8)

    /// `<64 lowercase hex digits>.<ext>`, and `.xmp` after it for a sidecar, the extension short
    /// and without a dot, nor "xmp" itself, which `LibraryFiles` would take for a sidecar's.
    private static func split(_ name: String) -> (digest: (UInt64, UInt64, UInt64, UInt64), suffix: String, isSidecar: Bool)? {
        var bytes = Array(name.utf8)
        let isSidecar = bytes.count > sidecarSuffix.count && bytes.suffix(sidecarSuffix.count).elementsEqual(sidecarSuffix)
        if isSidecar { bytes.removeLast(sidecarSuffix.count) }
        guard bytes.count > 65, bytes.count <= 65 + 16, bytes[64] == UInt8(ascii: ".") else { return nil }
        var words: [UInt64] = [0, 0, 0, 0]
        for index in 0..<64 {
            let byte = bytes[index]
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            words[index / 16] = words[index / 16] << 4 | UInt64(value)
        }
        let suffixBytes = bytes[65...]
        guard !suffixBytes.contains(UInt8(ascii: ".")), !suffixBytes.contains(UInt8(ascii: "/")),
              let suffix = String(validating: suffixBytes, as: UTF8.self), suffix != Sidecar.fileExtension else { return nil }
        return ((words[0], words[1], words[2], words[3]), suffix, isSidecar)
    }
}

private extension Array where Element == String {
    /// Whether the sorted array holds the string.
    func binarySearchContains(_ value: String) -> Bool {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value
    }
}
