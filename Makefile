# The two commands a newcomer needs: `make run` and `make test`.
SWIFT ?= swift
BIN := .build/debug/touchcanvas
INJECT := .build/debug/tc-inject
DEMO_PNG ?= touchcanvas-demo.png
DEMO_RECORDING ?= Recordings/ten-fingers.tcrec

.PHONY: deps build run demo test sanitize integration soak clean install uninstall

# `make install PREFIX=~/.local` (default /usr/local; DESTDIR for packagers): a release build
# with the Swift runtime linked in, so the installed binary needs no Swift toolchain.
PREFIX ?= /usr/local
DESTDIR ?=
RELEASE_BIN := .build/release/touchcanvas
# Shell completions where each shell's own packages put theirs, so they load with no setup
# (bash-completion, zsh's site-functions on its fpath, fish's vendor directory).
BASH_COMPLETION := $(DESTDIR)$(PREFIX)/share/bash-completion/completions/touchcanvas
ZSH_COMPLETION := $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_touchcanvas
FISH_COMPLETION := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/touchcanvas.fish
INSTALLED := $(DESTDIR)$(PREFIX)/bin/touchcanvas \
  $(DESTDIR)$(PREFIX)/share/applications/touchcanvas.desktop \
  $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/touchcanvas.svg \
  $(DESTDIR)$(PREFIX)/share/man/man1/touchcanvas.1 \
  $(BASH_COMPLETION) $(ZSH_COMPLETION) $(FISH_COMPLETION)

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build --product touchcanvas

# Under a Wayland session: the canvas window. Without one: the built-in demo under the
# embedded scripted compositor, which writes $(DEMO_PNG).
run: build
	@if [ -n "$$WAYLAND_DISPLAY" ] && [ -S "$${XDG_RUNTIME_DIR:-/nonexistent}/$$WAYLAND_DISPLAY" -o -S "$$WAYLAND_DISPLAY" ]; then \
	  exec $(BIN) $(ARGS); \
	else \
	  echo "No Wayland session found: playing $(DEMO_RECORDING) under the scripted compositor." >&2; \
	  $(BIN) demo --recording $(DEMO_RECORDING) --png $(DEMO_PNG); \
	fi

demo: build
	$(BIN) demo --recording $(DEMO_RECORDING) --png $(DEMO_PNG)

test:
	@scripts/install-deps.sh --test
	scripts/check-docs.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	cd Examples/SimpleTouch && $(SWIFT) build --build-tests && $(SWIFT) test --skip-build
	$(MAKE) --no-print-directory integration

# The Swift tests, the real binary's end-to-end ones included, under AddressSanitizer with
# UndefinedBehaviorSanitizer, then under ThreadSanitizer: each in a build folder of its own
# (.build/asan, .build/tsan, so `make test`'s .build is left alone) where the binary the
# end-to-end tests start is built with the same sanitizer. Fails on any report: in the test
# runner the sanitizer ends it with a non-zero status; a child's report fails the test that
# started it (AppHarness.launch). swiftc takes no -sanitize=undefined on Linux, so UBSan covers
# the C targets (-Xcc; Swift traps overflow and bad casts itself). The runner checks no leaks:
# its tests keep views and touches in cycles on purpose (see the README); every touchcanvas it
# starts does (TC_APP_ASAN_OPTIONS). scripts/lsan.supp and scripts/tsan.supp say why each
# suppression is there.
# At most 4 tests at once: swift-testing starts every test (and its time limit) together, and a
# test slowed by a sanitizer holds one of the runner's few threads (one per core) so long that
# quick tests queued behind the others ran out their one-minute limits before they ran.
SANITIZE_ENV := LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 TC_SANITIZER=1 \
  SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=4
ASAN_ENV := ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 TC_APP_ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
TSAN_ENV := TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:suppressions=$(CURDIR)/scripts/tsan.supp
sanitize:
	@scripts/install-deps.sh --test
	$(SANITIZE_ENV) $(SWIFT) build --build-tests --scratch-path .build/asan --sanitize address \
	  -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
	$(SANITIZE_ENV) $(ASAN_ENV) $(SWIFT) test --skip-build --scratch-path .build/asan
	$(SANITIZE_ENV) $(SWIFT) build --build-tests --scratch-path .build/tsan --sanitize thread
	$(SANITIZE_ENV) $(TSAN_ENV) $(SWIFT) test --skip-build --scratch-path .build/tsan

