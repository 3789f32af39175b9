// The app's side of a photo's facts: asked of a sandboxed decoder, and checked as its words must
// be, since a decoder a file took over may say anything.
import Foundation
import SnapshelfDecoderWire

extension PhotoFacts {
    /// Reads the facts of the open file, which stays open, in a sandboxed decoder.
    static func read(from descriptor: Int32, path: String, name: String) throws(DecodingFailure) -> PhotoFacts {
        try DecoderPool.shared.facts(from: descriptor, path: path, name: name)
    }

    /// When the photo was taken, as its EXIF says; nil when it does not, or says what no clock
    /// does: a year outside 1800 to 9999, or an offset beyond UTC's ±14 hours.
    var taken: TakenDate? {
        guard let seconds = takenClockSeconds, (-5_364_662_400...253_402_300_799).contains(seconds) else { return nil }
        let offset = takenOffsetMinutes.flatMap { (-(14 * 60 + 59)...(14 * 60 + 59)).contains($0) ? $0 : nil }
        return TakenDate(clock: Date(timeIntervalSince1970: TimeInterval(seconds)), offsetMinutes: offset)
    }
}
