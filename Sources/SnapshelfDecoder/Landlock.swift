// Landlock, the kernel's sandbox that an unprivileged process puts itself in. A decoder takes it
// once its loaders are loaded, handling every right the kernel knows and granting none, so that
// it can open no file by name, make none, connect no TCP socket, and, from ABI 6, signal no
// process and reach no abstract socket outside its own domain. What it was given open, its image
// and its socket, it keeps.
import CLinux
import Foundation
import SnapshelfDecoderWire

public enum Landlock {
    /// Confines the calling process, which must be single-threaded and have no new privileges, to
    /// nothing; returns the ABI it used, or nil where the kernel has no Landlock.
    static func confineToNothing() throws(DecoderLockdown.Failure) -> Int? {
        guard let abi = DecoderSandbox.landlockABI else { return nil }
        var attributes = snapshelf_landlock_ruleset_attr(handled_access_fs: fileSystemRights(abi), handled_access_net: 0, scoped: 0)
        // Binding and connecting TCP sockets (ABI 4); seccomp refuses every socket already.
        if abi >= 4 { attributes.handled_access_net = 0b11 }
        // Abstract Unix sockets and signals beyond its own domain (ABI 6).
        if abi >= 6 { attributes.scoped = 0b11 }
        let ruleset = snapshelf_landlock_create_ruleset(&attributes, MemoryLayout<snapshelf_landlock_ruleset_attr>.size)
        guard ruleset >= 0 else { throw DecoderLockdown.Failure(call: "landlock_create_ruleset", errno: errno) }
        defer { close(ruleset) }
        guard snapshelf_landlock_restrict_self(ruleset) == 0 else {
            throw DecoderLockdown.Failure(call: "landlock_restrict_self", errno: errno)
        }
        return abi
    }

    /// Every file-system right of the ABI: executing, writing, reading, listing, removing and
    /// making each kind of file (ABI 1), linking or renaming across folders (2), truncating (3),
    /// and ioctl on devices (5).
    private static func fileSystemRights(_ abi: Int) -> UInt64 {
        var rights: UInt64 = (1 << 13) - 1
        if abi >= 2 { rights |= 1 << 13 }
        if abi >= 3 { rights |= 1 << 14 }
        if abi >= 5 { rights |= 1 << 15 }
        return rights
    }
}
