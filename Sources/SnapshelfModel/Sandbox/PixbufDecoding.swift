// Decoding inside a sandboxed decoder: the file passed in is fed to the system's GdkPixbuf
// loaders a chunk at a time, scaled on load to fit a square, and turned upright. Only the
// decoder runs this; the app gets the pixels through the socket.
import CGdkPixbuf
import Foundation

final class PixbufDecoding {
    /// The upright image.
    let pixbuf: OpaquePointer
    let storedWidth: Int
    let storedHeight: Int
    /// The EXIF orientation (1 to 8) applied to the decoded pixels, beyond any turn the decoder made itself.
    let orientation: Int

    /// Decodes the open file from its start; the file's offset is left as it is.
    init(descriptor: Int32, fittingIn size: Int, maximumPixels: Int) throws(DecoderRefusal) {
        var storedWidth: Int32 = 0
        var storedHeight: Int32 = 0
        // The declared size, read from the header alone, refuses a decompression bomb unopened.
        gdk_pixbuf_get_file_info("/proc/self/fd/\(descriptor)", &storedWidth, &storedHeight)
        guard Int(storedWidth) * Int(storedHeight) <= maximumPixels else {
            throw .tooManyPixels(width: Int(storedWidth), height: Int(storedHeight))
        }
        let loader = Self.loader(fittingIn: size)
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var error: UnsafeMutablePointer<GError>?
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        // A loader's warnings meanwhile are its only word on what is wrong, where it gives no error.
        let (fed, warnings) = GLibLog.catching { () -> Bool in
            var fed = true
            var offset: off_t = 0
            while fed {
                let count = pread(descriptor, chunk.baseAddress, chunk.count, offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                offset += off_t(count)
                fed = gdk_pixbuf_loader_write(loader, chunk.baseAddress?.assumingMemoryBound(to: guchar.self), gsize(count),
                                              &error) != 0
            }
            return fed
        }
        let (decoded, closeWarnings) = GLibLog.catching { () -> (OpaquePointer?, UnsafeMutablePointer<GError>?) in
            Self.finish(loader, fed: fed, error: error)
        }
        guard let image = decoded.0 else {
            throw .undecodable(Self.reason(decoded.1, warnings: warnings + closeWarnings))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(image)) }
        let declared = gdk_pixbuf_get_option(image, "orientation").flatMap { Int(String(cString: $0)) }
        orientation = EmbeddedOrientation.toApply(declared: declared, inFileAt: "/proc/self/fd/\(descriptor)")
        pixbuf = EmbeddedOrientation.turn(image, from: orientation)
        self.storedWidth = Int(storedWidth)
        self.storedHeight = Int(storedHeight)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    /// The layout of the pixels, to send before them.
    var layout: DecodedLayout {
        DecodedLayout(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)),
                      rowstride: Int(gdk_pixbuf_get_rowstride(pixbuf)), hasAlpha: gdk_pixbuf_get_has_alpha(pixbuf) != 0,
                      storedWidth: storedWidth, storedHeight: storedHeight, orientation: orientation)
    }

    /// The pixels, as many bytes as the layout says.
    var pixels: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: gdk_pixbuf_read_pixels(pixbuf), count: Int(gdk_pixbuf_get_byte_length(pixbuf)))
    }

    /// A loader that, once it knows the image's size, asks for it scaled down to fit the square.
    /// The JPEG loader then decodes at a fraction of the size; nothing is ever scaled up, which
    /// would only blur a small image and cost memory.
    private static func loader(fittingIn size: Int) -> UnsafeMutablePointer<GdkPixbufLoader> {
        let loader = gdk_pixbuf_loader_new()!
        let sizePrepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
            loader, width, height, side in
            let side = Double(Int(bitPattern: side))
            guard let loader, width > 0, height > 0, Double(max(width, height)) > side else { return }
            let scale = side / Double(max(width, height))
            gdk_pixbuf_loader_set_size(loader, Int32(max(1, (Double(width) * scale).rounded())),
                                       Int32(max(1, (Double(height) * scale).rounded())))
        }
        // The square's side travels as the handler's data, a plain number that needs no freeing.
        g_signal_connect_data(UnsafeMutableRawPointer(loader), "size-prepared",
                              unsafeBitCast(sizePrepared, to: GCallback.self), UnsafeMutableRawPointer(bitPattern: size),
                              nil, GConnectFlags(rawValue: 0))
        return loader
    }

    /// Finishes the loader and takes its image, or the error there is instead.
    private static func finish(_ loader: UnsafeMutablePointer<GdkPixbufLoader>, fed: Bool, error: UnsafeMutablePointer<GError>?)
        -> (OpaquePointer?, UnsafeMutablePointer<GError>?) {
        var error = error
        // Closing is needed even after a failed write, and its own error matters only when the writes went well.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError) != 0
        if fed && !closed {
            error = closeError
        } else if let closeError {
            g_error_free(closeError)
        }
        let decoded = fed && closed ? gdk_pixbuf_loader_get_pixbuf(loader).map { pixbuf in
            g_object_ref(UnsafeMutableRawPointer(pixbuf))
            return pixbuf
        } : nil
        return (decoded, error)
    }

    /// The loader's reason in one line, taking the error it gave, else its last warning.
    private static func reason(_ error: UnsafeMutablePointer<GError>?, warnings: [String]) -> String {
        let detail = error.map { String(cString: $0.pointee.message) } ?? warnings.last ?? tr("GdkPixbuf gave no reason")
        if let error { g_error_free(error) }
        // Some loaders' messages run over several lines; a reason is one.
        return detail.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}
