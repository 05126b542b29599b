# PlumScale: `make run` sets up and runs the program, `make test` sets up
# and runs every test. Both install what is missing from Debian's packages.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
ARGS ?=

RUNTIME_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libevdev-dev libsqlite3-dev \
	libfontconfig-dev fonts-dejavu-core pkg-config
TEST_PACKAGES := xvfb xdotool

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build release run test deps test-deps screenshot clean bench

all: build

# Installs the Debian packages that are missing (apt-get only when needed).
deps:
	@missing=$$(for p in $(RUNTIME_PACKAGES) $(EXTRA_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

test-deps:
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES="$(TEST_PACKAGES)"

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	.build/release/plumscale $(ARGS)

test: test-deps
	$(SWIFT) build
	$(SWIFT) test

# Frame cost, latency, idle CPU, throughput, startup, memory (bench.json);
# `make bench ARGS=--quick` for the short run.
bench: test-deps
	$(SWIFT) build -c release
	.build/release/plumscale bench $(ARGS)

# The README's picture, made by the program from a replay kept in the repository.
screenshot: build
	.build/debug/plumscale render --replay Resources/sessions/five-plums.jsonl --at 0.8 --out docs/screenshot.png

clean:
	rm -rf .build
