// A photo's or an XMP sidecar's metadata, read and written through gexiv2 (Exiv2), the library
// Shotwell and gThumb use, so that what Snapshelf writes is what they read.
import CGexiv2
import Foundation
import Synchronization

public final class Metadata {
    /// Why metadata could not be read or written, in gexiv2's words.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// Snapshelf's own XMP namespace, for what no standard field holds: the photo's ID in the
    /// library and when it was added.
    static let namespace = "https://snapshelf.github.io/ns/1.0/"
    static let prefix = "snapshelf"

    /// gexiv2 is loaded on first use, so that the window's first frame does not wait for Exiv2,
    /// and must start once before any call: Exiv2's XMP parser is not safe to start from two
    /// threads at once. Swift runs this initialiser exactly once; the threads that come meanwhile
    /// wait for it. Nil once started, else why gexiv2 could not be loaded.
    private static let started: Failure? = {
        if let missing = load(SNAPSHELF_GEXIV2_SONAME) { return missing }
        snapshelf_gexiv2_initialize()
        var error: UnsafeMutablePointer<GError>?
        _ = snapshelf_gexiv2_metadata_try_register_xmp_namespace(namespace, prefix, &error)
        if let error { g_error_free(error) }
        return nil
    }()

    /// Loads gexiv2 from the file of that name; nil once loaded, else why it could not be.
    package static func load(_ soname: String) -> Failure? {
        snapshelf_gexiv2_load(soname).map {
            Failure(description: String(format: tr("cannot load gexiv2, which reads and writes metadata: %@"), String(cString: $0)))
        }
    }

    /// Loads and starts gexiv2 ahead of its first use: a decoder does, before it locks itself down.
    public static func start() {
        _ = started
    }

    /// gexiv2 starts Exiv2's XMP toolkit without a lock, and the toolkit keeps every namespace in
    /// one registry that each parse and write changes: two threads at once lose fields (one in a
    /// hundred sidecars, read on two cores) or worse. So every call into gexiv2 takes this lock.
    private static let serial = Mutex(())

