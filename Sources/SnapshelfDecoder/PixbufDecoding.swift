// Decoding inside a sandboxed decoder: the file passed in is fed to the system's GdkPixbuf
// loaders a chunk at a time, scaled on load to fit a square, and turned upright. Only the
// decoder runs this; the app gets the pixels through the socket.
import CGdkPixbuf
import Foundation
import SnapshelfDecoderWire
import SnapshelfModel

final class PixbufDecoding {
    /// The upright image.
    let pixbuf: OpaquePointer
    let storedWidth: Int
    let storedHeight: Int
    /// The EXIF orientation (1 to 8) applied to the decoded pixels, beyond any turn the decoder made itself.
    let orientation: Int
    /// GdkPixbuf's name for the format of the loader that decoded it.
    let format: String

    /// What the loader declared once it read the header, and what was asked of it then.
    private final class Header {
        let side: Int
        let maximumPixels: Int
        var width = 0
        var height = 0
        var isRefused = false

        init(side: Int, maximumPixels: Int) {
            self.side = side
            self.maximumPixels = maximumPixels
        }
    }

    /// Decodes the open file from its start; the file's offset is left as it is. `loaded` says
    /// what this process loaded (`load(_:)`): with the common image loaders only, a file none of
    /// them recognizes, so that no loader ran on it, is refused as `formatNotLoaded`, for a
    /// decoder with every loader to try.
    init(descriptor: Int32, fittingIn size: Int, maximumPixels: Int, loaded: DecoderLaunch.Readers) throws(DecoderRefusal) {
        let header = Header(side: size, maximumPixels: maximumPixels)
        let loader = Self.loader(watching: header)
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var error: UnsafeMutablePointer<GError>?
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        // A loader's warnings meanwhile are its only word on what is wrong, where it gives no error.
        let (fed, warnings) = GLibLog.catching { () -> Bool in
            var fed = true
            var offset: off_t = 0
            while fed && !header.isRefused {
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
        guard !header.isRefused else {
            decoded.0.map { g_object_unref(UnsafeMutableRawPointer($0)) }
            if let error = decoded.1 { g_error_free(error) }
            throw .tooManyPixels(width: header.width, height: header.height)
        }
        guard let image = decoded.0 else {
            // Only where no module was picked: some loaders give the same error about what they read.
            if loaded == .commonImages, gdk_pixbuf_loader_get_format(loader) == nil, let error = decoded.1, Self.isUnknownType(error) {
                g_error_free(error)
                throw .formatNotLoaded
            }
            throw .undecodable(Self.reason(decoded.1, warnings: warnings + closeWarnings))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(image)) }
        format = Self.formatName(of: loader)
        let declared = gdk_pixbuf_get_option(image, "orientation").flatMap { Int(String(cString: $0)) }
        orientation = EmbeddedOrientation.toApply(declared: declared, inFileOpenAs: descriptor, readingMetadata: loaded == .all)
        pixbuf = EmbeddedOrientation.turn(image, from: orientation)
        // Every loader declares its size before decoding; the decoded size is the fallback for one that did not.
        storedWidth = header.width > 0 ? header.width : Int(gdk_pixbuf_get_width(image))
        storedHeight = header.height > 0 ? header.height : Int(gdk_pixbuf_get_height(image))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    /// Loads the image loaders of the set, setting the others aside, and the MIME database GdkPixbuf
    /// tells formats apart by, which it would otherwise open on first need: a decoder locked down
    /// can open no file.
    static func load(_ readers: DecoderLaunch.Readers) {
        let formats = gdk_pixbuf_get_formats()
        defer { g_slist_free(formats) }
        var next = formats
        while let node = next {
            next = node.pointee.next
            let format = OpaquePointer(node.pointee.data)
            guard gdk_pixbuf_format_is_disabled(format) == 0, let name = gdk_pixbuf_format_get_name(format) else { continue }
            defer { g_free(name) }
            // A format set aside is never sniffed, so no file makes a locked-down decoder try to load its module.
            guard readers == .all || commonFormats.contains(String(cString: name)) else {
                gdk_pixbuf_format_set_disabled(format, 1)
                continue
            }
            // Starting a load loads the module; closing it unfed only fails.
            var error: UnsafeMutablePointer<GError>?
            guard let loader = gdk_pixbuf_loader_new_with_type(name, &error) else {
                if let error { g_error_free(error) }
                continue
            }
            gdk_pixbuf_loader_close(loader, nil)
            g_object_unref(UnsafeMutableRawPointer(loader))
        }
        // A JPEG's first bytes: any sniffing reads the whole database in.
        let sample: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        g_free(g_content_type_guess(nil, sample, gsize(sample.count), nil))
    }

    /// The formats of `DecoderLaunch.Readers.commonImages`: those of the loaders GdkPixbuf ships,
    /// whose libraries the app maps too or are small. Loaders from other packages, such as SVG's,
    /// HEIF's and AVIF's, are only in decoders with every reader, and so is WebP's, since only
    /// Exiv2 reads a WebP's orientation.
    static let commonFormats: Set<String> = ["png", "jpeg", "gif", "tiff", "bmp", "ico", "ani", "pnm", "tga", "xbm", "xpm", "qtif", "icns"]

    /// Whether the loader recognized no format in the file.
    private static func isUnknownType(_ error: UnsafeMutablePointer<GError>) -> Bool {
        error.pointee.domain == gdk_pixbuf_error_quark() && error.pointee.code == Int32(GDK_PIXBUF_ERROR_UNKNOWN_TYPE.rawValue)
    }

    /// The layout of the pixels, to send before them.
    var layout: DecodedLayout {
        DecodedLayout(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)),
                      rowstride: Int(gdk_pixbuf_get_rowstride(pixbuf)), hasAlpha: gdk_pixbuf_get_has_alpha(pixbuf) != 0,
                      storedWidth: storedWidth, storedHeight: storedHeight, orientation: orientation, format: format)
    }

