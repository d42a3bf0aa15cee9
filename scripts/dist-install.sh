#!/bin/sh
# Installs TouchCanvas from this unpacked tarball into a prefix, or removes it again.
#
#   ./install.sh                      # into ~/.local (bin/touchcanvas, share/…)
#   ./install.sh --prefix /usr/local  # system-wide (as root)
#   ./install.sh --uninstall          # removes exactly the files this tarball installs
#
# The binary needs no Swift: the runtime is linked in. It needs glibc 2.35 or later and the
# Wayland, cairo, xkbcommon and libdecor libraries a Wayland desktop has (see README.md).
# Plain POSIX sh, so it runs wherever the tarball is unpacked.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
prefix="${HOME:-}/.local"
action=install

usage() {
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
}

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 64; }
              prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --uninstall) action=uninstall; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown option '$1'" >&2; usage >&2; exit 64 ;;
  esac
done
case "$prefix" in
  /*) ;;
  "") echo "install.sh: no prefix (HOME is not set): give one with --prefix" >&2; exit 64 ;;
  *) prefix=$(pwd)/$prefix ;;
esac

# Every file the tarball carries under bin/ and share/, relative to the tarball's top.
files() {
  (cd "$here" && find bin share -type f | sort)
}

if [ "$action" = install ]; then
  files | while IFS= read -r f; do
    mode=644
    case "$f" in bin/*) mode=755 ;; esac
    mkdir -p "$prefix/$(dirname "$f")"
    # Copy to a temporary name and rename, so a running touchcanvas is not overwritten in place.
    cp "$here/$f" "$prefix/$f.tmp.$$"
    chmod "$mode" "$prefix/$f.tmp.$$"
    mv -f "$prefix/$f.tmp.$$" "$prefix/$f"
  done
  echo "installed touchcanvas into $prefix"
  case ":${PATH:-}:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH; add it to run touchcanvas by name" ;;
  esac
  if [ "$prefix" = "${HOME:-}/.local" ]; then
    echo "note: zsh finds the completion with fpath+=(~/.local/share/zsh/site-functions) before compinit"
  fi
else
  files | while IFS= read -r f; do
    rm -f "$prefix/$f"
  done
  # The folders that are touchcanvas's alone go too; shared ones (share/man…) stay.
  for d in share/touchcanvas/recordings share/touchcanvas share/doc/touchcanvas; do
    rmdir "$prefix/$d" 2>/dev/null || true
  done
  echo "removed touchcanvas from $prefix"
fi
