// A GError as a Swift error: GLib's message, which already names what failed.
import CGtk

public struct GLibError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// GIO's "not supported", which is also its answer when no application handles a URI's
    /// scheme, as help: without a help viewer installed.
    public let isNotSupported: Bool

    /// Takes over and frees the GError a failed call filled in.
    init(taking error: UnsafeMutablePointer<GError>?, fallback: String) {
        message = error.map { String(cString: $0.pointee.message) } ?? fallback
        isNotSupported = error.map {
            $0.pointee.domain == g_io_error_quark() && $0.pointee.code == Int32(G_IO_ERROR_NOT_SUPPORTED.rawValue)
        } ?? false
        if let error { g_error_free(error) }
    }

    public var description: String { message }
}
