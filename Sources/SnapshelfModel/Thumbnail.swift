// A photo decoded at a small size and turned upright, ready to be shown in a tile or a preview.
import CGdkPixbuf
import Foundation

public final class Thumbnail: @unchecked Sendable {
    // Sendable because the pixbuf is never changed after decoding, and GdkPixbuf's reference
    // counting is thread-safe; textures are made from it on the main thread only.
    public let pixbuf: OpaquePointer
    public let width: Int
    public let height: Int
    /// The EXIF orientation (1 to 8) the file declared, already applied to the pixels.
    public let orientation: Int

    /// Decodes the file scaled on load to fit a square of `size` pixels, so a large JPEG is
    /// never decoded at full size. An image already that small keeps its own size.
    public convenience init(decoding url: URL, fittingIn size: Int) throws(ImportError) {
        let descriptor = FileName(url: url).withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw ImportError(url: url, reason: .undecodable(String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        let loader = Self.loader(fittingIn: size)
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var error: UnsafeMutablePointer<GError>?
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        // A loader's warnings meanwhile are its only word on what is wrong, where it gives no error.
        let (fed, warnings) = GLibLog.catching { () -> Bool in
            var fed = true
            while fed {
                let count = read(descriptor, chunk.baseAddress, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                fed = gdk_pixbuf_loader_write(loader, chunk.baseAddress?.assumingMemoryBound(to: guchar.self), gsize(count),
                                              &error) != 0
            }
            return fed
        }
        let (decoded, closeWarnings) = GLibLog.catching { () -> (OpaquePointer?, UnsafeMutablePointer<GError>?) in
            Self.finish(loader, fed: fed, error: error)
        }
        try self.init(decoded: decoded.0, error: decoded.1, warnings: warnings + closeWarnings, path: FileName(url: url).text)
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

    private init(decoded: OpaquePointer?, error: UnsafeMutablePointer<GError>?, warnings: [String], path: String)
        throws(ImportError) {
        guard let decoded else {
            let detail = error.map { String(cString: $0.pointee.message) } ?? warnings.last ?? tr("GdkPixbuf gave no reason")
            if let error { g_error_free(error) }
            // Some loaders' messages run over several lines; a reason is one.
            let line = detail.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            throw ImportError(path: path, reason: .undecodable(line))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(decoded)) }
        let declared = gdk_pixbuf_get_option(decoded, "orientation").flatMap { Int(String(cString: $0)) }
        orientation = (1...8).contains(declared ?? 1) ? declared ?? 1 : 1
        // A new reference always, even when no turn was needed and it is the same pixbuf.
        pixbuf = gdk_pixbuf_apply_embedded_orientation(decoded)
        let upright = pixbuf
        width = Int(gdk_pixbuf_get_width(upright))
        height = Int(gdk_pixbuf_get_height(upright))
    }

    private init(upright: OpaquePointer, orientation: Int) {
        pixbuf = upright
        self.orientation = orientation
        width = Int(gdk_pixbuf_get_width(upright))
        height = Int(gdk_pixbuf_get_height(upright))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    /// The picture turned `degrees` clockwise further, on top of its EXIF orientation, as a
    /// photo's rotation asks; itself when that is no turn.
    public func rotated(by degrees: Int) -> Thumbnail {
        let turn = (degrees % 360 + 360) % 360
        // GdkPixbuf counts its angles counterclockwise.
        guard turn % 90 == 0, turn != 0,
              let turned = gdk_pixbuf_rotate_simple(pixbuf, GdkPixbufRotation(rawValue: UInt32(360 - turn))) else { return self }
        return Thumbnail(upright: turned, orientation: orientation)
    }

    /// Whether the orientation turns the picture a quarter, which swaps its displayed width and height.
    public var isQuarterTurned: Bool { orientation >= 5 }
}
