// The line that says how far a hostile image can reach here, which depends on the kernel: the
// command line's --version prints it, and the About window's troubleshooting details hold it.
import SnapshelfDecoderWire
import SnapshelfModel

public enum SandboxMessages {
    public static var decoders: String {
        DecoderSandbox.landlockABI.map { String(format: tr("Image decoders: seccomp allow-list and Landlock ABI %ld"), $0) }
            ?? tr("Image decoders: seccomp allow-list; this kernel has no Landlock")
    }
}
