// swift-tools-version:6.0
// Snapshelf's targets, listed from the C interop at the bottom to the executable at the top.
// Each layer depends only on the ones below it.
import PackageDescription

// A debug build links the Swift runtime and Foundation into the three executables too, as a release
// build does (--static-swift-stdlib, which cannot build the tests): the dynamic loader then binds
// a dozen fewer large objects at every start, a third of a command's CPU, and the tests start
// the executables thousands of times. These are the libraries the static runtime needs.
let staticRuntime: [LinkerSetting] = [.unsafeFlags([
    "-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCollections", "-l_FoundationCShims",
    "-lFoundationEssentials", "-lFoundationInternationalization", "-lswiftSynchronization", "-lswift_RegexParser",
    "-lswift_StringProcessing", "-l_CFXMLInterface", "-lxml2",
], .when(configuration: .debug))]

// The executables are linked by lld with their relative relocations packed (DT_RELR, which glibc
// 2.36 reads): gold's 80,000 relocations of 24 bytes each, which the loader read through and
// which stayed resident in every window and decoder, become a few kilobytes.
let packedRelocations: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])]

let package = Package(
    name: "Snapshelf",
    products: [
        .executable(name: "snapshelf", targets: ["snapshelf"]),
        .executable(name: "snapshelf-commands", targets: ["snapshelf-commands"]),
        .executable(name: "snapshelf-decoder", targets: ["snapshelf-decoder"]),
        .executable(name: "snapshelf-window", targets: ["snapshelf-window"]),
    ],
    targets: [
        // C interop
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // libadwaita 1.2: GNOME's application, window, header bar and style manager, for the glue.
        .systemLibrary(
            name: "CAdwaita",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        .systemLibrary(
            name: "CGdkPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev", "libglib2.0-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libcrypto's SHA-256 for imports: its header gives the types; the library is loaded with
        // dlopen on the first hash, not linked (CryptoLibrary).
        .systemLibrary(
            name: "CCrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // gexiv2 (libgexiv2-dev) is loaded with dlopen on first use, not linked: see its header.
        .target(name: "CGexiv2", dependencies: ["CGdkPixbuf"], linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(
            name: "CLinux",
            pkgConfig: "libseccomp",
            providers: [.apt(["libseccomp-dev"])]
        ),
        // libheif reads a HEIF's or AVIF's Exif and XMP items, in the sandboxed decoder only. Its
        // header gives the types; the library is loaded with dlopen, not linked (HEIFLibrary).
        .systemLibrary(
            name: "CHeif",
            providers: [.apt(["libheif-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "CSnapshelfShim", dependencies: ["CGtk"]),

        // Snapshelf's programs and where they are installed, and which one a command line is for:
        // without Foundation, so that `snapshelf` itself starts in a millisecond or two.
        .target(name: "SnapshelfPrograms"),

        // What the app and its sandboxed decoders say to each other: the requests, the replies
        // with the tags and the pixels' layout they carry, and the frames on the socket.
        .target(name: "SnapshelfDecoderWire", dependencies: ["CLinux"]),

        // Model: photos, the library on disk, import and thumbnails, and the app's side of decoding:
        // the pool of sandboxed decoders it sends files to. No GTK widgets.
        .target(name: "SnapshelfModel", dependencies: ["SnapshelfPrograms", "SnapshelfDecoderWire", "CSQLite", "CGdkPixbuf", "CCrypto", "CGexiv2", "CLinux", "CZlib"]),

        // The sandboxed decoder, the executable's hidden mode: it locks itself down (limits, Landlock,
        // the seccomp allow-list), then decodes with GdkPixbuf and reads tags with the model's Exiv2
        // and format readers. The app's side cannot reach it, nor it the app's but through the wire.
        .target(name: "SnapshelfDecoder", dependencies: ["SnapshelfDecoderWire", "SnapshelfModel", "CGdkPixbuf", "CHeif", "CLinux"]),

        // Messages: the words of the model's errors, in the person's language, for the window and
        // the command line alike; the model names what went wrong, and this says it.
        .target(name: "SnapshelfMessages", dependencies: ["SnapshelfModel", "SnapshelfDecoderWire"]),

        // GTK and libadwaita glue: object lifetime, signals, main-loop hops, the Swift-backed
        // GListModel, and Resources/ as a GResource, which the plugin compiles into its sources.
        .target(name: "SnapshelfGlue", dependencies: ["CGtk", "CAdwaita", "CSnapshelfShim"], plugins: ["GResourceCompiler"]),
        .plugin(name: "GResourceCompiler", capability: .buildTool()),

        // UI: the GTK controllers, written against the glue alone: it cannot import CGtk nor CAdwaita.
        .target(name: "SnapshelfUI", dependencies: ["SnapshelfGlue", "SnapshelfMessages", "SnapshelfModel"]),

        // The command-line commands, which need no display; --version names the decoder's sandbox.
        .target(name: "SnapshelfCommandLine", dependencies: ["SnapshelfMessages", "SnapshelfModel", "SnapshelfPrograms"]),

        // The executable: tells the window's command line from a command's, and becomes the
        // program for it. Only the Swift runtime is linked in: no Foundation, no library.
        .executableTarget(name: "snapshelf", dependencies: ["SnapshelfPrograms"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .debug))] + packedRelocations),

        // The commands: parse the command line, then run a command or hand over to the window.
        .executableTarget(name: "snapshelf-commands", dependencies: ["SnapshelfCommandLine", "SnapshelfModel"],
                          linkerSettings: staticRuntime + packedRelocations),

        // The window, which snapshelf becomes when given no command: apart, so that a command
        // loads no GTK, which took half of its start.
        .executableTarget(name: "snapshelf-window", dependencies: ["SnapshelfCommandLine", "SnapshelfUI", "SnapshelfModel"],
                          linkerSettings: staticRuntime + packedRelocations),

        // The sandboxed decoder the app starts, without GTK, so each one holds little memory.
        .executableTarget(name: "snapshelf-decoder", dependencies: ["SnapshelfDecoder"], linkerSettings: staticRuntime + packedRelocations),

        // The benchmark's probe, which times searches in process, or decodes photos through the
        // sandboxed decoders (see bench/).
        .executableTarget(name: "snapshelf-bench", dependencies: ["SnapshelfMessages", "SnapshelfModel"]),

        // The fuzzer's probe: every parser still in the app, and each decoder request, over files
        // that Tests/Fuzz/run.py mutates (`make fuzz`).
        .executableTarget(name: "snapshelf-fuzz", dependencies: ["SnapshelfModel", "SnapshelfDecoder"]),

        // Shared helpers for the test targets: the sample photos and temporary libraries.
        .target(name: "SnapshelfTestSupport", dependencies: ["CSQLite"]),

        .testTarget(
            name: "SnapshelfModelTests", dependencies: ["SnapshelfModel", "SnapshelfDecoderWire", "SnapshelfTestSupport", "CSQLite", "CGdkPixbuf", "CLinux", "CZlib"]
        ),
        .testTarget(name: "SnapshelfDecoderTests", dependencies: ["SnapshelfDecoder", "SnapshelfDecoderWire", "SnapshelfModel", "CLinux"]),
        .testTarget(
            name: "SnapshelfCommandLineTests",
            dependencies: ["SnapshelfCommandLine", "SnapshelfMessages", "SnapshelfModel", "SnapshelfPrograms", "SnapshelfTestSupport"]
        ),
        .testTarget(name: "SnapshelfGlueTests", dependencies: ["SnapshelfGlue", "CGtk", "CAdwaita"]),
        .testTarget(
            name: "SnapshelfUITests",
            dependencies: ["SnapshelfUI", "SnapshelfGlue", "SnapshelfMessages", "SnapshelfModel", "SnapshelfTestSupport", "CGtk", "CAdwaita"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
