// Why an exported copy took a number, "name (2).jpg", rather than its own name; the window's
// notice and the command line say it (see `ExportSidecars` for the sidecars peers read). A file
// that was in the folder before the export and one the export itself wrote are told apart, so
// that nothing the export wrote is ever said to have been there already.
public enum ExportNumbering: Sendable, CaseIterable {
    /// A file of its name was already in the folder.
    case nameTaken
    /// A sidecar lay beside its name, which peers would have read for it.
    case sidecarBeside
    /// Another file has its stem, and the two would share the `photo.xmp` sidecar.
    case stemShared
    /// Another photo of this export has its name: two copies cannot take one name.
    case sameNameInExport
    /// Another photo of this export has its stem with another extension, and the two would share
    /// the `photo.xmp` sidecar that one of them has.
    case stemSharedInExport
}
