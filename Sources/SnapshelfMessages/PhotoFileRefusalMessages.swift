// Why a file in the library's photo folder is no photo, as `check`, a rebuild and the window say it.
import Foundation
import SnapshelfModel

extension PhotoFileRefusal {
    public var words: String {
        switch self {
        case .notRegular(let mode): OpenFailure.notRegular(mode: mode).description
        // TRANSLATORS: both %@ are sizes such as "40.0 GB".
        case .tooLarge(let bytes): String(format: tr("it is %@, larger than the %@ a photo may be"), PhotoDetails.size(bytes),
                                          PhotoCandidate.formattedMaximumBytes)
        case .sparse(let bytes, let stored):
            // TRANSLATORS: both %@ are sizes such as "20.0 GB" and "4 kB".
            String(format: tr("it is %@ long but only %@ of it is on the disk, which no photo is"), PhotoDetails.size(bytes), PhotoDetails.size(stored))
        case .otherContent: tr("it does not hold the photo its name gives")
        case .undecodable: tr("no decoder can read it as an image")
        case .unreadable(let code): String(cString: strerror(code))
        }
    }
}
