// An exported copy's rotation, written as its EXIF orientation so that every viewer turns it as
// the library shows it, while its pixels stay exactly the library's. The photo's own orientation
// (which may mirror it) and the person's turn combine into one of EXIF's eight.
import Foundation

extension Metadata {
    static let orientationTag = "Exif.Image.Orientation"
    static let xmpOrientationTag = "Xmp.tiff.Orientation"

    /// EXIF's orientations in order of the clockwise quarter turns they make, unmirrored and then
    /// mirrored (flipped left to right first).
    private static let orientations = [[1, 6, 3, 8], [2, 7, 4, 5]]

    /// The orientation that shows a photo of orientation `own` turned `degrees` further clockwise.
    static func orientation(_ own: Int, turnedBy degrees: Int) -> Int {
        let mirrored = orientations[1].contains(own) ? 1 : 0
        let turns = orientations[mirrored].firstIndex(of: own) ?? 0
        return orientations[mirrored][(turns + (degrees % 360 + 360) % 360 / 90) % 4]
    }

    /// The file's own orientation, 1 when it declares none or one that is not EXIF's.
    var orientation: Int {
        let declared = string(Self.orientationTag).flatMap(Int.init) ?? 1
        return (1...8).contains(declared) ? declared : 1
    }

    /// Turns the photo `degrees` clockwise on top of the orientation it has, in EXIF and, where the
    /// file has it, in its XMP copy, which some readers prefer.
    func turn(by degrees: Int) throws(Failure) {
        let turned = String(Self.orientation(orientation, turnedBy: degrees))
        try set(Self.orientationTag, turned)
        if string(Self.xmpOrientationTag) != nil {
            try set(Self.xmpOrientationTag, turned)
        }
    }
}
