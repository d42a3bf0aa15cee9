#!/usr/bin/env bash
# The Debian package and the portable tarball, checked as their users get them:
#
# 1. `make deb`; lintian reports no error and no warning; Depends names only Debian packages;
# 2. `apt-get install ./touchcanvas_….deb`: the version, the default demo (the ten-stroke
#    picture from the installed recording), the manual, the completions, the desktop entry,
#    the icons and the AppStream metadata are where the package put them and valid;
#    `apt-get purge` leaves none of its files behind;
# 3. `make dist`: the tarball runs in place with no Swift anywhere (a bare environment, no
#    libswift in ldd), its install.sh installs into a prefix the same files, and
#    `install.sh --uninstall` removes them all;
# 4. `make docs`: the documentation site builds with warnings as errors.
#
# Needs root (apt-get install) and `scripts/install-deps.sh --test`. It installs the package
# system-wide for the length of the test and purges it at the end, however the test ends; a
# touchcanvas package of another version already installed stops it before it touches anything.
set -euo pipefail
cd "$(dirname "$0")/../.."
top=$(pwd)
work=$(mktemp -d)
installed_by_us=0
cleanup() {
  if [ "$installed_by_us" = 1 ] && dpkg-query -W -f='${Status}' touchcanvas 2>/dev/null | grep -q "install ok"; then
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq touchcanvas >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "package: FAIL: $*" >&2; exit 1; }
say() { echo "package: $*"; }

version=$(make -s --no-print-directory version)
[ -n "$version" ] || fail "the Makefile found no version"
debarch=$(dpkg --print-architecture)
machine=$(uname -m)
app_id=io.github.touchcanvas.touchcanvas

# The one version, everywhere it is written (the binary's is checked once it is built).
changelog_version=$(dpkg-parsechangelog -S Version)
[ "$changelog_version" = "$version-1" ] || fail "debian/changelog says $changelog_version, the app $version"
metainfo_version=$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' "data/$app_id.metainfo.xml" | head -1)
[ "$metainfo_version" = "$version" ] || fail "the metainfo's newest release is $metainfo_version, the app $version"

# The sources of what is installed validate before anything is built.
desktop-file-validate "data/$app_id.desktop" || fail "the desktop entry is invalid"
out=$(appstreamcli validate --pedantic --no-net "data/$app_id.metainfo.xml" 2>&1) \
  || fail "appstreamcli rejects the metainfo: $out"
grep -q '^✔ Validation was successful\.$' <<<"$out" || fail "appstreamcli has remarks on the metainfo: $out"

# 1. The package.
make --no-print-directory deb >"$work/deb.log" 2>&1 || { tail -30 "$work/deb.log" >&2; fail "make deb failed"; }
deb="dist/touchcanvas_${version}-1_${debarch}.deb"
[ -s "$deb" ] || fail "make deb made no $deb"
lint=$(lintian --fail-on error,warning "$deb" 2>&1) || fail "lintian: $lint"
if grep -E '^(E|W): ' <<<"$lint"; then fail "lintian reports errors or warnings"; fi
depends=$(dpkg-deb -f "$deb" Depends)
say "Depends: $depends"
grep -qi swift <<<"$depends" && fail "the package depends on Swift: $depends"
for name in $(tr ',|' '\n\n' <<<"$depends" | sed 's/(.*)//; s/^ *//; s/ *$//' | grep -v '^$'); do
  apt-cache show "$name" >/dev/null 2>&1 || dpkg-query -W "$name" >/dev/null 2>&1 \
    || fail "the package depends on $name, which no Debian source here provides"
done
for lib in libc6 libwayland-client0 libcairo2 libxkbcommon0; do
  grep -q "$lib" <<<"$depends" || fail "Depends does not name $lib, which the binary links"
done

if dpkg-query -W -f='${Status}' touchcanvas 2>/dev/null | grep -q "install ok"; then
  other=$(dpkg-query -W -f='${Version}' touchcanvas)
  [ "$other" = "$version-1" ] || fail "touchcanvas $other is installed on this machine; remove it to run this test"
fi
installed_by_us=1
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "./$deb" >"$work/apt.log" 2>&1 \
  || { tail -20 "$work/apt.log" >&2; fail "apt-get install ./$deb failed"; }

