// What the information panel says, line by line: for one photo everything known about it, from
// the library and from its own metadata; for several, how many they are, their total size and
// what they share. The metadata arrives later than the rest, read off the main thread.
import Foundation
import SnapshelfMessages
import SnapshelfModel

enum PhotoInformation {
    struct Row: Equatable {
        let heading: String
        let value: String
    }

    /// Above this many photos the panel does not read every file's metadata to sum them up.
    static let summaryLimit = 1000

    /// The rows for the photos; `details` are the photos' details in the same order, once read.
    static func rows(for photos: [Photo], details: [PhotoDetails]?) -> [Row] {
        guard let first = photos.first else { return [] }
        return photos.count == 1 ? rows(for: first, details: details?.first) : summary(of: photos, details: details)
    }

    private static func rows(for photo: Photo, details: PhotoDetails?) -> [Row] {
        var rows = [
            Row(heading: tr("Label"), value: photo.label.isEmpty ? tr("Unlabelled") : photo.label),
            Row(heading: tr("Original Name"), value: photo.displayName),
            Row(heading: tr("Date Taken"), value: PhotoDetails.dateWithOffset(photo.taken)),
            Row(heading: tr("Date Added"), value: PhotoDetails.date(photo.added)),
            Row(heading: tr("Size"), value: String(format: tr("%d × %d pixels"), photo.width, photo.height)),
        ]
        guard let details else { return rows }
        if let problem = details.problem {
            return rows + [Row(heading: tr("Metadata"), value: problem.words)]
        }
        let described: [(String, String?)] = [
            (tr("File Size"), details.bytesText), (tr("Camera"), details.camera), (tr("Lens"), details.lens),
            (tr("Exposure"), details.exposureText), (tr("Position"), details.positionText),
        ]
        rows += described.compactMap { heading, value in value.map { Row(heading: heading, value: $0) } }
        return rows
    }

    private static func summary(of photos: [Photo], details: [PhotoDetails]?) -> [Row] {
        var rows = [Row(heading: tr("Selected"),
                        value: String(format: trn("%d photo", "%d photos", photos.count), photos.count))]
        let dates = photos.map(\.taken)
        if let earliest = dates.min(), let latest = dates.max() {
            let range = earliest == latest ? PhotoDetails.date(earliest)
                : String(format: tr("%@ to %@"), PhotoDetails.date(earliest), PhotoDetails.date(latest))
            rows.append(Row(heading: tr("Taken"), value: range))
        }
        guard let details else { return rows }
        let sizes = details.compactMap(\.bytes)
        if !sizes.isEmpty {
            let total = PhotoDetails.size(sizes.reduce(0, +))
            rows.append(Row(heading: tr("Total Size"), value: sizes.count == photos.count ? total
                                : String(format: tr("%@ (some files are missing)"), total)))
        }
        for (heading, value) in [(tr("Camera"), \PhotoDetails.camera), (tr("Lens"), \PhotoDetails.lens)] {
            if let shared = details.first?[keyPath: value], details.allSatisfy({ $0[keyPath: value] == shared }) {
                rows.append(Row(heading: heading, value: shared))
            }
        }
        return rows
    }
}
