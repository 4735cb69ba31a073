# The Essential Feed toolset: build, install and check.
#
#   make                          swift build -c release --static-swift-stdlib
#   make install PREFIX=/usr      the four commands (stripped), their man pages and
#                                 completions under $(DESTDIR)$(PREFIX)
#   make uninstall PREFIX=/usr    removes exactly what install put there
#   make test                     swift test
#   make check-docs               mandoc -Tlint over the man pages
#
# SWIFT_FLAGS is passed to every swift build (e.g. --scratch-path DIR).

PREFIX = /usr/local
DESTDIR =

SWIFT = swift
SWIFT_FLAGS =
# The Swift runtime linked into the commands, always: the installed ones need
# no toolchain and start faster. Nothing needs libcurl's headers (feed-fetch
# loads libcurl.so.4 when it runs), and nothing links Foundation.
STATIC = --static-swift-stdlib
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

.PHONY: all build install uninstall test check-docs

all: build

build:
	$(SWIFT) build -c release $(STATIC) $(SWIFT_FLAGS)

install: build
	bin="$$($(SWIFT) build -c release $(STATIC) $(SWIFT_FLAGS) --show-bin-path)" && \
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