# The real binary under real compositors, each started and stopped by its script (needs the
# debug build and `scripts/install-deps.sh --test`). TC_KEEP=1 keeps their scratch directories,
# TC_SHOTS=DIR their screenshots.
integration:
	Tests/Integration/weston-smoke.sh $(BIN)
	Tests/Integration/weston-window.sh $(BIN) $(DEMO_RECORDING)
	Tests/Integration/weston-close.sh $(BIN) $(DEMO_RECORDING)
	Tests/Integration/weston-decorations.sh $(BIN)
	Tests/Integration/sway.sh $(BIN) $(INJECT)
	Tests/Integration/sway-glass.sh $(BIN) $(INJECT)
	Tests/Integration/sway-decorations.sh $(BIN)
	Tests/Integration/mutter.sh $(BIN)
	Tests/Integration/kwin.sh $(BIN) $(INJECT)
	Tests/Integration/install.sh

# By hand, not in CI: half an hour of ten fingers with scene switches, undo and clear, a
# recording, scale changes and seats coming and going; fails if memory, descriptors, shared
# memory or CPU per frame grow. SOAK_MINUTES shortens it; figures, CSV and plot go to soak/.
SOAK_MINUTES ?= 30
soak: deps
	$(SWIFT) build -c release --product touchcanvas
	$(SWIFT) build -c release --product tc-soak
	.build/release/tc-soak --touchcanvas .build/release/touchcanvas --minutes $(SOAK_MINUTES) --out soak

clean:
	rm -rf .build

install: deps
	$(SWIFT) build -c release --static-swift-stdlib --product touchcanvas
	scripts/make-manpage.sh $(RELEASE_BIN) > .build/touchcanvas.1
	# The completions come from the binary's own command line, so they cannot fall behind it.
	$(RELEASE_BIN) --generate-completion-script bash > .build/touchcanvas.bash
	$(RELEASE_BIN) --generate-completion-script zsh > .build/_touchcanvas
	$(RELEASE_BIN) --generate-completion-script fish > .build/touchcanvas.fish
	install -D -s -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/touchcanvas
	install -D -m 644 data/touchcanvas.desktop $(DESTDIR)$(PREFIX)/share/applications/touchcanvas.desktop
	install -D -m 644 data/touchcanvas.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/touchcanvas.svg
	install -D -m 644 .build/touchcanvas.1 $(DESTDIR)$(PREFIX)/share/man/man1/touchcanvas.1
	install -D -m 644 .build/touchcanvas.bash $(BASH_COMPLETION)
	install -D -m 644 .build/_touchcanvas $(ZSH_COMPLETION)
	install -D -m 644 .build/touchcanvas.fish $(FISH_COMPLETION)

uninstall:
	rm -f $(INSTALLED)

# Benchmarks, run by hand (they are not tests): the figures recorded in BENCHMARKS.md. Benchmarks/
# is a package of its own that uses this one by path. Peers and tools: apt-get install weston
# gtk-4-examples valgrind. About 10 minutes; `make bench 2>&1 | tee bench.txt` keeps the tables.
.PHONY: bench
bench:
	$(SWIFT) build -c release --product touchcanvas
	cd Benchmarks && $(SWIFT) build -c release
	cd Benchmarks && .build/release/TouchLatency --touchcanvas $(CURDIR)/.build/release/touchcanvas --screenshots .build/screenshots
	cd Benchmarks && .build/release/RenderBench
	cd Benchmarks && .build/release/LoopTurns --touchcanvas $(CURDIR)/.build/release/touchcanvas
	cd Benchmarks && .build/release/AllocationSites
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark --target Allocations --no-progress
	cd Benchmarks && scripts/callgrind-frames.sh .build/release/RenderBench
