// A decoder's open file mapped for reading, since a decoder may open nothing by name, not even
// /proc/self/fd: Exiv2 and libheif read it where it lies, and only the pages they look at are read.
import Foundation
import SnapshelfModel

final class MappedFile {
    let bytes: UnsafeRawBufferPointer

    /// Maps the whole file open at `descriptor`, which stays open; throws why it cannot.
    init(descriptor: Int32) throws(Metadata.Failure) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Metadata.Failure(description: String(cString: strerror(errno))) }
        let size = Int(status.st_size)
        guard size > 0 else { throw Metadata.Failure(description: tr("the file is empty")) }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED else {
            throw Metadata.Failure(description: String(cString: strerror(errno)))
        }
        bytes = UnsafeRawBufferPointer(start: mapping, count: size)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
