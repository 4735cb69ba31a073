# The Essential Feed toolset: build, install, package and check.
#
#   make                          swift build -c release, the runtimes linked in
#   make install PREFIX=/usr      the four commands (stripped), their man pages and
#                                 completions, the systemd user timer and service
#                                 that refresh the cache (lib/systemd/user/) with
#                                 the script the service runs (lib/essential-feed/),
#                                 and README.md, LICENSE, CHANGELOG.md and docs/
#                                 (in share/doc/essential-feed/), under
#                                 $(DESTDIR)$(PREFIX)
#   make uninstall PREFIX=/usr    removes exactly what install put there
#   make dist                     $(DISTDIR)/essential-feed-VERSION-linux-ARCH.tar.gz:
#                                 what install puts under PREFIX, in one folder
#                                 essential-feed-VERSION/; and $(DISTDIR)/SHA256SUMS
#   make deb                      $(DISTDIR)/essential-feed_VERSION_ARCH.deb, laid out
#                                 as Debian wants it (scripts/make-deb), built with
#                                 dpkg-deb; and $(DISTDIR)/SHA256SUMS
#   make test                     swift test
#   make check-docs               mandoc -Tlint over the man pages
#
#   make bin-path                 prints the folder of those release binaries
#   make version                  prints VERSION
#
# SWIFT_FLAGS is passed to every swift build (e.g. --scratch-path DIR).
#
# VERSION is read from Sources/FeedCore/ToolsetVersion.swift, the one place it
# is written (what --version prints). dist and deb first check that the newest
# entry of CHANGELOG.md names it, and date every packaged file that entry's day.

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
# No RUNPATH of $ORIGIN either (swift build adds it for a package's own shared
# libraries, and these commands have none): with it, each start first looked
# for libm.so.6 and libc.so.6 in the command's own folder and a dozen
# subfolders of it, about 0.3 ms of a start-up, and an installed command would
# load a C library put beside it.
LOCAL = --disable-local-rpath
# Nothing loads a symbol out of these commands, yet the Swift runtime's link
# line exports every public one of the package's own modules (-export-dynamic):
# some 2,000 names, 180 kB of each installed command that strip keeps.
# --no-export-dynamic, after it, takes that back. And the linker (gold, as
# swiftc asks for on Linux) keeps one copy of functions whose code is the same
# byte for byte and whose address nothing takes (--icf=safe): some 1,100,
# most of them the Swift library's protocol thunks, about 90 kB of each.
EXPORTS = -Xlinker --no-export-dynamic -Xlinker --icf=safe
# An import of a package target that Package.swift does not declare fails the
# build (SwiftPM otherwise compiles it whenever that module happens to be built
# first); the layering at the top of Package.swift holds for what ships.
IMPORTS = --explicit-target-dependency-import-check error
RELEASE = $(SWIFT) build -c release $(STATIC) $(LOCAL) $(EXPORTS) $(IMPORTS) $(SWIFT_FLAGS)
INSTALL = install
# Strips the installed commands (the build keeps its symbols): binutils' strip,
# else the llvm-objcopy that comes with the Swift toolchain; the compilers'
# .comment section goes too (as Debian's dh_strip removes it), the build ID
# stays. STRIP=true keeps the symbols.
STRIP != if command -v strip >/dev/null 2>&1; then echo strip --strip-all --remove-section=.comment; \
	else echo "$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/llvm-objcopy --strip-all --remove-section=.comment"; fi
MANDOC = mandoc

BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d
DOCDIR = $(PREFIX)/share/doc/essential-feed
LIBDIR = $(PREFIX)/lib
USERUNITDIR = $(LIBDIR)/systemd/user
# Where the installed files will be when they run, for the service's
# ExecStart (an absolute path): PREFIX, but for the tarball, which is staged
# with an empty PREFIX and unpacked into /usr/local.
RUN_PREFIX = $(PREFIX)

