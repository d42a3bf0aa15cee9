#!/usr/bin/env bash
# Writes touchcanvas(1) to stdout from the binary's own --help texts, so the manual can never
# disagree with the program: the sections around them (name, environment, files, exit status)
# are written here; each subcommand's help is included as the program prints it.
#   scripts/make-manpage.sh .build/release/touchcanvas > touchcanvas.1
set -euo pipefail
bin=${1:?usage: make-manpage.sh path/to/touchcanvas}
# The binary says its own version, so the page names the build it describes.
version=$("$bin" --version)

# roff treats a backslash as an escape and a leading . or ' as a request.
# Typographic characters become roff's named glyphs, so the page is plain ASCII for any troff.
escape() {
  sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/" -e 's/^-/\\-/' \
      -e 's/–/\\(en/g' -e 's/—/\\(em/g' -e 's/×/\\(mu/g' -e 's/…/.../g' -e 's/→/\\(->/g'
}
helptext() { "$bin" help "$@" | escape; }

cat <<HEADER
.TH TOUCHCANVAS 1 "" "touchcanvas $version" "User Commands"
.SH NAME
touchcanvas \\- a multitouch canvas and touch diagnostic for Wayland
.SH SYNOPSIS
.B touchcanvas
.RB [ run ]
.RI [ options ]
.br
.B touchcanvas check
.RI [ step ...| \-\-all ]
.RI [ options ]
.br
.B touchcanvas report
.RI [ options ]
.br
.B touchcanvas replay
.I file.tcrec
.RI [ options ]
.br
.B touchcanvas demo
.RI [ options ]
.SH DESCRIPTION
TouchCanvas is a native Wayland client that turns
.B wl_touch
and
.B wl_pointer
events into touches with phases (began, moved, stationary, ended, cancelled), as UIKit does,
and draws spots under the fingers and strokes behind them.
It shows how a compositor delivers touch, above all how it cancels touches taken by a
system gesture.
.PP
What follows is each command's own help, as
.B touchcanvas help
.I command
prints it.
HEADER

for command in "" run check report replay demo; do
  if [ -z "$command" ]; then echo ".SH COMMANDS"; else echo ".SS touchcanvas $command"; fi
  echo ".nf"
  # shellcheck disable=SC2086
  helptext $command
  echo ".fi"
done

cat <<'FOOTER'
.SH ENVIRONMENT
.TP
.B WAYLAND_DISPLAY, XDG_RUNTIME_DIR
Where the compositor's socket is, as for every Wayland client.
.TP
.B XCURSOR_THEME, XCURSOR_SIZE
The cursor theme and size for the crosshair shown over the window's content (scaled for HiDPI outputs).
.SH FILES
.TP
.I $XDG_PICTURES_DIR
Where the
.B s
key saves PNG and SVG pictures; else the pictures folder named in
.I ${XDG_CONFIG_HOME:-~/.config}/user-dirs.dirs ,
else ~/Pictures when it exists, else the working folder.
.SH EXIT STATUS
0 on a normal quit (q, Esc, the close button, SIGINT or SIGTERM);
1 when the app cannot start or loses its compositor;
2 when a recording cannot be read;
64 for a bad command line.
.B touchcanvas check
exits 0 when no step failed (the compositor behaved), 1 when one did, and 2 when the check could
not run (no compositor, or every step skipped).
.B touchcanvas report
exits 0 when the report was written, 1 when it could not be written, and 2 when no compositor
could be reached.
.SH SEE ALSO
The README, docs/recording-format.md and docs/report-format.md in the source tree.
FOOTER
