#!/usr/bin/env bash
# build.sh [OUT]: compiles cutfs (the power-cut file system) into OUT (default target/cutfs/cutfs)
# when it is missing or older than its source, and prints its path. As root on a Debian-like
# system it installs what it needs (fuse3, libfuse3-dev, gcc, pkg-config) with apt-get, unless
# KVBENCH_NO_INSTALL=1. When it cannot build, one line on stderr says what is missing, exit 3.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
OUT=${1:-$ROOT/target/cutfs/cutfs}
PACKAGES=(fuse3 libfuse3-dev gcc pkg-config)
APT_LOCK_WAIT=300

missing() {
    command -v gcc >/dev/null 2>&1 || { echo gcc; return; }
    command -v pkg-config >/dev/null 2>&1 || { echo pkg-config; return; }
    pkg-config --exists fuse3 2>/dev/null || { echo "libfuse3-dev (fuse3.pc)"; return; }
    command -v fusermount3 >/dev/null 2>&1 || { echo "fusermount3 (package fuse3)"; return; }
    return 0
}

install_packages() {
    [[ ${KVBENCH_NO_INSTALL:-} != 1 && $(id -u) == 0 ]] && command -v apt-get >/dev/null 2>&1 || return 1
    echo "cutfs needs ${PACKAGES[*]}: installing them with apt-get ..." >&2
    local wait=(-o "DPkg::Lock::Timeout=$APT_LOCK_WAIT")
    apt-get "${wait[@]}" update -qq >/dev/null \
        && DEBIAN_FRONTEND=noninteractive apt-get "${wait[@]}" install -y -qq "${PACKAGES[@]}" >/dev/null
}

stale() {
    [[ ! -x $OUT || $HERE/cutfs.c -nt $OUT || ${BASH_SOURCE[0]} -nt $OUT ]]
}

main() {
    if stale; then
        local lack
        lack=$(missing)
        if [[ -n $lack ]] && { ! install_packages || lack=$(missing); [[ -n $lack ]]; }; then
            echo "cutfs cannot be built: $lack is missing (Debian/Ubuntu: sudo apt-get install ${PACKAGES[*]})" >&2
            exit 3
        fi
        mkdir -p "$(dirname "$OUT")"
        # shellcheck disable=SC2046
        gcc -O2 -Wall -Wextra -Wno-format-truncation -o "$OUT.tmp" "$HERE/cutfs.c" $(pkg-config --cflags --libs fuse3) >&2
        mv "$OUT.tmp" "$OUT"
    fi
    echo "$OUT"
}

main
