// Every parser the app still runs on bytes from outside, by name, for `make fuzz`: each takes a
// file and reads it as the app would, throwing nothing and trapping never, whatever the file holds.
// The fuzzer (Tests/Fuzz/run.py, through snapshelf-fuzz) feeds them mutated files.
import CGdkPixbuf
import Foundation
import SnapshelfDecoderWire

package enum ParserEntryPoints {
    package static let all: [String: @Sendable (URL) -> Void] = [
        // The shared thumbnail cache's PNGs: their text keys, then their pixels.
        "thumbnail-png": { url in
            _ = PNGText(contentsOf: url)?["Thumb::URI"]
            CachedPNG.pixbuf(at: url, largestSide: 256).map { g_object_unref(UnsafeMutableRawPointer($0)) }
        },
        // A sidecar, as a rescan or a rebuild reads one that came from another computer.
        "sidecar": { url in _ = try? Sidecar(reading: url) },
        // A library's database as it may arrive from elsewhere: its schema checked, then every row
        // read, as `list` reads them, dates and all.
        "library-database": { url in
            guard let database = try? LibraryDatabase(fileURL: url, readOnly: true) else { return }
            _ = try? database.allRows().map { ($0.record.taken?.instant, $0.record.label, $0.fileName) }
            _ = try? database.machineName()
        },
        // Shotwell's photo.db, as an import from Shotwell reads it.
        "shotwell": { url in _ = try? ShotwellLibrary(reading: url, patience: .zero).files },
        // What a decoder answers, as the app checks it: the header of each kind of reply.
        "decoder-reply": { url in
            guard let data = try? Data(contentsOf: url), let reply = try? JSONDecoder().decode(DecoderReply.self, from: data) else { return }
            switch reply {
            case .image(let layout): _ = layout.byteCount
            case .facts(let facts): _ = facts.taken
            case .heifXMPLocation(let location): _ = location?.isPlausible(inFileOf: Int.max)
            case .tags(let tags): _ = tags.cleaned()
            case .refused: break
            }
        },
        // Text a sidecar gives: turns, dates and a label.
        "sidecar-text": { url in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return }
            _ = SidecarTurns(text: text, rotation: 0).turned(by: "a1b2", to: 90)
            _ = XMPDate.milliseconds(from: text)
            _ = Label.fitting(text)
        },
    ]
}
