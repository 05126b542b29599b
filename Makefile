# PlumScale: `make run` sets up and runs the program, `make test` sets up
# and runs every test. Both install what is missing from Debian's packages.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
ARGS ?=
# make install builds and installs this configuration (release, or debug)
# with the Swift runtime linked in, in a build directory of its own, so the
# installed program needs no Swift toolchain; BINARY overrides the file
# installed as bin/plumscale.
CONFIG ?= release
INSTALL_BUILD ?= .build/install
BINARY ?= $(INSTALL_BUILD)/$(CONFIG)/plumscale
# Where the kiosk unit goes: systemd reads $(PREFIX)/lib/systemd/system for
# /usr and /usr/local.
UNITDIR ?= $(PREFIX)/lib/systemd/system
# The kiosk units: on the console (KMSDRM), and on Wayland under cage.
UNITS := plumscale-kiosk.service plumscale-kiosk-cage.service

RUNTIME_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libevdev-dev libsqlite3-dev \
	libfontconfig-dev libsystemd-dev libwayland-dev libmosquitto-dev libudev-dev libxi-dev fonts-dejavu-core pkg-config
# The kiosk tests: cage (headless, with Xwayland), weston, grim for the
# compositor's own picture, systemd-analyze (in systemd) for the units;
# imagemagick's import takes the window tests' screenshots from the X server;
# the fleet tests run a real MQTT broker (mosquitto) and client (mosquitto_sub);
# the bench counts a frame's instructions under valgrind's callgrind; the
# station rig (make test-station) boots Debian's kernel under qemu with an
# initramfs of busybox, plays recordings through uinput with python3-evdev,
# its systemd VM has systemd-udevd (udev) load the display driver, and the
# cage unit takes its seat from seatd.
TEST_PACKAGES := xvfb xdotool desktop-file-utils libgl1-mesa-dri imagemagick cage weston grim xwayland systemd \
	mosquitto mosquitto-clients valgrind qemu-system-x86 linux-image-amd64 busybox-static python3-evdev udev seatd

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build release run test test-station deps test-deps screenshot gallery pictures lint format clean install install-files uninstall bench

all: build

