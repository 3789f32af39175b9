// What can still be taken from a library sidecar that `Sidecar(reading:)` refuses for one field,
// such as an ID another machine's sidecar holds too, an ID or a size out of range, or a date edited into a
// form no Snapshelf writes: every other field it holds, the label first. A rebuild and an import
// keep these rather than the nothing a refused sidecar would give.
import Foundation

struct SidecarSalvage {
    /// The ID, when it is one Snapshelf gives.
    let id: Int64?
    let label: String
    let originalName: FileName?
    let addedMilliseconds: Int64?
    let taken: TakenDate?
    let width: Int?
    let height: Int?
    let rotation: Int
    let camera: String?
    /// What was wrong with the fields left out, for the person.
    let problems: [Sidecar.Problem]

    /// The fields of a sidecar whose strict reading failed for `problem`; nil when it is no XMP
    /// that can be read at all, or holds nothing of Snapshelf's. Its bytes are read as the strict
    /// reading reads them: never through a link, from a FIFO, or beyond a sidecar's size.
    init?(reading url: URL, refusedFor problem: Sidecar.Problem) {
        guard let bytes = try? Sidecar.contents(of: url) else { return nil }
        self.init(bytes: bytes, refusedFor: problem)
    }

    /// The fields of the sidecar in `bytes`, whose strict reading failed for `problem`.
    init?(bytes: [UInt8], refusedFor problem: Sidecar.Problem) {
        switch problem {
        case .incomplete, .invalid: break
        case .missing, .notAFile, .tooLarge, .notXMP: return nil
        }
        // Exiv2 reads the bytes where they are, so all is taken from it before they go.
        let salvage = bytes.withUnsafeBytes { buffer -> SidecarSalvage? in
            guard let metadata = try? Metadata(inMemory: buffer) else { return nil }
            return SidecarSalvage(metadata)
        }
        guard let salvage else { return nil }
        self = salvage
    }

    private init?(_ metadata: Metadata) {
        var problems: [Sidecar.Problem] = []
        do throws(Sidecar.Problem) {
            id = try Sidecar.id(in: metadata.string)
        } catch {
            id = nil
            problems.append(error)
        }
        addedMilliseconds = Self.date(Sidecar.addedTag, in: metadata, problems: &problems, reading: Sidecar.milliseconds(from:))
        taken = Self.date(Sidecar.takenTag, in: metadata, problems: &problems, reading: Sidecar.taken(from:))
        label = metadata.title() ?? ""
        originalName = Sidecar.originalName(in: metadata.string)
        width = Self.side(Sidecar.widthTag, in: metadata, problems: &problems)
        height = Self.side(Sidecar.heightTag, in: metadata, problems: &problems)
        rotation = Sidecar.rotation(in: metadata.string)
        camera = metadata.string(Sidecar.cameraTag)
        self.problems = problems
        guard id != nil || addedMilliseconds != nil || !label.isEmpty || originalName != nil else { return nil }
    }

    /// Everything of a sidecar Snapshelf wrote.
    init(_ sidecar: Sidecar) {
        (id, label, originalName, rotation, camera) = (sidecar.id, sidecar.label, sidecar.originalFileName, sidecar.rotation, sidecar.camera)
        (addedMilliseconds, taken) = (sidecar.addedMilliseconds, sidecar.taken)
        (width, height) = (sidecar.width > 0 ? sidecar.width : nil, sidecar.height > 0 ? sidecar.height : nil)
        problems = []
    }

    /// What the sidecar at `url` holds, whole or in part, or why it holds nothing that can be used.
    /// The file is read once, and what the strict reading refuses is salvaged from the same bytes.
    static func read(_ url: URL) -> (salvage: SidecarSalvage?, problem: Sidecar.Problem?) {
        let bytes: [UInt8]
        do throws(Sidecar.Problem) {
            bytes = try Sidecar.contents(of: url)
        } catch {
            return (nil, error)
        }
        do throws(Sidecar.Problem) {
            return (SidecarSalvage(try Sidecar(bytes: bytes)), nil)
        } catch {
            return (SidecarSalvage(bytes: bytes, refusedFor: error), error)
        }
    }

    /// The side in the tag when it is one a photo can have, else nil, with the reason when it is out of range.
    private static func side(_ tag: String, in metadata: Metadata, problems: inout [Sidecar.Problem]) -> Int? {
        do throws(Sidecar.Problem) {
            let side = try Sidecar.side(tag, in: metadata.string)
            return side > 0 ? side : nil
        } catch {
            problems.append(error)
            return nil
        }
    }

    /// The date in the tag, or nil with the reason when it is missing or cannot be read.
    private static func date<Value>(_ tag: String, in metadata: Metadata, problems: inout [Sidecar.Problem],
                                    reading: (String) -> Value?) -> Value? {
        guard let text = metadata.string(tag) else {
            if tag == Sidecar.addedTag { problems.append(.incomplete(field: tag)) }
            return nil
        }
        guard let value = reading(text) else {
            problems.append(.invalid(field: tag, value: text))
            return nil
        }
        return value
    }
}
