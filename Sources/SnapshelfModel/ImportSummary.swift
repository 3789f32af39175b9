// The tally of a background import (photos added, already there, mended, or refused) and the
// sentence that tells it when the import ends, finished or cancelled.
import Foundation

public struct ImportSummary: Equatable, Sendable {
    public private(set) var added = 0
    public private(set) var duplicates = 0
    public private(set) var restored = 0
    public private(set) var failed = 0

    public init() {}

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
        return sum
    }

    /// The files handled so far, whatever became of them.
    public var handled: Int { added + duplicates + restored + failed }

    /// What the import did, for the notification at its end.
    /// - Parameters:
    ///   - total: how many files the import was given.
    ///   - cancelled: whether the person stopped it before the end.
    public func sentence(total: Int, cancelled: Bool) -> String {
        var sentence = cancelled
            ? String(format: tr("Import cancelled after %d of %d photos; the %d imported are kept."), handled, total, added)
            : String(format: trn("Imported %d photo.", "Imported %d photos.", added), added)
        if duplicates > 0 {
            sentence += " " + String(format: trn("%d was already in the library.", "%d were already in the library.",
                                                 duplicates), duplicates)
        }
        if restored > 0 {
            sentence += " " + String(format: trn("%d was in the library with a missing or damaged copy, now mended.",
                                                 "%d were in the library with missing or damaged copies, now mended.",
                                                 restored), restored)
        }
        if failed > 0 {
            sentence += " " + String(format: trn("%d could not be imported.", "%d could not be imported.", failed), failed)
        }
        return sentence
    }
}