TOOLS = feed-fetch feed-map feed-comments feed-cache
MAN1 = $(TOOLS:%=man/%.1)
MAN7 = man/essential-feed.7
BASHCOMP = $(TOOLS:%=completions/bash/%)
ZSHCOMP = $(TOOLS:%=completions/zsh/_%)
FISHCOMP = $(TOOLS:%=completions/fish/%.fish)
DOCS = README.md LICENSE CHANGELOG.md
# docs/*.md beside the README, whose links point there.
DOCPAGES != ls docs/*.md
REFRESH = essential-feed-refresh
UNITS = $(REFRESH).service $(REFRESH).timer

VERSION != sed -n 's/^[[:space:]]*public static let string = "\([^"]*\)".*/\1/p' Sources/FeedCore/ToolsetVersion.swift
# The newest release in CHANGELOG.md ("## [0.1.0] - 2026-11-24"): its number,
# which must be VERSION, and its day.
CHANGELOG_VERSION != sed -n 's/^\#\# \[\([0-9][^]]*\)\].*/\1/p' CHANGELOG.md | head -n 1
RELEASE_DATE != sed -n 's/^\#\# \[[0-9][^]]*\] - \([0-9-]*\).*/\1/p' CHANGELOG.md | head -n 1

# Packaging: the folder the packages are written to (each target stages in a
# folder of its own in it, removed when done), the tarball's machine name
# (uname -m) and the Debian architecture.
DISTDIR = dist
DIST_ARCH != uname -m
DEB_ARCH != dpkg --print-architecture 2>/dev/null || true
DEB_MAINTAINER = the Essential Feed toolset authors <essential-feed@example.org>
TARBALL = essential-feed-$(VERSION)-linux-$(DIST_ARCH).tar.gz
DEB = essential-feed_$(VERSION)_$(DEB_ARCH).deb
STAGE = $(DISTDIR)/.stage-$@
TAR = tar
DPKG_DEB = dpkg-deb

.PHONY: all build bin-path version install uninstall dist deb check-version sums test check-docs

all: build

build: $(RUNTIME_DIR)/libstdc++.a
	$(RELEASE)

bin-path:
	@$(RELEASE) --show-bin-path

version:
	@echo "$(VERSION)"

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
	$(INSTALL) -d -m 0755 "$(DESTDIR)$(LIBDIR)/essential-feed" "$(DESTDIR)$(USERUNITDIR)"
	$(INSTALL) -m 0755 scripts/systemd/$(REFRESH) "$(DESTDIR)$(LIBDIR)/essential-feed/$(REFRESH)"
	sed 's|@LIBDIR@|$(RUN_PREFIX)/lib|' scripts/systemd/$(REFRESH).service.in > "$(DESTDIR)$(USERUNITDIR)/$(REFRESH).service.new"
	chmod 0644 "$(DESTDIR)$(USERUNITDIR)/$(REFRESH).service.new"
	mv "$(DESTDIR)$(USERUNITDIR)/$(REFRESH).service.new" "$(DESTDIR)$(USERUNITDIR)/$(REFRESH).service"
	$(INSTALL) -m 0644 scripts/systemd/$(REFRESH).timer "$(DESTDIR)$(USERUNITDIR)"
	$(INSTALL) -d -m 0755 "$(DESTDIR)$(DOCDIR)" "$(DESTDIR)$(DOCDIR)/docs"
	$(INSTALL) -m 0644 $(DOCS) "$(DESTDIR)$(DOCDIR)"
	$(INSTALL) -m 0644 $(DOCPAGES) "$(DESTDIR)$(DOCDIR)/docs"

