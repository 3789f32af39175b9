// The XMP sidecar beside each library copy, `<sha>.<ext>.xmp` as darktable and digiKam name them:
// the truth of what the person put into Snapshelf, which any XMP reader can read and from which
// the database can be rebuilt. The label is `Xmp.dc.title`, the title Shotwell, gThumb, digiKam
// and darktable share; the original name is `Xmp.xmpMM.PreservedFileName`; what no standard
// field holds is in Snapshelf's own namespace, such as the bytes of a name that is not UTF-8. Each sidecar belongs to its photo alone.
import Foundation

@dynamicMemberLookup
struct Sidecar: Equatable, Sendable {
    /// A sidecar larger than this is no sidecar Snapshelf wrote, and is not read.
    static let maximumBytes = 1 << 20
    static let fileExtension = "xmp"

    /// What the sidecar says of the photo, its fields read as the sidecar's own (`sidecar.label`).
    /// XMP keeps no empty text, so the sidecar of a photo that names no camera holds none: read
    /// back, its camera is '' when the sidecar holds the rotation, as every one since cameras
    /// were kept does, and nil, not read, in one from before.
    var record: PhotoRecord
    // What follows is how the sidecar came to be what it is, which merging two computers' copies
    // of it needs, and none of what the person sees: no part of its equality.
    /// The name of the computer that wrote it (`LibraryDatabase.machineName()`); nil when unknown.
    var machine: String?
    /// When the label was last changed; a sidecar from before this was kept counts its photo's addition.
    var labelChangedMilliseconds: Int64
    /// The rotation as the turns each computer gave it, adding up to `rotation`.
    var turns: SidecarTurns
    /// The labels that lost a merge.
    var history = SidecarHistory()

    /// The date taken counts as the clock and its offset: the moment of a clock without one is
    /// each computer's own guess, which a computer in another zone makes differently. No camera
    /// and one not read count as one: a sidecar holds neither, and reads back as one or the
    /// other by its age alone.
    static func == (lhs: Sidecar, rhs: Sidecar) -> Bool {
        lhs.compared == rhs.compared
    }

    private var compared: PhotoRecord {
        var record = self.record
        record.taken = record.taken.map {
            TakenDate(clockMilliseconds: $0.clockMilliseconds, offsetMinutes: $0.offsetMinutes, instantMilliseconds: 0)
        }
        record.camera = record.camera.flatMap { $0.isEmpty ? nil : $0 }
        return record
    }

    /// A new sidecar of the record, whose label counts as changed when the photo was added.
    init(_ record: PhotoRecord) {
        self.record = record
        labelChangedMilliseconds = record.addedMilliseconds
        turns = SidecarTurns(text: nil, rotation: record.rotation)
    }

    subscript<Value>(dynamicMember field: WritableKeyPath<PhotoRecord, Value>) -> Value {
        get { record[keyPath: field] }
        set { record[keyPath: field] = newValue }
    }

    subscript<Value>(dynamicMember field: KeyPath<PhotoRecord, Value>) -> Value {
        record[keyPath: field]
    }

    /// Why a sidecar could not be read.
    enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case missing
        case notAFile
        case tooLarge(bytes: Int)
        case notXMP(String)
        case incomplete(field: String)
        /// The field is there, but holds what cannot be that field, such as an ID out of range.
        case invalid(field: String, value: String)

