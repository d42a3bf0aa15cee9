# The two commands a newcomer needs: `make run` and `make test`.
SWIFT ?= swift
BIN := .build/debug/touchcanvas
INJECT := .build/debug/tc-inject
DEMO_PNG ?= touchcanvas-demo.png
DEMO_RECORDING ?= Recordings/ten-fingers.tcrec

.PHONY: deps build run demo screenshots test sanitize coverage fuzz fuzz-smoke integration soak clean install uninstall release share-files install-files deb dist package-test version docs

# The one version, written in Sources/TouchCanvasConstants (the binary's --version); the
# package's changelog and the AppStream release must say the same (scripts/check-version.sh).
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/TouchCanvasConstants/TouchCanvasConstants.swift)
# The AppStream component id: the desktop entry, the icon and the metainfo are named after it.
APP_ID := io.github.touchcanvas.touchcanvas

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
# Stripped by install; a Debian build passes INSTALL_STRIP= and lets dh_strip keep the symbols
# in a -dbgsym package.
INSTALL_STRIP ?= -s
ICON_SIZES := 48 128 256
RECORDINGS := $(notdir $(wildcard Recordings/*.tcrec))
INSTALLED := $(DESTDIR)$(PREFIX)/bin/touchcanvas \
  $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop \
  $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml \
  $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg \
  $(foreach s,$(ICON_SIZES),$(DESTDIR)$(PREFIX)/share/icons/hicolor/$(s)x$(s)/apps/$(APP_ID).png) \
  $(DESTDIR)$(PREFIX)/share/man/man1/touchcanvas.1 \
  $(DESTDIR)$(PREFIX)/share/doc/touchcanvas/README.md \
  $(foreach r,$(RECORDINGS),$(DESTDIR)$(PREFIX)/share/touchcanvas/recordings/$(r)) \
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

# The screenshots in docs/screenshots (README, AppStream), drawn by the app from the shipped
# recordings as docs/screenshots/screenshots.list says; the end-to-end tests hold them to it.
screenshots: build
	@grep -v '^#' docs/screenshots/screenshots.list | while read -r name args; do \
	  [ -n "$$name" ] || continue; \
	  echo "touchcanvas $$args --png docs/screenshots/$$name"; \
	  WAYLAND_DISPLAY= $(BIN) $$args --png docs/screenshots/$$name || exit 1; \
	done

# How the Swift tests run. Their waits for the scripted compositor and the app suspend rather
# than block, so the few threads tests run on (one per core) are never held by a test that waits.
# TEST_WIDTH tests are in flight at once: every end-to-end test starts a real app process, and
# unbounded, a two-core machine would run a hundred at once. No suite needs the machine to
# itself: the ones about time run on the held clock (docs/testing.md), so a bare `swift test`
# is as good a run as this one.
TEST_WIDTH ?= $(shell echo $$((4 * $$(nproc))))
SWIFT_TEST = $(SWIFT) test --skip-build
# $(call run-swift-tests,WIDTH,SWIFT TEST ARGUMENTS,ENVIRONMENT)
define run-swift-tests
$(3) SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(1) $(SWIFT_TEST) $(2)
endef

test:
	@scripts/install-deps.sh --test
	scripts/check-docs.py
	scripts/check-references.py
	$(SWIFT) build --build-tests
	$(call run-swift-tests,$(TEST_WIDTH))
	cd Examples/SimpleTouch && $(SWIFT) build --build-tests && $(SWIFT) test --skip-build
	$(MAKE) --no-print-directory integration
	$(MAKE) --no-print-directory package-test

# The Swift tests, the real binary's end-to-end ones included, under AddressSanitizer with
# UndefinedBehaviorSanitizer, then under ThreadSanitizer: each in a build folder of its own
# (.build/asan, .build/tsan, so `make test`'s .build is left alone) where the binary the
# end-to-end tests start is built with the same sanitizer. Fails on any report: in the test
# runner the sanitizer ends it with a non-zero status; a child's report fails the test that
# started it (AppHarness.launch). swiftc takes no -sanitize=undefined on Linux, so UBSan covers
# the C targets (-Xcc; Swift traps overflow and bad casts itself). The runner checks no leaks:
# its tests keep views and touches in cycles on purpose (docs/testing.md); every touchcanvas it
# starts does (TC_APP_ASAN_OPTIONS). scripts/lsan.supp and scripts/tsan.supp say why each
# suppression is there. Last, the fuzz smoke run: its build is instrumented too (libFuzzer's
# coverage), so it belongs with the other instrumented builds rather than in `make test`.
# At most 4 tests at once: a sanitizer multiplies every app's memory and time, and the main
# actor's tests (TouchKit's, the renderer's) run one after another however many are in flight.
# The three instrumented builds come first and side by side: a Swift build keeps about one and a
# half cores busy (its modules wait on one another), so together they use the machine whole.
# The two test runs go side by side too: each keeps little more than one core busy, as the main
# actor's tests, one after another, are most of its length.
SANITIZE_ENV := LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 TC_SANITIZER=1
ASAN_ENV := ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 TC_APP_ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
TSAN_ENV := TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:suppressions=$(CURDIR)/scripts/tsan.supp
sanitize:
	@scripts/install-deps.sh --test
	$(MAKE) --no-print-directory -j3 --output-sync=target sanitize-build-asan sanitize-build-tsan sanitize-build-fuzz
	$(MAKE) --no-print-directory -j2 --output-sync=target sanitize-test-asan sanitize-test-tsan
	$(MAKE) --no-print-directory fuzz-smoke

.PHONY: sanitize-build-asan sanitize-build-tsan sanitize-build-fuzz sanitize-test-asan sanitize-test-tsan
sanitize-test-asan:
	$(call run-swift-tests,4,--scratch-path .build/asan,$(SANITIZE_ENV) $(ASAN_ENV))
sanitize-test-tsan:
	$(call run-swift-tests,4,--scratch-path .build/tsan,$(SANITIZE_ENV) $(TSAN_ENV))
sanitize-build-asan:
	$(SANITIZE_ENV) $(SWIFT) build --build-tests --scratch-path .build/asan --sanitize address \
	  -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
sanitize-build-tsan:
	$(SANITIZE_ENV) $(SWIFT) build --build-tests --scratch-path .build/tsan --sanitize thread
sanitize-build-fuzz:
	scripts/fuzz.sh --build-only

# Line coverage of Sources/ by the Swift tests, the apps they start included, in a build folder
# of its own (.build/coverage): per module and in all; fails below COVERAGE_MIN (default 95).
# By hand, not in CI (docs/testing.md has the figure).
coverage: deps
	scripts/coverage.sh

# Coverage-guided fuzzing with libFuzzer: the recording parser, the input
# machine through AppSession and the gesture arena, each checked against invariants, for
# FUZZ_SECONDS (default 60) each from the seeds in Fuzz/Corpus; new inputs and crashes go to
# .build-fuzz/runs. docs/fuzzing.md says what each checks.
FUZZ_ARGS ?=
fuzz: deps
	scripts/fuzz.sh $(FUZZ_ARGS)

# Part of `make sanitize`: each target 10 s from the seeds alone (.build-fuzz/smoke), after a build
# of its own in .build-fuzz (about 4 minutes from nothing on two cores); fails naming the input
# when a target finds something.
fuzz-smoke: deps
	scripts/fuzz.sh --smoke

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
	rm -rf .build .build-fuzz dist

version:
	@echo $(VERSION)

install: deps
	$(MAKE) --no-print-directory install-files

# The release binary: the Swift runtime linked in and no run path of its own ($$ORIGIN), so it
# runs where no Swift is installed (the package and the tarball ship it); symbols are bound at
# start and the relocation table made read-only then (full RELRO), as Debian hardens binaries.
release:
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath \
	  -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now --product touchcanvas

# What is installed beside the binary and made from it or from data/: the manual (from its own
# --help), the completions (from its own command line, so they cannot fall behind it; bash's is
# sourced, never run, so it carries no #! line) and the icon at the sizes menus ask for,
# rendered from the SVG.
share-files: release
	scripts/make-manpage.sh $(RELEASE_BIN) > .build/touchcanvas.1
	$(RELEASE_BIN) --generate-completion-script bash | sed '1{/^#!/d}' > .build/touchcanvas.bash
	$(RELEASE_BIN) --generate-completion-script zsh > .build/_touchcanvas
	$(RELEASE_BIN) --generate-completion-script fish > .build/touchcanvas.fish
	mkdir -p .build/icons
	$(foreach s,$(ICON_SIZES),rsvg-convert -w $(s) -h $(s) -o .build/icons/$(s).png data/$(APP_ID).svg &&) true

# Lays the files out under $(DESTDIR)$(PREFIX): used by `make install`, the Debian package
# (debian/rules) and the tarball (`make dist`), so all three install the same files.
install-files: share-files
	install -D $(INSTALL_STRIP) -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/touchcanvas
	install -D -m 644 data/$(APP_ID).desktop $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	install -D -m 644 data/$(APP_ID).metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	install -D -m 644 data/$(APP_ID).svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	$(foreach s,$(ICON_SIZES),install -D -m 644 .build/icons/$(s).png $(DESTDIR)$(PREFIX)/share/icons/hicolor/$(s)x$(s)/apps/$(APP_ID).png &&) true
	install -D -m 644 .build/touchcanvas.1 $(DESTDIR)$(PREFIX)/share/man/man1/touchcanvas.1
	install -D -m 644 .build/touchcanvas.bash $(BASH_COMPLETION)
	install -D -m 644 .build/_touchcanvas $(ZSH_COMPLETION)
	install -D -m 644 .build/touchcanvas.fish $(FISH_COMPLETION)
	install -D -m 644 README.md $(DESTDIR)$(PREFIX)/share/doc/touchcanvas/README.md
	$(foreach r,$(RECORDINGS),install -D -m 644 Recordings/$(r) $(DESTDIR)$(PREFIX)/share/touchcanvas/recordings/$(r) &&) true

uninstall:
	rm -f $(INSTALLED)
	-rmdir $(DESTDIR)$(PREFIX)/share/touchcanvas/recordings $(DESTDIR)$(PREFIX)/share/touchcanvas \
	  $(DESTDIR)$(PREFIX)/share/doc/touchcanvas 2>/dev/null

# The Debian package, built the Debian way (debian/, debhelper) from the release build:
# dist/touchcanvas_$(VERSION)-1_<arch>.deb, with its -dbgsym package, .buildinfo and .changes.
# dpkg-buildpackage writes them beside the source folder; they are moved into dist/.
deb: deps
	@scripts/install-deps.sh --package
	dpkg-buildpackage -b -us -uc
	mkdir -p dist
	mv ../touchcanvas_$(VERSION)-1_*.deb ../touchcanvas-dbgsym_$(VERSION)-1_*.deb \
	  ../touchcanvas_$(VERSION)-1_*.buildinfo ../touchcanvas_$(VERSION)-1_*.changes dist/
	@ls -l dist/touchcanvas_$(VERSION)-1_*.deb

# The portable tarball: dist/touchcanvas-$(VERSION)-linux-<machine>.tar.gz holds bin/, share/
# (as `make install` lays them out) and install.sh, for distributions without the package.
DIST_NAME := touchcanvas-$(VERSION)-linux-$(shell uname -m)
dist: deps
	rm -rf .build/dist
	$(MAKE) --no-print-directory install-files DESTDIR=$(CURDIR)/.build/dist/$(DIST_NAME) PREFIX=
	install -m 755 scripts/dist-install.sh .build/dist/$(DIST_NAME)/install.sh
	mkdir -p dist
	tar -C .build/dist --owner=0 --group=0 --sort=name -cf - $(DIST_NAME) | gzip -9n > dist/$(DIST_NAME).tar.gz
	@ls -l dist/$(DIST_NAME).tar.gz

# The documentation site of TouchKit, Rendering and Wayland (DocC, static HTML in .build/docs),
# with the toolchain's own docc and warnings as errors, from the release build's modules (the
# build the install, the package and the tarball use); scripts/build-docs.sh says how to open it.
docs: deps release
	scripts/build-docs.sh

# Builds, lints, installs, runs and removes the package and the tarball, and builds the docs:
# what a user of either gets, checked as they would use it (Tests/Packaging/package-test.sh).
package-test:
	Tests/Packaging/package-test.sh

# Benchmarks, run by hand (they are not tests): the figures recorded in BENCHMARKS.md. Benchmarks/
# is a package of its own that uses this one by path. Peers and tools: apt-get install weston
# gtk-4-examples valgrind. About 10 minutes; `make bench 2>&1 | tee bench.txt` keeps the tables.
# Replay of generated recordings of 20 MB and 256 MiB, --report and --png, wall time and peak
# memory under /usr/bin/time (apt-get install time): BENCHMARKS.md's "Replaying a large recording".
.PHONY: bench-big-replay
bench-big-replay:
	$(SWIFT) build -c release --product touchcanvas
	scripts/bench-big-replay.sh $(CURDIR)/.build/release/touchcanvas

.PHONY: bench
bench:
	$(SWIFT) build -c release --product touchcanvas
	cd Benchmarks && $(SWIFT) build -c release
	cd Benchmarks && .build/release/TouchLatency --touchcanvas $(CURDIR)/.build/release/touchcanvas --screenshots .build/screenshots
	cd Benchmarks && .build/release/RenderBench
	cd Benchmarks && .build/release/LoopTurns --touchcanvas $(CURDIR)/.build/release/touchcanvas
	cd Benchmarks && .build/release/RealClockFigures --touchcanvas $(CURDIR)/.build/release/touchcanvas
	cd Benchmarks && .build/release/AllocationSites
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark --target Allocations --no-progress
	cd Benchmarks && scripts/callgrind-frames.sh .build/release/RenderBench
