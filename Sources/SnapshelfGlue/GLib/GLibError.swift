// A GError as a Swift error: GLib's message, which already names what failed.
import CGtk

public struct GLibError: Error, CustomStringConvertible, Sendable {
    public let message: String

    /// Takes over and frees the GError a failed call filled in.
    init(taking error: UnsafeMutablePointer<GError>?, fallback: String) {
        message = error.map { String(cString: $0.pointee.message) } ?? fallback
        if let error { g_error_free(error) }
    }

    public var description: String { message }
}
