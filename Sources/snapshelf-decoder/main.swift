// The sandboxed decoder that the app's DecoderPool starts, as an executable of its own: it links
// what decoding needs and no GTK, so each decoder maps and relocates far fewer libraries than the
// app, and holds a fraction of its memory.
import SnapshelfDecoder

DecoderService.runIfRequested()
DecoderService.refuse()
