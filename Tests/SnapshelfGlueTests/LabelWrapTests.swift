// A label that breaks long words shows its text as written: Pango would add a hyphen at each break
// inside a word, which is not in a person's label or a file's name.
import CAdwaita
import CGtk
import XCTest
@testable import SnapshelfGlue

final class LabelWrapTests: WidgetTestCase {
    func testBreakingLongWordsAddsNoHyphen() {
        MainActor.assumeIsolated {
            let label = Label(String(repeating: "A", count: 300))
            label.wraps = true
            label.breaksLongWords = true
            XCTAssertTrue(label.breaksLongWords)
            let attributes = gtk_label_get_attributes(label.opaque)
            let hyphens = attributes.flatMap { pango_attr_list_get_attributes($0) }
            defer { hyphens.map { list in g_slist_free_full(list) { pango_attribute_destroy($0?.assumingMemoryBound(to: PangoAttribute.self)) } } }
            let found = hyphens.map { list in
                sequence(first: list) { $0.pointee.next }.compactMap { $0.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) }
            } ?? []
            XCTAssertTrue(found.contains { $0.pointee.klass.pointee.type == PANGO_ATTR_INSERT_HYPHENS
                && UnsafeMutableRawPointer($0).assumingMemoryBound(to: PangoAttrInt.self).pointee.value == 0 },
                          "Pango may add hyphens that are not in the text")
            label.breaksLongWords = false
            XCTAssertNil(gtk_label_get_attributes(label.opaque))
        }
    }
}
