// A system library loaded with dlopen where it is first used, rather than linked into every
// process at start, and its functions found by name: libcrypto in the app (`CryptoLibrary`) and
// libheif in decoders with every reader (`HEIFLibrary`).
import Foundation

package struct LoadedLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer

    /// The library from the file of that name; nil where it cannot be loaded.
    package init?(soname: String) {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { return nil }
        self.handle = handle
    }

    /// The function of that name as the C function type given; nil where the library has none.
    package func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(handle, name).map { unsafeBitCast($0, to: type) }
    }

    /// Unloads a library that turned out not to have the functions wanted.
    package func close() {
        dlclose(handle)
    }
}