# Installs the Debian packages that are missing (apt-get only when needed). A
# package removed but not purged still answers `dpkg -s`: its status decides.
deps:
	@missing=$$(for p in $(RUNTIME_PACKAGES) $(EXTRA_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

test-deps:
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES="$(TEST_PACKAGES)"

build: deps
	$(SWIFT) build

# The program alone: a release build of every target would take in the
# test-support libraries, whose @testable imports need a module compiled
# for testing, and fail.
release: deps
	$(SWIFT) build -c release --product plumscale

run: release
	.build/release/plumscale $(ARGS)

# scripts/test.sh builds everything itself (swift build --build-tests: the
# program and the hooks with the tests, in one build).
test: test-deps
	SWIFT=$(SWIFT) scripts/test.sh

# The station on a real kernel (README "Tested on a real kernel"): each test
# boots Debian's kernel under qemu (TCG; KVM only where a probe boot works)
# with the built plumscale inside. Skipped, saying why, where qemu cannot run.
test-station: test-deps
	$(SWIFT) build
	PLUMSCALE_STATION=1 SWIFT=$(SWIFT) scripts/test.sh --filter StationTests

# Frame cost, latency, idle CPU, throughput, startup, memory (bench.json);
# `make bench ARGS=--quick` for the short run.
bench: test-deps
	$(SWIFT) build -c release --product plumscale-bench
	.build/release/plumscale-bench $(ARGS)

# The house style (.swift-format: 4 spaces, 140 columns): `make lint` checks
# it as CI does, `make format` rewrites the tree to it.
SWIFT_SOURCES := Sources Tests Fuzz Package.swift
lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format $(SWIFT_SOURCES)

format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format $(SWIFT_SOURCES)

# The README's picture, made by the program from a replay kept in the repository.
screenshot: build
	.build/debug/plumscale render --replay Resources/sessions/five-plums.jsonl --at 1.2 --out docs/screenshot.png

# Every screen in every state the layout tests check, at each size of their
# grid (640x360 ... 3840x2160, portrait), into docs/gallery/ with an index.
# Made, not kept: docs/gallery is in .gitignore and nothing reads it.
gallery: build
	rm -rf docs/gallery
	.build/debug/PlumScaleGallery docs/gallery

# The few gallery pictures the docs pages show, kept in docs/pictures/.
PICTURES := scale-tared wizard-place history-peek kiosk-operator scale-fleet-five scale-five-area scale-five-position
pictures: gallery
	mkdir -p docs/pictures
	for name in $(PICTURES); do cp docs/gallery/$$name-1280x720.png docs/pictures/$$name.png || exit 1; done

# Builds $(CONFIG) (release by default), then installs the binary, the sample
# sessions, the desktop entry, the icon, the kiosk units, the README and docs/ under
# $(DESTDIR)$(PREFIX). The binary finds everything at run time without the
# build tree (fonts through fontconfig, no SwiftPM resource bundle).
install: deps
	$(SWIFT) build -c $(CONFIG) --static-swift-stdlib --scratch-path $(INSTALL_BUILD) --product plumscale
	@$(MAKE) --no-print-directory install-files

# Copies only (the install test uses it with the binary it already has).
install-files:
	install -Dm755 $(BINARY) $(DESTDIR)$(PREFIX)/bin/plumscale
	install -d $(DESTDIR)$(PREFIX)/share/plumscale/sessions
	install -m644 Resources/sessions/*.jsonl $(DESTDIR)$(PREFIX)/share/plumscale/sessions/
	install -Dm644 Resources/plumscale.desktop $(DESTDIR)$(PREFIX)/share/applications/plumscale.desktop
	install -Dm644 Resources/plumscale.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/plumscale.svg
	install -d $(DESTDIR)$(UNITDIR)
	for unit in $(UNITS); do \
		sed -e 's|/usr/local/bin/plumscale|$(PREFIX)/bin/plumscale|g' \
			-e 's|/usr/local/share/doc/plumscale|$(PREFIX)/share/doc/plumscale|g' \
			Resources/$$unit > $(DESTDIR)$(UNITDIR)/$$unit && chmod 644 $(DESTDIR)$(UNITDIR)/$$unit || exit 1; \
	done
	install -Dm644 README.md $(DESTDIR)$(PREFIX)/share/doc/plumscale/README.md
	install -d $(DESTDIR)$(PREFIX)/share/doc/plumscale/docs/pictures
	install -m644 docs/*.md docs/screenshot.png $(DESTDIR)$(PREFIX)/share/doc/plumscale/docs/
	install -m644 docs/pictures/*.png $(DESTDIR)$(PREFIX)/share/doc/plumscale/docs/pictures/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/plumscale \
		$(DESTDIR)$(PREFIX)/share/applications/plumscale.desktop \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/plumscale.svg \
		$(addprefix $(DESTDIR)$(UNITDIR)/,$(UNITS))
	rm -rf $(DESTDIR)$(PREFIX)/share/plumscale $(DESTDIR)$(PREFIX)/share/doc/plumscale

clean:
	rm -rf .build

# Reliability (docs/reliability.md). `make fuzz` runs each libFuzzer target in
# Fuzz/ for FUZZ_SECONDS; `make sanitize` runs the tests under AddressSanitizer
# and ThreadSanitizer, each in its own build directory, the soak cut to
# SANITIZE_SOAK_EVENTS events (sanitized code is several times slower).
FUZZ_SECONDS ?= 60
SANITIZE_SOAK_EVENTS ?= 100000
.PHONY: fuzz fuzz-build sanitize sanitize-address sanitize-thread sanitize-build sanitize-build-address sanitize-build-thread

fuzz: deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

# The fuzz targets built, not run (CI builds them beside the sanitizers'
# tests): they link the AddressSanitizer build's Core, built first.
fuzz-build: sanitize-build-address
	scripts/fuzz.sh --build

sanitize: sanitize-address sanitize-thread

# The sanitizers run the first two test layers (docs/testing.md): the core's
# logic and the shell in-process (SQLite, evdev, rendering, MQTT payloads,
# files, the soak). swift test's --filter matches the module name too, so the
# end-to-end layer, whose suites drive the separately built binary, a broker,
# Xvfb or qemu and gain nothing from a sanitized test process, stays out: it
# runs in `make test`.
SANITIZE_FILTER := --filter '^(PlumScaleCoreTests|PlumScaleShellTests)\.'
# ThreadSanitizer: the shell's layer, where the threads are (Package.swift
# leaves the core's tests out of its build: the core starts no thread), but
# for the soak, which drives the core and the renderer on one thread alone:
# TSan has nothing to watch there, and it was half of TSan's run.
SANITIZE_THREAD_FILTER := --filter '^PlumScaleShellTests\.' --skip '^PlumScaleShellTests\.SoakTests'

# Each sanitizer's build, in its own build directory. `make sanitize-build`
# makes both without running them;
# `swift test` with the same options then builds nothing. (They keep the
# index store: on Linux, SwiftPM finds the XCTest tests through it.)
SANITIZE_BUILD = PLUMSCALE_SANITIZED=$(2) $(SWIFT) $(1) --sanitize=$(2) --scratch-path .build/$(3)

sanitize-build: sanitize-build-address sanitize-build-thread

sanitize-build-address: deps
	$(call SANITIZE_BUILD,build,address,asan) --build-tests

sanitize-build-thread: deps
	$(call SANITIZE_BUILD,build,thread,tsan) --build-tests

sanitize-address: test-deps sanitize-build-address
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp PLUMSCALE_SOAK_EVENTS=$(SANITIZE_SOAK_EVENTS) scripts/scratch.sh $(call SANITIZE_BUILD,test,address,asan) $(SANITIZE_FILTER)

sanitize-thread: test-deps sanitize-build-thread
	PLUMSCALE_SOAK_EVENTS=$(SANITIZE_SOAK_EVENTS) scripts/scratch.sh $(call SANITIZE_BUILD,test,thread,tsan) $(SANITIZE_THREAD_FILTER)
