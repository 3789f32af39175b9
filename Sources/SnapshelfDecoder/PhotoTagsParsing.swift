// The tags a decoder sends, parsed by Exiv2 inside the sandbox from the file it was passed.
import Foundation
import SnapshelfDecoderWire
import SnapshelfModel

extension PhotoTags {
    /// Reads the values out of metadata already parsed from `file`.
    init(reading metadata: Metadata, file: UnsafeRawBufferPointer) {
        self.init()
        switch XMPTitle.read(from: metadata, file: file) {
        case .success(let reading)?:
            title = reading.title
            titleInvalidSequences = reading.invalidSequences > 0 ? reading.invalidSequences : nil
        case .failure(let failure)?: xmpProblem = failure.description
        case nil: break
        }
        objectName = metadata.string("Iptc.Application2.ObjectName")
        make = metadata.string("Exif.Image.Make")
        model = metadata.string("Exif.Image.Model")
        lensModel = metadata.string("Exif.Photo.LensModel")
        auxiliaryLens = metadata.string("Xmp.aux.Lens")
        nikonLens = metadata.interpreted("Exif.Nikon3.Lens")
        exposureTime = metadata.rational("Exif.Photo.ExposureTime").map(Rational.init)
        fNumber = metadata.rational("Exif.Photo.FNumber").map(Rational.init)
        focalLength = metadata.rational("Exif.Photo.FocalLength").map(Rational.init)
        iso = metadata.string("Exif.Photo.ISOSpeedRatings")
        let position = metadata.position()
        latitude = position?.latitude
        longitude = position?.longitude
    }
}
