// The model and the glue both have a `Label`: a photo's label text, and GTK's text widget. In the
// UI, which has far more of the widget, `Label` means the widget and the photo's label is
// written `SnapshelfModel.Label`.
import SnapshelfGlue

typealias Label = SnapshelfGlue.Label
