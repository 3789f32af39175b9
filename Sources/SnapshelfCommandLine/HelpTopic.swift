// The commands, each with its help page.
import SnapshelfModel

public enum HelpTopic: String, Sendable {
    case general = "help"
    case `import`
    case list
    case search
    case label
    case rotate
    case remove
    case check
    case rebuild
    case export

    /// What the command's operands are, for a message saying they are missing.
    var operandDescription: String {
        switch self {
        case .search: tr("the words to search for")
        case .label: tr("a photo ID and the new label")
        default: tr("no arguments")
        }
    }

    /// The help page, in the person's language.
    public var text: String {
        HelpPage(blocks: blocks).text
    }

    private var blocks: [HelpPage.Block] {
        switch self {
        case .general:
            [
                .usage(["snapshelf [--library DIR] [FILE...]", "snapshelf [--library DIR] COMMAND [OPTIONS] [ARGUMENTS]"]),
                .paragraph(tr("Keeps photos with a label each. With no command, opens the Snapshelf window, and offers to import the FILEs given.")),
                .table(heading: tr("Commands:"), rows: [
                    ("import [--label TEXT] [--recursive] PATH...", tr("copy photos into the library")),
                    ("import --from-shotwell [DB]", tr("copy Shotwell’s photos in, with their titles")),
                    ("list [--json]", tr("print the photos in the library")),
                    ("search [--json] WORD…", tr("print the photos whose label or file name contains every word")),
                    ("label ID TEXT", tr("give photo ID a new label")),
                    ("rotate ID... --by 90|180|270", tr("turn photos clockwise; their files stay as they are")),
                    ("remove ID...", tr("remove photos; their files go to the Trash")),
                    ("check", tr("verify the library and report problems")),
                    ("rebuild", tr("make the database again from the photos and their sidecars")),
                    ("export --to DIR (--all | ID...)", tr("copy photos out with their labels embedded")),
                    ("help [COMMAND]", tr("show help for a command")),
                ]),
                .table(heading: tr("Options:"), rows: [
                    ("--library DIR", tr("use the library in DIR (default: $SNAPSHELF_LIBRARY, else $XDG_DATA_HOME/snapshelf)")),
                    ("--help, -h", tr("show this help, or a command's with `COMMAND --help`")),
                    ("--version", tr("print the version")),
                ]),
                .paragraph(tr("Exit status: 0 when all went well, 1 when a file, a photo or the library failed, 2 when the command line was wrong.")),
            ]
        case .import:
            [
                .usage(["snapshelf import [--library DIR] [--label TEXT] [--recursive] PATH...",
                        "snapshelf import [--library DIR] [--label TEXT] --from-shotwell [DB]"]),
                .paragraph(tr("Copies each photo into the library and saves it with the label TEXT. Without --label, a photo keeps the title another app gave it (an XMP sidecar beside it, its XMP title, or its IPTC object name), else it has none. With --recursive (-r), folders are searched for photos, skipping hidden files. The originals are never changed.")),
                .paragraph(tr("A photo whose content is already in the library is not copied again; it is reported with the existing photo's ID and keeps its label (change it with `snapshelf label`). If the library's copy of it is missing or damaged, the copy is made again from this file. A file that cannot be imported is reported on stderr with the reason, the others are still imported, and the exit status is 1. No library is created until a photo is imported.")),
                .paragraph(tr("With --from-shotwell, imports every photo in Shotwell’s library, whose database DB is by default $XDG_DATA_HOME/shotwell/data/photo.db (~/.local/share/shotwell/data/photo.db). Each photo gets its title in Shotwell as its label (else the title it brought along, else TEXT), is turned as Shotwell showed it, and takes Shotwell’s date when the file records none. Shotwell’s database is only read, never changed, and Shotwell may be running. Videos and the photos in Shotwell’s Trash are skipped and counted; hidden photos are imported. A photo already in the library gets its title in Shotwell where it has no label, and Shotwell’s turn where it has no rotation. A photo whose file is gone is named, and makes the exit status 1. Running it again imports only what is new.")),
                .paragraph(tr("Shotwell’s database may name any file: its first line of output names the folders the photos are read from. Files in hidden folders (any folder whose name starts with a dot, such as ~/.cache or ~/.ssh) are left out and counted, unless --include-hidden is given; links, named pipes and devices are never read. A database whose PhotoTable is no table, or whose reading takes too long or holds too many rows, is refused.")),
                .paragraph(String(format: tr("Limits: a label has at most %ld characters and %ld bytes; line breaks and tabs in it become spaces, and control characters and invisible formatting characters (such as direction overrides) are removed. Files over %@ and images over %ld megapixels are refused before decoding."), Label.maximumLength, Label.maximumBytes, PhotoCandidate.formattedMaximumBytes, PhotoCandidate.maximumMegapixels)),
            ]
        case .list:
            [
                .usage(["snapshelf list [--library DIR] [--json]"]),
                .paragraph(tr("Prints the library's photos in order: ID, label and original file name, separated by tabs; a tab, line break or backslash inside a label or name is written \\t, \\n or \\\\, as `ls -b` does. With --json, prints an array of objects with id, label, file (the library's copy), original_name, added (ISO 8601, UTC), taken (the camera's clock in ISO 8601, with its offset from UTC when the photo records one, such as 2022-08-14T14:12:31+03:00, else with no zone; or null when unknown), width and height (as displayed, after EXIF orientation and rotation), bytes (the size of the library's copy, or null when it is missing), camera (make and model, or null), rotation (0, 90, 180 or 270 degrees clockwise) and history (the photo's earlier labels, newest first: each an object with label, given (ISO 8601, UTC), computer (the name the computer that gave it writes into sidecars, or null when unknown) and this_computer (true or false)). `snapshelf search --json` prints the same objects.")),
            ]
        case .search:
            [
                .usage(["snapshelf search [--library DIR] [--json] WORD…"]),
                .paragraph(tr("Prints the photos whose label or original file name contains every word, in any order and ignoring case (and, in labels, accents: \"cafe\" finds \"Café\", \"lake dawn\" finds \"Dawn at the lake\"), in the same form as `snapshelf list`.")),
            ]
        case .label:
            [
                .usage(["snapshelf label [--library DIR] ID TEXT"]),
                .paragraph(tr("Gives the photo with this ID the label TEXT. The exit status is 1 when there is no such photo.")),
            ]
        case .rotate:
            [
                .usage(["snapshelf rotate [--library DIR] ID... --by 90|180|270"]),
                .paragraph(tr("Turns the photos with these IDs clockwise by 90, 180 or 270 degrees, on top of any rotation they have. The rotation is kept in the database and in each photo's sidecar; the library's copy is not changed. The window, `list --json` and exported copies show the photos turned. The exit status is 1 when an ID does not exist.")),
            ]
        case .remove:
            [
                .usage(["snapshelf remove [--library DIR] ID..."]),
                .paragraph(tr("Removes the photos from the library and moves the library's copies to the Trash, where they can still be restored. The originals are never touched. A photo whose copy the Trash cannot take (a library on a disk without a Trash, say) stays in the library. The exit status is 1 when an ID does not exist or a photo stays.")),
            ]
        case .rebuild:
            [
                .usage(["snapshelf rebuild [--library DIR]"]),
                .paragraph(tr("Makes the library's database again from what is the truth: the photos' copies and their XMP sidecars, which hold each photo's ID, label, original name and date added. The old database, damaged or not, is moved aside, never deleted, and the command says where. A copy without a sidecar comes back with what the photo itself gives and an empty label. Snapshelf must not have the library open elsewhere.")),
            ]
        case .export:
            [
                .usage(["snapshelf export [--library DIR] --to DIR --all", "snapshelf export [--library DIR] --to DIR ID..."]),
                .paragraph(tr("Copies the photos into the folder DIR under their original names, with each label embedded as the XMP title (and, in a JPEG, as the IPTC object name too when it fits that field's 64 bytes), so that Shotwell, gThumb, digiKam and darktable show it whole. Formats whose metadata cannot be rewritten, such as HEIF and AVIF, get the label in two XMP sidecars beside the copy, \"photo.heic.xmp\" and \"photo.xmp\", since apps look for either; where a HEIF or AVIF already carries XMP, that XMP is changed to the label too. A rotated photo's orientation is set so that other apps show it turned. The pixels are not changed, and nothing already in DIR is overwritten: a name that is taken, or beside which a sidecar lies, becomes \"name (2).jpg\".")),
            ]
        case .check:
            [
                .usage(["snapshelf check [--library DIR]"]),
                .paragraph(tr("Verifies the database, that every photo's file exists and matches its recorded content, and that no file is left without a photo. Prints \"Library is sound\" and exits 0, or lists each problem with its repair and exits 1. It also notes when other users of the computer can read the library.")),
            ]
        }
    }
}
