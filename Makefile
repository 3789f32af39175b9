# Set-up, build, run and test on Debian 12. `make run` and `make test` install whatever system
# packages are missing first (as root, or through sudo), so a fresh machine needs nothing else.

SWIFT ?= swift
# What building needs (python3 runs the import check; rsvg-convert, from librsvg2-bin, renders the
# application's icon as the PNGs the binary carries; libxml2-dev links the static Foundation's XML
# parser into the executables, see Package.swift; gettext's msgfmt compiles the translations for
# `make run`), then what the tests need on top: a virtual
# X server, a session bus, and meson with the validators for the installed data files.
BUILD_PACKAGES := libgtk-4-dev libadwaita-1-dev libsqlite3-dev libssl-dev libgexiv2-dev libheif-dev libseccomp-dev zlib1g-dev libglib2.0-dev-bin librsvg2-bin pkg-config python3 libxml2-dev gettext
# The GdkPixbuf loaders for the formats phones and cameras give beyond GdkPixbuf's own.
LOADER_PACKAGES := heif-gdk-pixbuf libavif-gdk-pixbuf webp-pixbuf-loader
# update-mime-database (shared-mime-info) registers made-up image types, one that no loader can read
# and one the hostile loader gcc builds; exiftool reads what Snapshelf writes, independently of
# gexiv2; heif-enc, avifenc, cwebp and gdk-pixbuf-thumbnailer make HEIC, AVIF, WebP and PNG files;
# xdotool drives the real window and xprop (x11-utils) reads what it tells the desktop;
# at-spi2-core and python3-pyatspi read the accessible tree;
# python3 runs the harness the hostile decoder's attacks are watched through; two syncthing
# instances on 127.0.0.1 share a library between two folders, as two computers would;
# yelp-tools gives yelp-check, which validates the help's Mallard pages; shotwell makes, under
# Xvfb, the real photo.db that the import from Shotwell is tested against; gsettings-desktop-schemas
# holds org.gnome.desktop.interface, whose color-scheme the dark style's tests set; iproute2's `ip`
# brings up the loopback of the network namespace the Syncthing tests run in; faketime runs
# snapshelf with its clock a day ahead, for the merges of computers whose clocks disagree.
TEST_PACKAGES := xvfb xauth dbus-daemon gcc xdotool x11-utils at-spi2-core python3 python3-pyatspi meson desktop-file-utils appstream libglib2.0-bin gettext shared-mime-info \
	libimage-exiftool-perl libheif-examples libavif-bin webp libgdk-pixbuf2.0-bin syncthing yelp-tools shotwell \
	gsettings-desktop-schemas iproute2 faketime
# darktable-cli reads an export as darktable does, sidecars included, without a display: the export
# tests' second reader beside exiftool (16 packages, about 51 MB installed, 11 MB to download).
TEST_PACKAGES += darktable
# What `make bench` runs beside Snapshelf: the anchors, and the tools that time and drive it.
BENCH_PACKAGES := gcc python3 libgdk-pixbuf2.0-bin libvips-tools time xdotool
# What `make bench-peers` sets Snapshelf beside (Shotwell 0.30, gThumb), what drives their windows, and
# GdkPixbuf's Python bindings, which write the thumbnails of its library of 10,000 photos.
BENCH_PEERS_PACKAGES := shotwell gthumb xdotool python3 python3-gi gir1.2-gdkpixbuf-2.0
# What `make screenshots` takes them with, on top of the tests' X server and xdotool.
SCREENSHOT_PACKAGES := imagemagick
XVFB_SCREEN := -screen 0 1280x800x24
# SwiftPM's own import check, as an error. It refuses an undeclared import of another target only
# in a target that depends on no build plugin (so not in SnapshelfUI, which reaches the glue's),
# and lets through any module a dependency declares (CGtk, through the glue): `imports` does the rest.
SWIFT_BUILD_FLAGS := --explicit-target-dependency-import-check error

.PHONY: all deps test-deps imports build locales run check test validate bench bench-peers fuzz screenshots clean

