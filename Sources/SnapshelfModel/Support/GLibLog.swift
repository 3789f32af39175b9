// GLib's log, as Snapshelf routes it. Some image loaders report a damaged file only as a warning
// on stderr (libheif's "Invalid input: No 'meta' box") and give GdkPixbuf no reason, which would
// break the command line's promise of one line per failed file. While a file is decoded, warnings
// on that thread are caught and become the reason given for the file. Other warnings go to stderr
// in the window's case and nowhere on the command line, where stderr is for Snapshelf's own lines.
import CGdkPixbuf
import Foundation

public enum GLibLog {
    private final class Catch {
        var messages: [String] = []
    }

    private static let catchKey = "snapshelf.glib-log-catch"
    nonisolated(unsafe) private static var isRouted = false

    /// Takes over GLib's log for the process; once only, before other threads start, as GLib
    /// allows one writer per process. `showingWarnings` lets warnings not caught reach stderr.
    public static func route(showingWarnings: Bool) {
        guard !isRouted else { return }
        isRouted = true
        g_log_set_writer_func(writer, showingWarnings ? UnsafeMutableRawPointer(bitPattern: 1) : nil, nil)
    }

    /// Runs `body`, catching the warnings GLib logs on this thread meanwhile; they come back with
    /// the result, or empty where the log was not routed.
    package static func catching<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (T, [String]) {
        let caught = Catch()
        let dictionary = Thread.current.threadDictionary
        dictionary[catchKey] = caught
        defer { dictionary.removeObject(forKey: catchKey) }
        return (try body(), caught.messages)
    }

    private static let writer: GLogWriterFunc = { level, fields, count, showWarnings in
        let warning = level.rawValue & (G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_MESSAGE.rawValue) != 0
        if warning, let caught = Thread.current.threadDictionary[catchKey] as? Catch {
            caught.messages.append(message(in: fields, count: count))
            return G_LOG_WRITER_HANDLED
        }
        if warning && showWarnings == nil {
            return G_LOG_WRITER_HANDLED
        }
        return g_log_writer_default(level, fields, count, nil)
    }

    private static func message(in fields: UnsafePointer<GLogField>?, count: gsize) -> String {
        guard let fields else { return "" }
        for field in UnsafeBufferPointer(start: fields, count: Int(count)) where String(cString: field.key) == "MESSAGE" {
            guard let value = field.value else { continue }
            let bytes = value.assumingMemoryBound(to: UInt8.self)
            let length = field.length < 0 ? strlen(value.assumingMemoryBound(to: CChar.self)) : Int(field.length)
            return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
        return ""
    }
}
