// What a photo's own metadata says about it, read from the library's copy through gexiv2: the
// camera and lens, the exposure and where it was taken, with the file's size. Reading touches the
// file, so the window reads it off the main thread; the texts are put as people write them.
import Foundation
import SnapshelfDecoderWire

public struct PhotoDetails: Sendable, Equatable {
    public struct Fraction: Sendable, Equatable {
        public let numerator: Int
        public let denominator: Int
    }

    /// Why the details could not be read. SnapshelfMessages words it.
    public enum Problem: Sendable, Equatable {
        /// The library's copy of the photo is missing.
        case copyMissing
        /// The copy's tags could not be read: Exiv2's words are an undecodable reason's.
        case metadataUnreadable(DecodingFailure.Reason)
    }

    public let photoID: Int64
    /// The library copy's size on disk, or nil when it cannot be read.
    public let bytes: Int?
    /// The camera's model, after its make unless the model already names it ("Canon EOS 40D").
    public let camera: String?
    public let lens: String?
    public let exposureTime: Fraction?
    public let fNumber: Double?
    public let iso: Int?
    public let focalLength: Double?
    public let latitude: Double?
    public let longitude: Double?
    /// Why the metadata could not be read, when it could not: a missing or damaged file.
    public let problem: Problem?

    /// Reads the library's copy of the photo; never throws, a file that cannot be read gives
    /// details that say why.
    public static func read(_ photo: Photo) -> PhotoDetails {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: photo.fileURL.path)[.size] as? NSNumber)?.intValue
        let tags: PhotoTags
        do {
            tags = try PhotoTags.read(photo.fileURL)
        } catch {
            return PhotoDetails(photoID: photo.id, bytes: bytes, camera: nil, lens: nil, exposureTime: nil, fNumber: nil,
                                iso: nil, focalLength: nil, latitude: nil, longitude: nil,
                                problem: bytes == nil ? .copyMissing : .metadataUnreadable(error.reason))
        }
        return PhotoDetails(photoID: photo.id, bytes: bytes, camera: tags.camera, lens: lens(in: tags),
                            exposureTime: tags.exposureTime.flatMap { $0.denominator == 0 ? nil : Fraction(numerator: $0.numerator, denominator: $0.denominator) },
                            fNumber: decimal(tags.fNumber), iso: tags.iso.flatMap { Int($0.split(separator: " ").first ?? "") },
                            focalLength: decimal(tags.focalLength), latitude: tags.latitude, longitude: tags.longitude, problem: nil)
    }

    /// Reads the photos' details on a worker and hands them over there, in the photos' order.
    public static func read(_ photos: [Photo], then finish: @escaping @Sendable ([PhotoDetails]) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            finish(photos.map(read))
        }
    }

    private static func lens(in tags: PhotoTags) -> String? {
        cleaned(tags.lensModel) ?? cleaned(tags.auxiliaryLens) ?? cleaned(tags.nikonLens)
    }

    /// The text without the padding cameras leave, or nil when nothing is left.
    private static func cleaned(_ text: String?) -> String? {
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters)) ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func decimal(_ fraction: PhotoTags.Rational?) -> Double? {
        guard let fraction, fraction.numerator > 0, fraction.denominator != 0 else { return nil }
        return Double(fraction.numerator) / Double(fraction.denominator)
    }

    // MARK: As people read them

    /// "1/250 s" for a fraction of a second, "2 s" or "0.8 s" for longer ones.
    public var shutterText: String? {
        guard let exposureTime, exposureTime.numerator > 0 else { return nil }
        let seconds = Double(exposureTime.numerator) / Double(exposureTime.denominator)
        let text = seconds < 0.5 ? "1/" + Self.number(1 / seconds, digits: 0) : Self.number(seconds, digits: 1)
        return String(format: tr("%@ s"), text)
    }

    public var apertureText: String? { fNumber.map { String(format: tr("f/%@"), Self.number($0, digits: 1)) } }
    public var isoText: String? { iso.map { String(format: tr("ISO %d"), $0) } }
    public var focalLengthText: String? { focalLength.map { String(format: tr("%@ mm"), Self.number($0, digits: 1)) } }

    /// The shutter speed, aperture, ISO and focal length that are known, in that order.
    public var exposureText: String? {
        let parts = [shutterText, apertureText, isoText, focalLengthText].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// "43.4674°N 11.8851°E": four decimals place a photo within about ten metres.
    public var positionText: String? {
        guard let latitude, let longitude else { return nil }
        let north = String(format: latitude >= 0 ? tr("%@°N") : tr("%@°S"), Self.number(abs(latitude), digits: 4, exactly: true))
        let east = String(format: longitude >= 0 ? tr("%@°E") : tr("%@°W"), Self.number(abs(longitude), digits: 4, exactly: true))
        return north + " " + east
    }

    public var bytesText: String? { bytes.map(Self.size) }

    /// A date and time as the person's locale writes them, such as "May 30, 2008 at 3:56 PM".
    public static func date(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .long, time: .shortened).locale(UserLocale.locale(for: .time)))
    }

    /// The date taken as the camera's clock showed it, whatever zone the computer is in: a photo
    /// taken at 2:12 PM in Helsinki says 2:12 PM in New York too, as in other photo apps.
    public static func date(_ taken: TakenDate) -> String {
        taken.clock.formatted(Date.FormatStyle(date: .long, time: .shortened, timeZone: TimeZone(identifier: "UTC")!)
            .locale(UserLocale.locale(for: .time)))
    }

    /// The date taken with the clock's offset from UTC when it is known, "… (UTC+03:00)".
    public static func dateWithOffset(_ taken: TakenDate) -> String {
        guard let offset = taken.offsetText else { return date(taken) }
        return String(format: tr("%@ (UTC%@)"), date(taken), offset)
    }

    /// A size as GNOME shows one, such as "2.1 MB".
    public static func size(_ bytes: Int) -> String { DecodingFailure.formatted(bytes) }

    /// The number as the person's locale writes it, with up to (or exactly) so many decimals and no grouping.
    static func number(_ value: Double, digits: Int, exactly: Bool = false) -> String {
        value.formatted(.number.grouping(.never).precision(.fractionLength((exactly ? digits : 0)...digits))
            .locale(UserLocale.locale(for: .numbers)))
    }
}
