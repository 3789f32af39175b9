// The tally of an import (photos added, already there, mended or refused, and those that kept
// the title they came with over the label chosen for them) and the sentence that tells it
// when the import ends, finished or cancelled.
import Foundation

public struct ImportSummary: Equatable, Sendable {
    public private(set) var added = 0
    public private(set) var duplicates = 0
    public private(set) var restored = 0
    public private(set) var failed = 0
    /// Added with the title found in their files rather than the label chosen for the rest.
    public private(set) var keptTitles = 0

    public init() {}

    /// Counts one file of a background import.
    public mutating func count(_ progress: BatchImport.Progress) {
        count(progress.result)
        if progress.keptOwnTitle { keptTitles += 1 }
    }

    /// Counts one file's result.
    public mutating func count(_ result: Result<ImportOutcome, ImportError>) {
        switch result {
        case .success(.added): added += 1
        case .success(.duplicate): duplicates += 1
        case .success(.restored): restored += 1
        case .failure: failed += 1
        }
    }

    /// Both tallies together, as when photos saved from the label dialog come before the rest.
    public static func + (lhs: ImportSummary, rhs: ImportSummary) -> ImportSummary {
        var sum = lhs
        sum.added += rhs.added
        sum.duplicates += rhs.duplicates
        sum.restored += rhs.restored
        sum.failed += rhs.failed
        sum.keptTitles += rhs.keptTitles
        return sum
    }

    /// Whether the import only added photos, which the window's undo notice already says.
    public var onlyAdded: Bool { duplicates + restored + failed + keptTitles == 0 }

    /// The files handled so far, whatever became of them.
    public var handled: Int { added + duplicates + restored + failed }

    /// What the import did, for the notification at its end.
    /// - Parameters:
    ///   - total: how many files the import was given.
    ///   - cancelled: whether the person stopped it before the end.
    public func sentence(total: Int, cancelled: Bool) -> String {
        // Files that turned out to be no photo are not counted among the photos, as the label
        // dialog counts them out: they are told apart, after the total.
        let (photosHandled, photos) = (handled - failed, total - failed)
        var sentence = switch (cancelled, added) {
        case (true, 0): String(format: tr("Import cancelled after %d of %d photos; none was imported."), photosHandled, photos)
        case (true, _):
            String(format: trn("Import cancelled after %d of %d photos; the %d photo imported is kept.",
                               "Import cancelled after %d of %d photos; the %d photos imported are kept.", added),
                   photosHandled, photos, added)
        // "Imported 0 photos." read as if nothing had happened, before what did.
        case (false, 0): tr("No photo was imported.")
        case (false, _): String(format: trn("Imported %d photo.", "Imported %d photos.", added), added)
        }
        // What failed first, after the total: a toast whose line has room for only some of the
        // sentences keeps the first, and the duplicates matter less.
        if failed > 0 {
            sentence += " " + String(format: trn("%d could not be imported.", "%d could not be imported.", failed), failed)
        }
        if keptTitles > 0 {
            sentence += " " + String(format: trn("%d kept the title it came with instead of the label chosen for the rest.",
                                                 "%d kept the titles they came with instead of the label chosen for the rest.",
                                                 keptTitles), keptTitles)
        }
        if duplicates > 0 {
            sentence += " " + String(format: trn("%d was already in the library.", "%d were already in the library.",
                                                 duplicates), duplicates)
        }
        if restored > 0 {
            sentence += " " + String(format: trn("%d was in the library with a missing or damaged copy, now mended.",
                                                 "%d were in the library with missing or damaged copies, now mended.",
                                                 restored), restored)
        }
        return sentence
    }
}
