// Why a decoder could not be started: the errno of the failed spawn.

/// Why a decoder could not be started.
struct DecoderSpawnFailure: Error {
    let errno: Int32
}
