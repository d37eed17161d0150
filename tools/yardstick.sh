#!/bin/sh
# make yardsticks: gf2x built for this CPU from Debian's source package, timed beside the
# big-nimber and GF(2)[x] products (tools/yardstick.cpp); Debian's generic gf2x binary is an
# extra row when installed (libgf2x3). Needs the network (apt) and, the first time, root for
# the deb-src line and apt-get update. Never part of `make test`.
#   sh tools/yardstick.sh BUILD_DIR [JOBS] [nimber_yardstick options]
set -e
build=${1:?usage: tools/yardstick.sh BUILD_DIR [JOBS] [options]}
jobs=${2:-2}
shift; [ $# -gt 0 ] && shift
dir=$build/yardsticks
tool=$build/tools/nimber_yardstick
[ -x "$tool" ] || { echo "yardstick: $tool is missing (build the nimber_yardstick target)"; exit 1; }

if ! ls "$dir"/gf2x-*/configure >/dev/null 2>&1; then
  if ! grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    [ "$(id -u)" = 0 ] || { echo "yardstick: no deb-src line in /etc/apt (run as root to add one)"; exit 1; }
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      > /etc/apt/sources.list.d/nimber-deb-src.sources
  fi
  [ "$(id -u)" = 0 ] && apt-get update -qq
  mkdir -p "$dir"
  (cd "$dir" && apt-get source -qq gf2x)
fi
src=$(ls -d "$dir"/gf2x-*/ | head -n 1)
if [ ! -f "$src/.libs/libgf2x.so" ]; then
  echo "yardstick: building $src with -O3 -march=native"
  (cd "$src" && ./configure -q CFLAGS="-O3 -march=native" >/dev/null && make -j"$jobs" >/dev/null)
fi

set -- --gf2x "gf2x built for this CPU=$src/.libs/libgf2x.so" "$@"
generic=$(ls /usr/lib/*/libgf2x.so.* 2>/dev/null | head -n 1)
[ -n "$generic" ] && set -- "$@" --gf2x "gf2x, Debian's generic x86-64 binary=$generic"
"$tool" "$@"
