// What a decoder's sandbox can hold on this kernel, known without starting a decoder: the decoder
// takes it, and the app names it (`snapshelf --version`) without linking the decoder's libraries.
import CLinux

package enum DecoderSandbox {
    /// The highest Landlock ABI this kernel offers, or nil where it has none: a kernel before 5.13,
    /// or one started without Landlock among its security modules.
    package static var landlockABI: Int? {
        let version = snapshelf_landlock_abi()
        return version > 0 ? Int(version) : nil
    }
}
