// Compiles Resources/ into a GResource bundle and hands it to the glue target as a Swift byte
// array, so `swift run` and an installed Snapshelf read the same CSS and icons from the binary. SwiftPM builds Swift, not C, from what a plugin generates, hence the array.
import Foundation
import PackagePlugin

@main
struct GResourceCompiler: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let resources = context.package.directoryURL.appending(path: "Resources")
        // The icons are installed from data/ and compiled in from there too.
        let data = context.package.directoryURL.appending(path: "data")
        let manifest = resources.appending(path: "snapshelf.gresource.xml")
        let bundle = context.pluginWorkDirectoryURL.appending(path: "snapshelf.gresource")
        let output = context.pluginWorkDirectoryURL.appending(path: "GResourceBundle.swift")
        let renditions = context.pluginWorkDirectoryURL.appending(path: "renditions")
        let files = [resources, data].flatMap { folder in
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        }
        // The application's icon goes in as PNG, rendered here from its SVG at the sizes the manifest
        // lists: from an SVG, GTK would load librsvg before the first frame to draw the X11 icon.
        let script = """
            set -e
            for size in 48 128; do
              mkdir -p "$6/${size}x${size}"
              for svg in "$5"/icons/hicolor/scalable/apps/*.svg; do
                rsvg-convert --width "$size" --height "$size" --output "$6/${size}x${size}/$(basename "$svg" .svg).png" "$svg"
              done
            done
            glib-compile-resources --sourcedir "$1" --sourcedir "$5" --sourcedir "$6" --target "$2" "$3"
            {
              echo '// Generated from Resources/ by the GResourceCompiler plugin.'
              echo 'let gresourceBundle: [UInt8] = ['
              od -An -v -tu1 "$2" | awk '{ for (i = 1; i <= NF; i++) printf "%s,", $i; print "" }'
              echo ']'
            } > "$4"
            """
        return [.buildCommand(
            displayName: "Compiling Resources/ into a GResource",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, "sh", resources.path, bundle.path, manifest.path, output.path, data.path, renditions.path],
            inputFiles: files,
            outputFiles: [output]
        )]
    }
}