# Checks the files an installation under $1 (the prefix) carries: valid, and the app runs.
check_installation() {
  local prefix=$1 bin=$2 label=$3
  local v
  v=$(env -i PATH=/usr/bin:/bin "$bin" --version) || fail "$label: touchcanvas --version fails"
  [ "$v" = "$version" ] || fail "$label: touchcanvas --version says $v, the package $version"
  for f in "share/applications/$app_id.desktop" "share/metainfo/$app_id.metainfo.xml" \
           "share/icons/hicolor/scalable/apps/$app_id.svg" \
           share/bash-completion/completions/touchcanvas share/zsh/site-functions/_touchcanvas \
           share/fish/vendor_completions.d/touchcanvas.fish \
           share/touchcanvas/recordings/ten-fingers.tcrec; do
    [ -s "$prefix/$f" ] || fail "$label: $prefix/$f is missing"
  done
  for size in 48 128 256; do
    local png="$prefix/share/icons/hicolor/${size}x${size}/apps/$app_id.png"
    [ -s "$png" ] || fail "$label: no ${size} px icon"
    python3 - "$png" "$size" <<'PY' || fail "$label: the ${size} px icon is not a ${size}×${size} PNG"
import struct, sys
data = open(sys.argv[1], "rb").read(24)
size = int(sys.argv[2])
sys.exit(0 if data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (size, size) else 1)
PY
  done
  desktop-file-validate "$prefix/share/applications/$app_id.desktop" || fail "$label: the installed desktop entry is invalid"
  local out
  out=$(appstreamcli validate --pedantic --no-net "$prefix/share/metainfo/$app_id.metainfo.xml" 2>&1) \
    || fail "$label: the installed metainfo is invalid: $out"
  bash -n "$prefix/share/bash-completion/completions/touchcanvas" || fail "$label: the bash completion does not parse"
  head -1 "$prefix/share/bash-completion/completions/touchcanvas" | grep -q '^#!' \
    && fail "$label: the bash completion starts with #!, though it is sourced"
  # `touchcanvas demo` with no arguments plays the installed ten-finger recording.
  local run="$work/demo-$label"
  mkdir -p "$run"
  (cd "$run" && env -i PATH=/usr/bin:/bin "$bin" demo) >"$run/log" 2>&1 || fail "$label: touchcanvas demo failed: $(cat "$run/log")"
  grep -q "playing $prefix/share/touchcanvas/recordings/ten-fingers.tcrec" "$run/log" \
    || fail "$label: the demo did not play the installed recording: $(cat "$run/log")"
  strokes=$(Tests/Packaging/ten-strokes.py "$run/touchcanvas-demo.png") \
    || fail "$label: the demo's picture is not the ten strokes ($strokes runs of ink)"
  if ldd "$bin" | grep -qi libswift; then fail "$label: the binary needs the Swift runtime: $(ldd "$bin" | grep -i swift)"; fi
  say "$label: version $v, demo drew ten strokes, files valid"
}

check_installation /usr /usr/bin/touchcanvas deb
man -w touchcanvas >/dev/null 2>&1 || fail "deb: man -w touchcanvas finds no page"
[ "$(man -w touchcanvas)" = /usr/share/man/man1/touchcanvas.1.gz ] || fail "deb: man finds $(man -w touchcanvas)"
[ "$(dpkg-query -W -f='${Version}' touchcanvas)" = "$version-1" ] || fail "deb: dpkg has another version installed"
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$work/deb-files"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq touchcanvas >"$work/purge.log" 2>&1 || fail "apt-get purge failed: $(tail -5 "$work/purge.log")"
installed_by_us=0
left=""
while IFS= read -r f; do
  [ "$f" = / ] && continue
  case "$f" in
    */) d=${f%/}; case "$d" in /usr/share/touchcanvas*|/usr/share/doc/touchcanvas) [ -e "$d" ] && left="$left $d";; esac ;;
    *) [ -e "$f" ] && left="$left $f" ;;
  esac
done <"$work/deb-files"
[ -z "$left" ] || fail "apt-get purge left behind:$left"
say "deb: installed, checked and purged; nothing left behind"

# 2. The tarball.
make --no-print-directory dist >"$work/dist.log" 2>&1 || { tail -30 "$work/dist.log" >&2; fail "make dist failed"; }
tarball="dist/touchcanvas-$version-linux-$machine.tar.gz"
[ -s "$tarball" ] || fail "make dist made no $tarball"
mkdir -p "$work/unpacked"
tar -C "$work/unpacked" -xzf "$tarball"
unpacked="$work/unpacked/touchcanvas-$version-linux-$machine"
[ -x "$unpacked/install.sh" ] || fail "the tarball has no install.sh"
check_installation "$unpacked" "$unpacked/bin/touchcanvas" tarball
prefix="$work/prefix with space"
(cd "$unpacked" && ./install.sh --prefix "$prefix") >"$work/install.log" 2>&1 || fail "install.sh failed: $(cat "$work/install.log")"
check_installation "$prefix" "$prefix/bin/touchcanvas" install.sh
[ -s "$prefix/share/man/man1/touchcanvas.1" ] || fail "install.sh: no manual page"
MANPATH="$prefix/share/man" man -w touchcanvas >/dev/null 2>&1 || fail "install.sh: man finds no page under the prefix"
(cd "$work" && "$unpacked/install.sh" --prefix "$prefix" --uninstall) >/dev/null || fail "install.sh --uninstall failed"
left=$(find "$prefix" -type f | head -5)
[ -z "$left" ] || fail "install.sh --uninstall left files behind: $left"
[ -e "$prefix/share/touchcanvas" ] && fail "install.sh --uninstall left $prefix/share/touchcanvas"
say "tarball: runs in place without Swift, install.sh installs and uninstalls cleanly"
say "sizes: $(du -k "$deb" | cut -f1) KiB package, $(du -k "$tarball" | cut -f1) KiB tarball"

# The newest glibc symbol version the binary needs, which the README names.
glibc=$(objdump -T "$unpacked/bin/touchcanvas" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
[ "$glibc" = GLIBC_2.35 ] || fail "the binary now needs $glibc; the README says glibc 2.35"

# 3. The documentation site.
rm -rf .build/docs
make --no-print-directory docs >"$work/docs.log" 2>&1 || { tail -30 "$work/docs.log" >&2; fail "make docs failed"; }
for module in touchkit rendering wayland; do
  [ -s ".build/docs/$module/index.html" ] || fail "make docs wrote no .build/docs/$module/index.html"
done
say "docs: built with warnings as errors"
say "ok"
