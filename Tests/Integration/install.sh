#!/usr/bin/env bash
# `make install PREFIX=…` and `make uninstall` as a packager or a user would run them: every
# file lands where desktops look for it, is valid, the installed binary runs without the Swift
# toolchain, and uninstall leaves nothing behind.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install: FAIL: $*" >&2; exit 1; }
prefix="$work/prefix"

make --no-print-directory install PREFIX="$prefix" >"$work/install.log" 2>&1 || { tail -20 "$work/install.log" >&2; fail "make install failed"; }
bash_completion=share/bash-completion/completions/touchcanvas
zsh_completion=share/zsh/site-functions/_touchcanvas
fish_completion=share/fish/vendor_completions.d/touchcanvas.fish
app_id=io.github.touchcanvas.touchcanvas
desktop=share/applications/$app_id.desktop
icon=share/icons/hicolor/scalable/apps/$app_id.svg
for f in bin/touchcanvas "$desktop" "$icon" share/man/man1/touchcanvas.1 \
         share/metainfo/$app_id.metainfo.xml share/doc/touchcanvas/README.md \
         share/icons/hicolor/48x48/apps/$app_id.png share/icons/hicolor/256x256/apps/$app_id.png \
         share/touchcanvas/recordings/ten-fingers.tcrec \
         "$bash_completion" "$zsh_completion" "$fish_completion"; do
  [ -s "$prefix/$f" ] || fail "$f was not installed"
done
[ -x "$prefix/bin/touchcanvas" ] || fail "the binary is not executable"

# The binary runs with a bare environment: no Swift toolchain on any library path.
env -i PATH=/usr/bin:/bin "$prefix/bin/touchcanvas" --help >"$work/help.txt" 2>&1 || fail "the installed binary does not run: $(head -3 "$work/help.txt")"
grep -q "A multitouch canvas" "$work/help.txt" || fail "--help does not say what the app is"
if ldd "$prefix/bin/touchcanvas" | grep -q libswiftCore; then fail "the installed binary needs the Swift runtime"; fi

desktop-file-validate "$prefix/$desktop" || fail "the .desktop file is invalid"
grep -qx "Exec=touchcanvas" "$prefix/$desktop" || fail "the .desktop file does not run touchcanvas"
grep -qx "Icon=$app_id" "$prefix/$desktop" || fail "the .desktop file does not name the icon"
grep -qx "StartupWMClass=touchcanvas" "$prefix/$desktop" || fail "the .desktop file does not match the window's app_id"
python3 -c 'import sys, xml.etree.ElementTree as ET; r = ET.parse(sys.argv[1]).getroot(); sys.exit(0 if r.tag.endswith("svg") else 1)' \
  "$prefix/$icon" || fail "the icon is not an SVG document"

# The manual renders without roff warnings and carries every option of every command.
if LC_ALL=C grep -q '[^[:print:][:space:]]' "$prefix/share/man/man1/touchcanvas.1"; then
  fail "the man page is not plain ASCII: $(LC_ALL=C grep -n '[^[:print:][:space:]]' "$prefix/share/man/man1/touchcanvas.1" | head -2)"
fi
warnings=$(LC_ALL=C.UTF-8 groff -man -ww -z "$prefix/share/man/man1/touchcanvas.1" 2>&1 || true)
[ -z "$warnings" ] || fail "the man page has roff warnings: $warnings"
manual=$(MANWIDTH=100 man -l "$prefix/share/man/man1/touchcanvas.1" 2>/dev/null | col -b)
for command in run check replay demo; do
  for option in $("$prefix/bin/touchcanvas" help $command | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    grep -q -- "$option" <<<"$manual" || fail "the man page does not mention $command $option"
  done
done
grep -q "EXIT STATUS" <<<"$manual" || fail "the man page has no exit status section"
grep -q "touchcanvas $("$prefix/bin/touchcanvas" --version)" "$prefix/share/man/man1/touchcanvas.1" \
  || fail "the man page does not name the binary's version"

# Completions: each is the script its shell loads, and bash's completes as a person would
# (a subcommand, then one of its options); zsh and fish, where installed, parse theirs.
bash -n "$prefix/$bash_completion" || fail "the bash completion does not parse"
completed=$(PATH="$prefix/bin:$PATH" bash -c '
  shopt -s extglob
  source "$1"
  complete_line() {
    COMP_LINE=$1; COMP_POINT=${#COMP_LINE}; read -ra COMP_WORDS <<<"$COMP_LINE"; COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=(); _touchcanvas touchcanvas "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf "%s\n" "${COMPREPLY[@]}"
  }
  complete_line "touchcanvas rep"
  complete_line "touchcanvas check --stuck"
' _ "$prefix/$bash_completion" 2>&1) || fail "the bash completion fails: $completed"
grep -qx replay <<<"$completed" || fail "bash does not complete 'touchcanvas rep' to replay: $completed"
grep -qx -- --stuck-after <<<"$completed" || fail "bash does not complete 'check --stuck': $completed"
head -1 "$prefix/$zsh_completion" | grep -qx "#compdef touchcanvas" || fail "the zsh completion does not declare itself for touchcanvas"
grep -q "^complete -c 'touchcanvas'" "$prefix/$fish_completion" || fail "the fish completion completes nothing for touchcanvas"
if command -v zsh >/dev/null; then zsh -n "$prefix/$zsh_completion" || fail "the zsh completion does not parse"; fi
if command -v fish >/dev/null; then fish --no-execute "$prefix/$fish_completion" || fail "the fish completion does not parse"; fi

make --no-print-directory uninstall PREFIX="$prefix" >/dev/null || fail "make uninstall failed"
left=$(find "$prefix" -type f | head -5)
[ -z "$left" ] || fail "uninstall left files behind: $left"
echo "install: ok (installed, ran, validated, completed and uninstalled under $prefix)"
