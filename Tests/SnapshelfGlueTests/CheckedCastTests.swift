// Each wrapper class wraps only the GTK type it names: a widget GTK hands back as a plain Widget
// is cast with `as`, which says nil for another class, and a pointer of the wrong type is refused
// with both types named before any GTK function could misread it.
import CGtk
@testable import SnapshelfGlue
import XCTest

final class CheckedCastTests: WidgetTestCase {
    func testAWidgetIsCastToTheClassGTKMadeItAndNoOther() throws {
        MainActor.assumeIsolated {
            let box = Box(.horizontal)
            box.append([Label("Hill walk"), ToggleButton(iconName: "system-search-symbolic", name: "Search")])
            guard let first = box.firstChild, let second = first.nextSibling else { return XCTFail("the box lost its children") }

            XCTAssertEqual(first.as(Label.self)?.text, "Hill walk")
            XCTAssertEqual(first.as(Label.self), first, "the cast wraps the same widget")
            XCTAssertNil(first.as(Button.self), "a GtkLabel is no button")
            XCTAssertNil(first.as(Window.self))

            XCTAssertNotNil(second.as(ToggleButton.self))
            XCTAssertNotNil(second.as(Button.self), "a GtkToggleButton is a GtkButton too")
            XCTAssertNil(Button(label: "Import").as(ToggleButton.self), "a plain GtkButton is no toggle button")
            XCTAssertNotNil(second.as(Widget.self))
        }
    }

    func testAPointerOfAnotherTypeIsRefusedNamingBothTypes() {
        MainActor.assumeIsolated {
            let button = Button(label: "Import")
            XCTAssertEqual(Label.mismatch(wrapping: button.raw), "Label was given a GtkButton, which is not a GtkLabel")
            XCTAssertEqual(Action.mismatch(wrapping: button.raw), "Action was given a GtkButton, which is not a GSimpleAction")
            XCTAssertNil(Button.mismatch(wrapping: button.raw))
            XCTAssertNil(Widget.mismatch(wrapping: button.raw))
            XCTAssertNil(GObjectRef.mismatch(wrapping: button.raw))
        }
    }

    func testAnInterfaceClassTakesWhatImplementsIt() {
        MainActor.assumeIsolated {
            let icon = IconPaintable.named("image-missing-symbolic", size: 16)
            XCTAssertNotNil(icon, "the display has an icon theme")
            XCTAssertNil(Paintable.mismatch(wrapping: icon!.raw), "a GtkIconPaintable is a GdkPaintable")
            let label = Label()
            XCTAssertEqual(Paintable.mismatch(wrapping: label.raw), "Paintable was given a GtkLabel, which is not a GdkPaintable")
        }
    }

    func testAPointerToSomethingOtherThanAGObjectIsRefused() {
        MainActor.assumeIsolated {
            // Zeroed memory: no class pointer, as a freed or foreign struct might have.
            let notAnObject = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
            defer { notAnObject.deallocate() }
            notAnObject.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
            XCTAssertEqual(Label.mismatch(wrapping: notAnObject), "Label was given a pointer that is not a GObject")
        }
    }

    func testATextureIsMadeOnlyFromAPixbuf() throws {
        try MainActor.assumeIsolated {
            let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 4, 3))
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            XCTAssertNil(Texture.mismatch(pixbuf: UnsafeMutableRawPointer(pixbuf)))
            XCTAssertEqual(Texture(pixbuf: pixbuf).width, 4, "the texture holds the pixbuf's pixels")

            let label = Label()
            XCTAssertEqual(Texture.mismatch(pixbuf: label.raw), "Texture(pixbuf:) was given a GtkLabel, which is not a GdkPixbuf")
        }
    }
}
