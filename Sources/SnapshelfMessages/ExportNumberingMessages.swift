// Why an exported copy took a number, as the command line says it beside the copy's new name.
import SnapshelfModel

extension ExportNumbering {
    public var reason: String {
        switch self {
        case .nameTaken: tr("a file of its name was already there")
        case .sidecarBeside: tr("an XMP sidecar that other apps would read for it was already there")
        case .stemShared: tr("another file there has its name but another extension, and would share its XMP sidecar")
        case .sameNameInExport: tr("another photo in this export has the same name")
        case .stemSharedInExport:
            tr("another photo in this export has its name but another extension, and the two would share an XMP sidecar")
        }
    }
}
