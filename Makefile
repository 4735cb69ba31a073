# The Essential Feed toolset: build, install and check.
#
#   make                          swift build -c release, the runtimes linked in
#   make install PREFIX=/usr      the four commands (stripped), their man pages and
#                                 completions under $(DESTDIR)$(PREFIX)
#   make uninstall PREFIX=/usr    removes exactly what install put there
#   make test                     swift test
#   make check-docs               mandoc -Tlint over the man pages
#
#   make bin-path                 prints the folder of those release binaries
#
# SWIFT_FLAGS is passed to every swift build (e.g. --scratch-path DIR).

PREFIX = /usr/local
DESTDIR =

SWIFT = swift
SWIFT_FLAGS =
# The Swift runtime linked into the commands, always: the installed ones need
# no toolchain and start faster. Nothing needs libcurl's headers (feed-fetch
# loads libcurl.so.4 when it runs), and nothing links Foundation.
#
# The C++ runtime and libgcc that the Swift runtime uses are linked in too, so
# a command loads the C library and nothing else at start: each shared library
# costs a start-up its mapping, relocations and constructors (libgcc_s's runs
# CPUID, which traps in a virtual machine), about 0.5 ms of feed-fetch's 2 ms.
# swift build has no switch for libstdc++: the runtime's link line asks for
# it by name (-lstdc++), so RUNTIME_DIR holds only a link to the archive,
# libstdc++.a, and is searched first. The archive comes with the C++ headers
# that the Swift toolchain itself needs (libstdc++-N-dev on Debian).
RUNTIME_DIR = $(CURDIR)/.build-runtime
CXX_ARCHIVE != "$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/clang" -print-file-name=libstdc++.a 2>/dev/null || true
STATIC = --static-swift-stdlib -Xswiftc "-L$(RUNTIME_DIR)" -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
RELEASE = $(SWIFT) build -c release $(STATIC) $(SWIFT_FLAGS)
INSTALL = install
# Strips the installed commands (the build keeps its symbols): binutils' strip,
# else the llvm-objcopy that comes with the Swift toolchain. STRIP=true keeps
# the symbols.
STRIP != if command -v strip >/dev/null 2>&1; then echo strip; \
	else echo "$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/llvm-objcopy --strip-all"; fi
MANDOC = mandoc

BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d

TOOLS = feed-fetch feed-map feed-comments feed-cache
MAN1 = $(TOOLS:%=man/%.1)
MAN7 = man/essential-feed.7
BASHCOMP = $(TOOLS:%=completions/bash/%)
ZSHCOMP = $(TOOLS:%=completions/zsh/_%)
FISHCOMP = $(TOOLS:%=completions/fish/%.fish)

.PHONY: all build bin-path install uninstall test check-docs

all: build

build: $(RUNTIME_DIR)/libstdc++.a
	$(RELEASE)

bin-path:
	@$(RELEASE) --show-bin-path

$(RUNTIME_DIR)/libstdc++.a:
	@case "$(CXX_ARCHIVE)" in /*) test -f "$(CXX_ARCHIVE)";; *) false;; esac || \
		{ echo "make: no libstdc++.a beside the Swift toolchain's clang (Debian: apt-get install libstdc++-12-dev)" >&2; exit 1; }
	mkdir -p "$(RUNTIME_DIR)"
	ln -sf "$(CXX_ARCHIVE)" "$@"

install: build
	bin="$$($(RELEASE) --show-bin-path)" && \
	$(INSTALL) -d -m 0755 "$(DESTDIR)$(BINDIR)" && \
	for tool in $(TOOLS); do \
		$(INSTALL) -m 0755 "$$bin/$$tool" "$(DESTDIR)$(BINDIR)/$$tool" && \
		$(STRIP) "$(DESTDIR)$(BINDIR)/$$tool" || exit 1; \
	done
	$(INSTALL) -d -m 0755 "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(MANDIR)/man7"
	$(INSTALL) -m 0644 $(MAN1) "$(DESTDIR)$(MANDIR)/man1"
	$(INSTALL) -m 0644 $(MAN7) "$(DESTDIR)$(MANDIR)/man7"
	$(INSTALL) -d -m 0755 "$(DESTDIR)$(BASHCOMPDIR)" "$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	$(INSTALL) -m 0644 $(BASHCOMP) "$(DESTDIR)$(BASHCOMPDIR)"
	$(INSTALL) -m 0644 $(ZSHCOMP) "$(DESTDIR)$(ZSHCOMPDIR)"
	$(INSTALL) -m 0644 $(FISHCOMP) "$(DESTDIR)$(FISHCOMPDIR)"

uninstall:
	for tool in $(TOOLS); do \
		rm -f "$(DESTDIR)$(BINDIR)/$$tool" \
			"$(DESTDIR)$(MANDIR)/man1/$$tool.1" \
			"$(DESTDIR)$(BASHCOMPDIR)/$$tool" \
			"$(DESTDIR)$(ZSHCOMPDIR)/_$$tool" \
			"$(DESTDIR)$(FISHCOMPDIR)/$$tool.fish" || exit 1; \
	done
	rm -f "$(DESTDIR)$(MANDIR)/man7/essential-feed.7"

test:
	$(SWIFT) test

check-docs:
	$(MANDOC) -Tlint -Wwarning $(MAN1) $(MAN7)