        var description: String {
            switch self {
            case .missing: tr("it is missing")
            case .notAFile: tr("it is a link or a folder, not a file of its own")
            case .tooLarge(let bytes): String(format: tr("it is %@, more than a sidecar can be"), DecodingFailure.formatted(bytes))
            case .notXMP(let detail): String(format: tr("it is not XMP that can be read (%@)"), detail)
            case .incomplete(let field): String(format: tr("it lacks its %@"), field)
            // TRANSLATORS: the first %@ is an XMP tag such as Xmp.snapshelf.PhotoID, the second what it holds.
            case .invalid(let field, let value): String(format: tr("its %@ “%@” cannot be used"), field, DecoderText.clean(value, limit: 80))
            }
        }
    }

    /// The sidecar of a library copy.
    static func url(for copy: URL) -> URL {
        copy.appendingPathExtension(fileExtension)
    }

    /// Reads a sidecar Snapshelf wrote, refusing one that is too large, not XMP, or lacks a field.
    init(reading url: URL) throws(Problem) {
        try self.init(bytes: Self.contents(of: url))
    }

    /// The sidecar in bytes `contents(of:)` read, refusing one that is not XMP or lacks a field.
    init(bytes: [UInt8]) throws(Problem) {
        // Snapshelf's own layout is read from the bytes; anything else, through gexiv2.
        if let fields = bytes.withUnsafeBytes(SidecarFields.init(parsing:)) {
            try self.init(tags: { fields.values[$0] }, title: fields.title)
            return
        }
        // Array's withUnsafeBytes rethrows untyped, so the outcome comes out as a Result.
        self = try bytes.withUnsafeBytes { buffer in
            Result { () throws(Problem) -> Sidecar in
                let metadata: Metadata
                do throws(Metadata.Failure) {
                    // Read where the bytes are, so it must be done with them before they go.
                    metadata = try Metadata(inMemory: buffer)
                } catch {
                    throw .notXMP(error.description)
                }
                return try Sidecar(tags: metadata.string, title: metadata.title())
            }
        }.get()
    }

    /// The sidecar's bytes, read through one descriptor: never through a link, which would make
    /// one photo's sidecar another's, which a sync could not keep apart, and never from a FIFO or
    /// a device, which could keep the read waiting for ever.
    static func contents(of url: URL) throws(Problem) -> [UInt8] {
        let descriptor = FileName(url: url).withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT: throw .missing
            case ELOOP: throw .notAFile
            case let code: throw .notXMP(String(cString: strerror(code)))
            }
        }
        var status = stat()
        let code = fstat(descriptor, &status) == 0 ? 0 : errno
        // Closes the descriptor however this ends.
        let file = OpenFile(descriptor: descriptor, size: Int(status.st_size))
        guard code == 0 else { throw .notXMP(String(cString: strerror(code))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile }
        guard file.size <= Self.maximumBytes else { throw .tooLarge(bytes: file.size) }
        return file.bytes(at: 0, count: file.size)
    }

    /// The sidecar from its properties' texts, by tag name, and its title.
    private init(tags string: (String) -> String?, title: String?) throws(Problem) {
        let id = try Self.id(in: string)
        guard let addedText = string(Self.addedTag) else { throw .incomplete(field: Self.addedTag) }
        guard let added = Self.milliseconds(from: addedText) else { throw .invalid(field: Self.addedTag, value: addedText) }
        let takenText = string(Self.takenTag)
        let taken = takenText.flatMap(Self.taken(from:))
        // A date that cannot be read is not the photo's having none: a rebuild reads it again from the photo.
        if let takenText, taken == nil { throw .invalid(field: Self.takenTag, value: takenText) }
        let rotation = Self.rotation(in: string)
        // Every sidecar since cameras were kept holds the rotation.
        let camera = string(Self.cameraTag) ?? (string(Self.rotationTag) != nil ? "" : nil)
        self.init(PhotoRecord(id: id, label: title ?? "", originalFileName: Self.originalName(in: string) ?? FileName(""),
                              addedMilliseconds: added, taken: taken, width: try Self.side(Self.widthTag, in: string),
                              height: try Self.side(Self.heightTag, in: string), rotation: rotation, camera: camera))
        machine = string(Self.machineTag)
        // Bookkeeping that cannot be read is no reason to refuse what the person put in.
        labelChangedMilliseconds = string(Self.labelChangedTag).flatMap(Self.milliseconds(from:)) ?? added
        turns = SidecarTurns(text: string(Self.turnsTag), rotation: rotation)
        history = SidecarHistory(text: string(Self.historyTag))
    }

    /// The original's name, when the sidecar holds one. XMP holds only UTF-8: a name that is
    /// none has its bytes percent-encoded in a tag of our own.
    static func originalName(in string: (String) -> String?) -> FileName? {
        string(originalBytesTag).flatMap(FileName.init(percentEncoded:)) ?? string(originalNameTag).map { FileName($0) }
    }

    /// The rotation; another program's value that is no quarter turn leaves the photo as it is.
    static func rotation(in string: (String) -> String?) -> Int {
        string(rotationTag).flatMap(Int.init).flatMap { [0, 90, 180, 270].contains($0) ? $0 : nil } ?? 0
    }

    /// A photo's width or height, 0 when the sidecar holds none; refused outside what a decoder can
    /// give (GdkPixbuf's sides are 32-bit), since a peer's sidecar may hold any number there.
    static func side(_ tag: String, in string: (String) -> String?) throws(Problem) -> Int {
        guard let text = string(tag) else { return 0 }
        guard let side = Int(text), (0...Int(Int32.max)).contains(side) else { throw .invalid(field: tag, value: text) }
        return side
    }

    /// The photo ID the sidecar holds, refused outside the one range Snapshelf gives.
    static func id(in string: (String) -> String?) throws(Problem) -> Int64 {
        guard let text = string(idTag) else { throw .incomplete(field: idTag) }
        guard let id = Int64(text), PhotoID.isValid(id) else { throw .invalid(field: idTag, value: text) }
        return id
    }

    /// Writes the sidecar under a temporary name in `temporaryFolder`, flushes it and renames it
    /// into place, so a kill at any moment leaves the old sidecar or the new one, never a torn one.
    func write(to url: URL, through temporaryFolder: URL) throws(Metadata.Failure) {
        let metadata = try Metadata(emptySidecar: ())
        try metadata.setLanguageAlternative(Self.titleTag, record.label)
        try metadata.set(Self.originalNameTag, record.originalName)
        if !record.originalFileName.isUTF8 {
            try metadata.set(Self.originalBytesTag, record.originalFileName.percentEncoded)
        }
        try metadata.set(Self.idTag, String(record.id))
        try metadata.set(Self.addedTag, Self.text(milliseconds: record.addedMilliseconds))
        if let taken = record.taken {
            try metadata.set(Self.takenTag, Self.text(taken: taken))
        }
        try metadata.set(Self.widthTag, String(record.width))
        try metadata.set(Self.heightTag, String(record.height))
        try metadata.set(Self.rotationTag, String(record.rotation))
        if let camera = record.camera, !camera.isEmpty {
            try metadata.set(Self.cameraTag, camera)
        }
        if let machine, !machine.isEmpty {
            try metadata.set(Self.machineTag, machine)
        }
        try metadata.set(Self.labelChangedTag, Self.text(milliseconds: labelChangedMilliseconds))
        if let text = turns.text {
            try metadata.set(Self.turnsTag, text)
        }
        if let text = history.text {
            try metadata.set(Self.historyTag, text)
        }
        let temporary = temporaryFolder.appendingPathComponent("\(UUID().uuidString).xmp").path
        do throws(Metadata.Failure) {
            try metadata.saveSidecar(to: temporary)
            try Self.flush(temporary)
            guard rename(temporary, url.path) == 0 else {
                throw Metadata.Failure(description: String(cString: strerror(errno)))
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    private static func flush(_ path: String) throws(Metadata.Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Metadata.Failure(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        // Private like the copy it describes, whatever the umask.
        fchmod(descriptor, 0o600)
        guard fsync(descriptor) == 0 else { throw Metadata.Failure(description: String(cString: strerror(errno))) }
    }

    static let titleTag = "Xmp.dc.title"
    static let originalNameTag = "Xmp.xmpMM.PreservedFileName"
    static let originalBytesTag = "Xmp.snapshelf.OriginalName"
    static let idTag = "Xmp.snapshelf.PhotoID"
    static let addedTag = "Xmp.snapshelf.Added"
    static let takenTag = "Xmp.snapshelf.Taken"
    static let widthTag = "Xmp.snapshelf.Width"
    static let heightTag = "Xmp.snapshelf.Height"
    static let rotationTag = "Xmp.snapshelf.Rotation"
    static let cameraTag = "Xmp.snapshelf.Camera"
    static let machineTag = "Xmp.snapshelf.Machine"
    static let labelChangedTag = "Xmp.snapshelf.LabelChanged"
    static let turnsTag = "Xmp.snapshelf.Turns"
    static let historyTag = "Xmp.snapshelf.History"

    /// ISO 8601 in UTC with milliseconds, which round-trips the database's milliseconds exactly.
    // A format style rather than ISO8601DateFormatter, which costs a formatter's creation per
    // call: that was a twentieth of an import's time in the app's own process.
    private static let withoutMilliseconds = Date.ISO8601FormatStyle()

    /// The time in UTC to the millisecond, such as 2026-12-01T14:39:56.300Z. The milliseconds are
    /// written from the integer, since the format style truncates a Double's 56.2999… to .299.
    static func text(milliseconds: Int64) -> String {
        let exact = ClampedDate.milliseconds(of: ClampedDate.from(milliseconds: milliseconds))
        let (seconds, fraction) = (exact.quotientAndRemainder(dividingBy: 1000))
        let (whole, part) = fraction < 0 ? (seconds - 1, fraction + 1000) : (seconds, fraction)
        let text = withoutMilliseconds.format(Date(timeIntervalSince1970: Double(whole)))
        return text.dropLast() + "." + String(String(part + 1000).dropFirst()) + "Z"
    }

    /// Any date XMP allows, so a sidecar edited elsewhere to a bare date keeps that date.
    static func milliseconds(from text: String) -> Int64? {
        XMPDate.milliseconds(from: text).map { ClampedDate.milliseconds(of: ClampedDate.from(milliseconds: $0)) }
    }

    /// The camera's clock to the millisecond with its offset, such as 2022-08-14T14:12:31.000+03:00,
    /// or with no zone at all when the offset is unknown; never "Z", which older Snapshelfs wrote
    /// for a moment in UTC. A zero offset is "+00:00".
    static func text(taken: TakenDate) -> String {
        text(milliseconds: taken.clockMilliseconds).dropLast() + (taken.offsetText ?? "")
    }

    /// The date taken in any form XMP allows; a time in UTC ("Z") is a moment an older Snapshelf wrote.
    static func taken(from text: String) -> TakenDate? {
        guard let (clock, zone) = XMPDate.clock(from: text) else { return nil }
        let milliseconds = ClampedDate.milliseconds(of: ClampedDate.from(milliseconds: clock))
        switch zone {
        case .utc: return TakenDate(legacyMilliseconds: milliseconds)
        case .none: return TakenDate(clock: ClampedDate.from(milliseconds: milliseconds), offsetMinutes: nil)
        case .offset(let minutes): return TakenDate(clock: ClampedDate.from(milliseconds: milliseconds), offsetMinutes: minutes)
        }
    }
}
