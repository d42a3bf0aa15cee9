#!/usr/bin/env bash
# Installs the Debian packages TouchCanvas builds (and, with --test, tests) with, skipping what
# is present.
# As root it runs apt-get; otherwise it prints the exact command and fails, so nothing is
# silently missing.
set -euo pipefail

packages=(
  pkg-config
  libwayland-dev      # wayland-client, wayland-server, wayland-cursor
  libwayland-bin      # wayland-scanner's wayland.xml
  wayland-protocols   # xdg-shell, viewporter, presentation-time, fractional-scale, …
  libxkbcommon-dev
  libcairo2-dev
  libdecor-0-dev                # libdecor's frame, for --decorations libdecor
  libdecor-0-plugin-1-cairo     # libdecor's drawing plugin; without it libdecor cannot frame
  librsvg2-bin                  # rsvg-convert: the icon's PNG sizes, for make install
)
# `--package`: what `make deb` builds the Debian package with, and what checks it and the
# AppStream metadata (`--test` includes these, as `make test` builds and checks the package).
package_tools=(dpkg-dev debhelper lintian appstream desktop-file-utils man-db)
if [ "${1:-}" = "--package" ]; then
  packages+=("${package_tools[@]}")
fi
# `--test`: what the integration tests run against as well.
if [ "${1:-}" = "--test" ]; then
  packages+=("${package_tools[@]}")
  packages+=(
    weston python3
    libweston-10-dev gcc                              # the Weston test builds its control module
    mutter pipewire wireplumber dbus libglib2.0-bin   # GNOME: headless Mutter, RemoteDesktop via gdbus
    sway grim                                         # Sway headless and its screenshots
    kwin-wayland                                      # KDE: headless KWin with fake_input
    adwaita-icon-theme                                # a cursor theme for the cursor tests
    desktop-file-utils man-db groff-base bsdextrautils  # make install's .desktop file and man page
  )
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "touchcanvas needs: ${missing[*]}" >&2
  echo "run as root: apt-get update && $cmd" >&2
  exit 1
fi
echo "installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
$cmd