    /// The pixels, as many bytes as the layout says.
    var pixels: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: gdk_pixbuf_read_pixels(pixbuf), count: Int(gdk_pixbuf_get_byte_length(pixbuf)))
    }

    /// A loader that, once it knows the image's size, refuses it when it declares too many pixels,
    /// as GdkPixbuf's own reading of a file's size does, by asking for nothing; else asks for it
    /// scaled down to fit the square. The JPEG loader then decodes at a fraction of the size;
    /// nothing is ever scaled up, which would only blur a small image and cost memory.
    private static func loader(watching header: Header) -> UnsafeMutablePointer<GdkPixbufLoader> {
        let loader = gdk_pixbuf_loader_new()!
        let sizePrepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
            loader, width, height, data in
            guard let loader, let data else { return }
            let header = Unmanaged<Header>.fromOpaque(data).takeUnretainedValue()
            (header.width, header.height) = (Int(width), Int(height))
            guard header.width * header.height <= header.maximumPixels else {
                header.isRefused = true
                gdk_pixbuf_loader_set_size(loader, 0, 0)
                return
            }
            let side = Double(header.side)
            guard width > 0, height > 0, Double(max(width, height)) > side else { return }
            let scale = side / Double(max(width, height))
            gdk_pixbuf_loader_set_size(loader, Int32(max(1, (Double(width) * scale).rounded())),
                                       Int32(max(1, (Double(height) * scale).rounded())))
        }
        let release: GClosureNotify = { data, _ in
            data.map { Unmanaged<Header>.fromOpaque($0).release() }
        }
        g_signal_connect_data(UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(sizePrepared, to: GCallback.self),
                              Unmanaged.passRetained(header).toOpaque(), release, GConnectFlags(rawValue: 0))
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

    /// The name of the format the loader found the file to be in.
    private static func formatName(of loader: UnsafeMutablePointer<GdkPixbufLoader>) -> String {
        guard let format = gdk_pixbuf_loader_get_format(loader), let name = gdk_pixbuf_format_get_name(format) else { return "" }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// The loader's reason in one line, taking the error it gave, else its last warning.
    private static func reason(_ error: UnsafeMutablePointer<GError>?, warnings: [String]) -> String {
        let detail = error.map { String(cString: $0.pointee.message) } ?? warnings.last ?? tr("GdkPixbuf gave no reason")
        if let error { g_error_free(error) }
        // Some loaders' messages run over several lines; a reason is one.
        return detail.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}