    private static func serialized<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try serial.withLock { _ throws(E) -> T in try body() }
    }

    private let handle: UnsafeMutablePointer<GExiv2Metadata>

    private init() throws(Failure) {
        if let missing = Self.started { throw missing }
        handle = Self.serialized { snapshelf_gexiv2_metadata_new() }
    }

    deinit {
        Self.serialized { g_object_unref(UnsafeMutableRawPointer(handle)) }
    }

    /// The metadata of the file at the path: a photo, or an XMP sidecar.
    convenience init(reading path: String) throws(Failure) {
        try self.init()
        var error: UnsafeMutablePointer<GError>?
        guard Self.serialized({ snapshelf_gexiv2_metadata_open_path(handle, path, &error) }) != 0 else { throw Self.failure(error) }
    }

    /// The metadata of a file in memory, which must stay there as long as this lives: Exiv2
    /// reads it where it is, without a copy.
    package convenience init(inMemory bytes: UnsafeRawBufferPointer) throws(Failure) {
        try self.init()
        guard let start = bytes.baseAddress, bytes.count > 0 else { throw Failure(description: tr("the file is empty")) }
        var error: UnsafeMutablePointer<GError>?
        guard Self.serialized({ snapshelf_gexiv2_metadata_open_buf(handle, start.assumingMemoryBound(to: guint8.self), glong(bytes.count), &error) }) != 0 else {
            throw Self.failure(error)
        }
    }

    /// The metadata of EXIF data alone, as a JPEG's APP1 segment holds it ("Exif\0\0", then the
    /// TIFF structure), which a HEIF or AVIF keeps in an item of its own.
    package convenience init(app1Segment bytes: [UInt8]) throws(Failure) {
        try self.init()
        var error: UnsafeMutablePointer<GError>?
        guard Self.serialized({ snapshelf_gexiv2_metadata_from_app1_segment(handle, bytes, glong(bytes.count), &error) }) != 0 else {
            throw Self.failure(error)
        }
    }

    /// An empty XMP packet, to fill in and save as a sidecar.
    convenience init(emptySidecar: Void) throws(Failure) {
        try self.init()
        let packet = Array("<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?><x:xmpmeta xmlns:x=\"adobe:ns:meta/\"></x:xmpmeta><?xpacket end=\"w\"?>".utf8)
        var error: UnsafeMutablePointer<GError>?
        // An XMP packet Snapshelf wrote itself always opens.
        precondition(Self.serialized { snapshelf_gexiv2_metadata_open_buf(handle, packet, glong(packet.count), &error) } != 0,
                     "the empty XMP packet did not open")
    }

    /// Whether the file has the tag; an unknown tag name counts as absent.
    private func has(_ tag: String) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let found = Self.serialized { snapshelf_gexiv2_metadata_try_has_tag(handle, tag, &error) } != 0
        if let error { g_error_free(error) }
        return found
    }

    /// The tag's value as text, or nil when the file has no such tag.
    package func string(_ tag: String) -> String? {
        text(of: tag, snapshelf_gexiv2_metadata_try_get_tag_string)
    }

    /// The tag's value as Exiv2 puts it for people (a lens's name rather than its number), or nil.
    package func interpreted(_ tag: String) -> String? {
        text(of: tag, snapshelf_gexiv2_metadata_try_get_tag_interpreted_string)
    }

    private func text(of tag: String,
                      _ read: (UnsafeMutablePointer<GExiv2Metadata>?, UnsafePointer<gchar>?,
                               UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> UnsafeMutablePointer<gchar>?) -> String? {
        guard has(tag) else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let value = Self.serialized({ read(handle, tag, &error) }) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The EXIF rational as numerator and denominator, or nil when absent or not a fraction.
    package func rational(_ tag: String) -> (numerator: Int, denominator: Int)? {
        guard has(tag) else { return nil }
        var (numerator, denominator): (gint, gint) = (0, 0)
        var error: UnsafeMutablePointer<GError>?
        let found = Self.serialized { snapshelf_gexiv2_metadata_try_get_exif_tag_rational(handle, tag, &numerator, &denominator, &error) } != 0
        if let error { g_error_free(error) }
        return found && denominator != 0 ? (Int(numerator), Int(denominator)) : nil
    }

    /// Where the photo was taken, in degrees (north and east positive), or nil without GPS data.
    package func position() -> (latitude: Double, longitude: Double)? {
        var (latitude, longitude) = (0.0, 0.0)
        var error: UnsafeMutablePointer<GError>?
        // Each on its own: the call for all three fails on the many photos that have no altitude.
        let found = Self.serialized {
            snapshelf_gexiv2_metadata_try_get_gps_latitude(handle, &latitude, &error) != 0 && error == nil
                && snapshelf_gexiv2_metadata_try_get_gps_longitude(handle, &longitude, &error) != 0
        }
        if let error { g_error_free(error) }
        return found && latitude.isFinite && longitude.isFinite ? (latitude, longitude) : nil
    }

    /// The default-language title (Xmp.dc.title), else its first, read from the XMP packet:
    /// see `TitleParser` for why not through Exiv2's string of it.
    func title() -> String? {
        guard has(Sidecar.titleTag) else { return nil }
        return xmpPacket().flatMap(TitleParser.title(inPacket:))
    }

    /// Whether Exiv2 read a title from the XMP; false too when it could not read the XMP at all.
    package var hasTitle: Bool { has(Sidecar.titleTag) }

    /// The XMP packet as bytes, which need not be UTF-8: Exiv2's own writing of what it read, or
    /// the packet as the file has it when Exiv2 could not read it. Nil when there is none.
    package func xmpPacket() -> [UInt8]? {
        var error: UnsafeMutablePointer<GError>?
        guard let packet = Self.serialized({ snapshelf_gexiv2_metadata_try_get_xmp_packet(handle, &error) }) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(packet) }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(packet).assumingMemoryBound(to: UInt8.self), count: strlen(packet)))
        return bytes.isEmpty ? nil : bytes
    }

    func set(_ tag: String, _ value: String) throws(Failure) {
        var error: UnsafeMutablePointer<GError>?
        guard Self.serialized({ snapshelf_gexiv2_metadata_try_set_tag_string(handle, tag, value, &error) }) != 0 else { throw Self.failure(error) }
    }

    /// Takes the tag away, every language of it.
    func clear(_ tag: String) {
        var error: UnsafeMutablePointer<GError>?
        _ = Self.serialized { snapshelf_gexiv2_metadata_try_clear_tag(handle, tag, &error) }
        if let error { g_error_free(error) }
    }

    /// Sets the default-language text. The language is always given, so that a text which itself
    /// begins with `lang="…"` is kept as it is.
    func setLanguageAlternative(_ tag: String, _ value: String) throws(Failure) {
        try set(tag, "lang=\"x-default\" " + value)
    }

    /// Writes the metadata as an XMP sidecar at the path, replacing any file there.
    func saveSidecar(to path: String) throws(Failure) {
        var error: UnsafeMutablePointer<GError>?
        guard Self.serialized({ snapshelf_gexiv2_metadata_save_external(handle, path, &error) }) != 0 else { throw Self.failure(error) }
    }

    /// Writes the metadata into the photo at the path, leaving its pixels as they are.
    func save(into path: String) throws(Failure) {
        var error: UnsafeMutablePointer<GError>?
        guard Self.serialized({ snapshelf_gexiv2_metadata_save_file(handle, path, &error) }) != 0 else { throw Self.failure(error) }
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?) -> Failure {
        defer { if let error { g_error_free(error) } }
        return Failure(description: error.map { String(cString: $0.pointee.message) } ?? tr("Exiv2 gave no reason"))
    }
}