uninstall:
	for tool in $(TOOLS); do \
		rm -f "$(DESTDIR)$(BINDIR)/$$tool" \
			"$(DESTDIR)$(MANDIR)/man1/$$tool.1" \
			"$(DESTDIR)$(BASHCOMPDIR)/$$tool" \
			"$(DESTDIR)$(ZSHCOMPDIR)/_$$tool" \
			"$(DESTDIR)$(FISHCOMPDIR)/$$tool.fish" || exit 1; \
	done
	rm -f "$(DESTDIR)$(MANDIR)/man7/essential-feed.7"
	for unit in $(UNITS); do rm -f "$(DESTDIR)$(USERUNITDIR)/$$unit" || exit 1; done
	rm -f "$(DESTDIR)$(LIBDIR)/essential-feed/$(REFRESH)"
	rmdir "$(DESTDIR)$(LIBDIR)/essential-feed" 2>/dev/null || true
	for doc in $(DOCS); do rm -f "$(DESTDIR)$(DOCDIR)/$$doc" || exit 1; done
	for page in $(DOCPAGES); do rm -f "$(DESTDIR)$(DOCDIR)/$$page" || exit 1; done
	rmdir "$(DESTDIR)$(DOCDIR)/docs" "$(DESTDIR)$(DOCDIR)" 2>/dev/null || true

check-version:
	@test -n "$(VERSION)" || { echo "make: no version in Sources/FeedCore/ToolsetVersion.swift" >&2; exit 1; }
	@test "$(CHANGELOG_VERSION)" = "$(VERSION)" || { echo "make: CHANGELOG.md's newest entry is [$(CHANGELOG_VERSION)], not the version $(VERSION) (Sources/FeedCore/ToolsetVersion.swift)" >&2; exit 1; }
	@test -n "$(RELEASE_DATE)" || { echo "make: CHANGELOG.md's entry [$(VERSION)] has no date (## [$(VERSION)] - YYYY-MM-DD)" >&2; exit 1; }

# The tarball: `make install PREFIX=` staged under essential-feed-VERSION/,
# directories 0755, every entry owned by root and dated the release's day,
# names sorted, gzip without a name or time stamp.
dist: check-version
	rm -rf "$(STAGE)" "$(DISTDIR)/$(TARBALL)"
	$(MAKE) install DESTDIR="$(STAGE)/essential-feed-$(VERSION)" PREFIX= RUN_PREFIX=/usr/local
	find "$(STAGE)" -type d -exec chmod 0755 {} +
	cd "$(STAGE)" && $(TAR) --create --file=dist.tar --format=gnu --sort=name \
		--owner=root:0 --group=root:0 --mtime="$(RELEASE_DATE) 00:00:00 UTC" \
		"essential-feed-$(VERSION)"
	gzip -9n < "$(STAGE)/dist.tar" > "$(STAGE)/$(TARBALL)"
	mv "$(STAGE)/$(TARBALL)" "$(DISTDIR)/$(TARBALL)"
	rm -rf "$(STAGE)"
	@$(MAKE) -s sums

# The Debian package: `make install PREFIX=/usr` with zsh's completions where
# Debian's zsh looks, made into a package by scripts/make-deb.
deb: check-version
	rm -rf "$(STAGE)" "$(DISTDIR)/$(DEB)"
	$(MAKE) install DESTDIR="$(STAGE)/deb" PREFIX=/usr ZSHCOMPDIR=/usr/share/zsh/vendor-completions
	DPKG_DEB="$(DPKG_DEB)" scripts/make-deb "$(STAGE)/deb" "$(VERSION)" "$(DEB_ARCH)" "$(DEB_MAINTAINER)" "$(STAGE)/$(DEB)"
	mv "$(STAGE)/$(DEB)" "$(DISTDIR)/$(DEB)"
	rm -rf "$(STAGE)"
	@$(MAKE) -s sums

# SHA256SUMS: the packages of VERSION that are in DISTDIR, by file name.
sums:
	cd "$(DISTDIR)" && set -- && \
	for package in "$(TARBALL)" "$(DEB)"; do if [ -f "$$package" ]; then set -- "$$@" "$$package"; fi; done && \
	if [ $$# -eq 0 ]; then echo "make: no package of $(VERSION) in $(DISTDIR) (make dist, make deb)" >&2; exit 1; fi && \
	sha256sum "$$@" > SHA256SUMS.new && mv SHA256SUMS.new SHA256SUMS && cat SHA256SUMS

test:
	$(SWIFT) test

check-docs:
	$(MANDOC) -Tlint -Wwarning $(MAN1) $(MAN7)
