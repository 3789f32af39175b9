// The fuzzer's probe: `snapshelf-fuzz TARGET PROGRESS FILE…` runs one parser of the app's or one
// decoder request over each file in turn, writing each file's path into PROGRESS before it starts,
// so that when a file traps the process, Tests/Fuzz/run.py knows which one it was.
import Foundation
import SnapshelfDecoder
import SnapshelfModel

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: snapshelf-fuzz TARGET PROGRESS FILE…\ntargets: \((ParserEntryPoints.all.keys.sorted() + DecoderEntryPoints.all.keys.sorted()).joined(separator: " "))\n".utf8))
    exit(2)
}
let (target, progress) = (arguments[1], arguments[2])
let app = ParserEntryPoints.all[target]
let decoder = DecoderEntryPoints.all[target]
guard app != nil || decoder != nil else {
    FileHandle.standardError.write(Data("snapshelf-fuzz: no target \(target)\n".utf8))
    exit(2)
}
if decoder != nil { DecoderEntryPoints.start() }
for path in arguments.dropFirst(3) {
    try? Data(path.utf8).write(to: URL(fileURLWithPath: progress))
    if let app {
        app(URL(fileURLWithPath: path))
    } else if let decoder {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { continue }
        decoder(descriptor)
        close(descriptor)
    }
}
try? FileManager.default.removeItem(atPath: progress)
