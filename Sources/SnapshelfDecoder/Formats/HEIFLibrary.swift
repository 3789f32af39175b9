// libheif, which reads a HEIF's or AVIF's Exif and XMP items (see `HEIFItems`), loaded with dlopen
// by a decoder with every reader before it locks down, and called through the functions resolved
// here. It is not linked: linking mapped libheif and its codecs (x265, libde265, dav1d, libaom)
// into every decoder, about 2 MB in the first, where only metadata requests use them.
import CHeif
import SnapshelfModel

struct HEIFLibrary: Sendable {
    /// The runtime package's file (libheif1, which libheif-dev depends on).
    static let soname = "libheif.so.1"

    let contextAlloc: @convention(c) () -> OpaquePointer?
    let contextFree: @convention(c) (OpaquePointer?) -> Void
    let readFromMemoryWithoutCopy: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, OpaquePointer?) -> heif_error
    let primaryImageHandle: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> heif_error
    let releaseImageHandle: @convention(c) (OpaquePointer?) -> Void
    let numberOfMetadataBlocks: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let metadataBlockIDs: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<heif_item_id>?, Int32) -> Int32
    let metadataContentType: @convention(c) (OpaquePointer?, heif_item_id) -> UnsafePointer<CChar>?
    let metadataSize: @convention(c) (OpaquePointer?, heif_item_id) -> Int
    let metadata: @convention(c) (OpaquePointer?, heif_item_id, UnsafeMutableRawPointer?) -> heif_error
    private let initialize: @convention(c) (UnsafeMutablePointer<heif_init_params>?) -> heif_error

    /// The library, loaded on first use: nil where libheif is missing, or in a decoder locked down
    /// without it, which can open no file.
    static let shared = HEIFLibrary(soname: soname)

    /// Loads and starts libheif ahead of its first use, as a decoder with every reader does
    /// before it locks itself down: libheif looks for its plugins as it starts.
    static func start() {
        _ = shared.map { $0.initialize(nil) }
    }

    private init?(soname: String) {
        guard let library = LoadedLibrary(soname: soname) else { return nil }
        guard let contextAlloc = library.function("heif_context_alloc", as: (@convention(c) () -> OpaquePointer?).self),
              let contextFree = library.function("heif_context_free", as: (@convention(c) (OpaquePointer?) -> Void).self),
              let readFromMemoryWithoutCopy = library.function("heif_context_read_from_memory_without_copy",
                                                      as: (@convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, OpaquePointer?) -> heif_error).self),
              let primaryImageHandle = library.function("heif_context_get_primary_image_handle",
                                               as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> heif_error).self),
              let releaseImageHandle = library.function("heif_image_handle_release", as: (@convention(c) (OpaquePointer?) -> Void).self),
              let numberOfMetadataBlocks = library.function("heif_image_handle_get_number_of_metadata_blocks",
                                                   as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self),
              let metadataBlockIDs = library.function("heif_image_handle_get_list_of_metadata_block_IDs",
                                             as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<heif_item_id>?, Int32) -> Int32).self),
              let metadataContentType = library.function("heif_image_handle_get_metadata_content_type",
                                                as: (@convention(c) (OpaquePointer?, heif_item_id) -> UnsafePointer<CChar>?).self),
              let metadataSize = library.function("heif_image_handle_get_metadata_size", as: (@convention(c) (OpaquePointer?, heif_item_id) -> Int).self),
              let metadata = library.function("heif_image_handle_get_metadata",
                                     as: (@convention(c) (OpaquePointer?, heif_item_id, UnsafeMutableRawPointer?) -> heif_error).self),
              let initialize = library.function("heif_init", as: (@convention(c) (UnsafeMutablePointer<heif_init_params>?) -> heif_error).self)
        else {
            library.close()
            return nil
        }
        (self.contextAlloc, self.contextFree, self.readFromMemoryWithoutCopy, self.primaryImageHandle, self.releaseImageHandle) =
            (contextAlloc, contextFree, readFromMemoryWithoutCopy, primaryImageHandle, releaseImageHandle)
        (self.numberOfMetadataBlocks, self.metadataBlockIDs, self.metadataContentType, self.metadataSize, self.metadata, self.initialize) =
            (numberOfMetadataBlocks, metadataBlockIDs, metadataContentType, metadataSize, metadata, initialize)
    }
}