all: build

# Installs only the packages dpkg does not already report as installed.
define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed$$' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing missing packages:" $$missing; \
		if [ "$$(id -u)" -eq 0 ]; then sudo=; else sudo=sudo; fi; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(BUILD_PACKAGES) $(LOADER_PACKAGES))

test-deps: deps
	$(call install_missing,$(TEST_PACKAGES))

# The layering, enforced: every Swift file imports only modules of the package that its target
# declares, C modules included, so SnapshelfUI cannot import CGtk (see .ci/check-imports).
imports: deps
	.ci/check-imports

build: deps imports
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)
	$(MAKE) --no-print-directory locales

# The translations, compiled where a build that is not installed looks for them, share/locale
# beside the folder of its binaries, as an installed Snapshelf finds them beside bin/.
locales:
	@locale=$$($(SWIFT) build --show-bin-path)/../share/locale; \
	for po in po/*.po; do \
		mkdir -p "$$locale/$$(basename $$po .po)/LC_MESSAGES" && \
		msgfmt --check -o "$$locale/$$(basename $$po .po)/LC_MESSAGES/snapshelf.mo" $$po || exit 1; \
	done

run: build
	$(SWIFT) run --skip-build snapshelf $(ARGS)

# The suite runs through Tests/runner.py: several classes at once (TEST_JOBS, two per core and one
# more unless set, as most tests wait on the processes they start and on the disk), each worker with a private Xvfb and D-Bus session, and each class with private
# data, cache, config and temporary folders, so that photos the tests remove go to a Trash of their
# own and no preference of the person running them changes.
TEST_JOBS ?= $(shell echo $$(( 2 * $$(nproc) + 1 )))

# The fast tier, to run before each commit: every test that starts no Syncthing, Shotwell,
# darktable or hostile loader (about 80 s from a warm build).
check: test-deps imports
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	python3 Tests/runner.py --tier check --jobs $(TEST_JOBS)

# The whole suite, as CI runs it: the validators, then every test.
test: test-deps validate imports
	.ci/check-imports-test
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	python3 Tests/runner.py --tier all --jobs $(TEST_JOBS)

# meson's validators check the data files, which are built (with their translations merged in)
# without building Swift, and the help's Mallard pages.
# (meson's other suite runs the Swift tests, which `make test` runs itself.)
validate: test-deps
	if [ -d .build/meson ]; then meson setup --reconfigure .build/meson; else meson setup .build/meson; fi
	ninja -C .build/meson io.github.snapshelf.Snapshelf.desktop io.github.snapshelf.Snapshelf.metainfo.xml
	meson test -C .build/meson --no-rebuild --print-errorlogs --suite validators

# Builds for release and prints Snapshelf's figures beside its anchors (see bench/run).
bench: test-deps
	$(call install_missing,$(BENCH_PACKAGES))
	xvfb-run -a -s "$(XVFB_SCREEN)" dbus-run-session -- bench/run

# Optional, and in neither test nor bench: Snapshelf beside Shotwell (see bench/peers/run).
bench-peers: test-deps
	$(call install_missing,$(BENCH_PEERS_PACKAGES))
	xvfb-run -a -s "$(XVFB_SCREEN)" dbus-run-session -- bench/peers/run

# Optional, and in neither test nor bench: every parser still in the app, and each request a
# sandboxed decoder answers, over mutated files for FUZZ_SECONDS each (60 unless set); it names
# every input that traps or hangs one, kept in .build/fuzz-findings (see Tests/Fuzz/run.py).
fuzz: test-deps build
	python3 Tests/Fuzz/run.py

# The README's and the metainfo's screenshots, of this tree's build (see docs/take-screenshots.sh).
screenshots: test-deps build
	$(call install_missing,$(SCREENSHOT_PACKAGES))
	docs/take-screenshots.sh "$$($(SWIFT) build --show-bin-path)/snapshelf" docs/screenshots

clean:
	rm -rf .build
