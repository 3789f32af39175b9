// What an import from Shotwell says when it ends: the photos imported, those already there and
// what they took from Shotwell, and what Shotwell's library held that was not imported, with the
// files that are gone named.
import SnapshelfModel

extension ShotwellImportSummary {
    /// How many missing files a sentence names before it says how many more there are.
    public static let namedMissing = 10

    /// The sentence at the end of the import, finished or cancelled.
    /// - Parameter namingMissing: false counts the files that are gone without naming them, for
    ///   a notice that names a few of them after its counts.
    public func sentence(cancelled: Bool, namingMissing: Bool = true) -> String {
        var parts: [String] = []
        if nothingNew && !cancelled {
            parts.append(total == 0 ? tr("Shotwell’s library has no photos to import.")
                         : String(format: trn("Nothing new to import from Shotwell: its %ld photo is already in the library.",
                                              "Nothing new to import from Shotwell: its %ld photos are already in the library.",
                                              total), total))
        } else {
            parts.append(imports.sentence(total: total, cancelled: cancelled))
        }
        if completed > 0 {
            parts.append(String(format: trn("%ld already in the library got its Shotwell title or turn.",
                                            "%ld already in the library got their Shotwell titles or turns.", completed), completed))
        }
        if !missing.isEmpty && !namingMissing {
            parts.append(String(format: trn("%ld photo in Shotwell’s library was not imported because its file is gone.",
                                            "%ld photos in Shotwell’s library were not imported because their files are gone.",
                                            missing.count), missing.count))
        } else if !missing.isEmpty {
            let shown = missing.prefix(Self.namedMissing).map(\.displayed).joined(separator: ", ")
            let more = missing.count - min(missing.count, Self.namedMissing)
            let list = more == 0 ? shown : String(format: trn("%@ and %ld more", "%@ and %ld more", more), shown, more)
            parts.append(String(format: trn("%ld photo in Shotwell’s library was not imported because its file is gone: %@.",
                                            "%ld photos in Shotwell’s library were not imported because their files are gone: %@.",
                                            missing.count), missing.count, list))
        }
        if trashed > 0 {
            parts.append(String(format: trn("%ld photo in Shotwell’s Trash was skipped.", "%ld photos in Shotwell’s Trash were skipped.",
                                            trashed), trashed))
        }
        if hidden > 0 {
            parts.append(String(format: trn("%ld file in a hidden folder was left out.",
                                            "%ld files in hidden folders were left out.", hidden), hidden))
        }
        if videos > 0 {
            parts.append(String(format: trn("%ld video was skipped; Snapshelf keeps photos only.",
                                            "%ld videos were skipped; Snapshelf keeps photos only.", videos), videos))
        }
        if !oddRows.isEmpty {
            parts.append(String(format: trn("%ld row of Shotwell’s library names no file that can be found, so it was skipped.",
                                            "%ld rows of Shotwell’s library name no file that can be found, so they were skipped.",
                                            oddRows.count), oddRows.count))
        }
        if mirrorsDropped > 0 {
            parts.append(String(format: trn("%ld photo is turned as in Shotwell, but mirrored as its file says.",
                                            "%ld photos are turned as in Shotwell, but mirrored as their files say.",
                                            mirrorsDropped), mirrorsDropped))
        }
        return parts.joined(separator: " ")
    }
}

extension ShotwellLibrary.OddRow {
    /// Why the row was skipped, naming it by Shotwell's ID.
    public var words: String {
        switch self {
        case .noFileName(let id):
            String(format: tr("Shotwell’s photo %ld names no file, so it was skipped"), Int(id))
        case .relativePath(let id, let name):
            String(format: tr("Shotwell’s photo %ld names the file “%@”, which is no absolute path, so it was skipped"),
                   Int(id), name.displayed)
        case .notARegularFile(let id, let name):
            String(format: tr("Shotwell’s photo %ld names “%@”, which is no regular file but a link, a pipe, a device or a folder, so it was skipped"),
                   Int(id), name.displayed)
        }
    }
}
