#!/usr/bin/env bash
# A made host class: runs a command beside a noisy neighbour, a process that reads and writes a
# memory area larger than the last-level cache at random (so the command's working sets are evicted
# from L3 and its TLB entries from the shared levels), held to a share of one core by a CPU quota
# (a cgroup of its own; root, cgroup v1 or v2). It is the case of a cloud VM whose neighbour thrashes
# the shared cache: checking a default, a cap or a threshold on it before relying on it is the point.
#
#   tools/neighbour.sh [--mib N] [--cpu SHARE] -- COMMAND...
#
# --mib: the neighbour's memory area (default 64 MiB, twice a 32 MiB L3);
# --cpu: its CPU quota, in cores (default 0.5).
# The memory profile that the command's run writes into env.txt (memory.latencyNs.*) shows the
# class it made, beside a run without the neighbour.
set -euo pipefail

mib=64
cpu=0.5
while (($#)); do
    case "$1" in
        --mib) mib="$2"; shift 2 ;;
        --cpu) cpu="$2"; shift 2 ;;
        --) shift; break ;;
        *) echo "tools/neighbour.sh: unknown option '$1'; usage: tools/neighbour.sh [--mib N] [--cpu SHARE] -- COMMAND..." >&2; exit 2 ;;
    esac
done
if (($# == 0)); then
    echo "tools/neighbour.sh: no command; usage: tools/neighbour.sh [--mib N] [--cpu SHARE] -- COMMAND..." >&2
    exit 2
fi
if ! [[ "$mib" =~ ^[0-9]+$ ]] || ((mib < 1)); then
    echo "tools/neighbour.sh: --mib $mib is not a whole number of MiB (1 or more)" >&2
    exit 2
fi
quota=$(awk -v c="$cpu" 'BEGIN { if (c !~ /^[0-9]*\.?[0-9]+$/ || c <= 0 || c > 64) print -1; else printf "%d", c * 100000 }')
if ((quota < 1000)); then
    echo "tools/neighbour.sh: --cpu $cpu is not a share of cores from 0.01 to 64" >&2
    exit 2
fi
command -v gcc >/dev/null || { echo "tools/neighbour.sh: needs gcc (apt-get install gcc)" >&2; exit 2; }

work=$(mktemp -d)
group=""
neighbour=""
cleanup() {
    [[ -n "$neighbour" ]] && kill "$neighbour" 2>/dev/null && wait "$neighbour" 2>/dev/null || true
    [[ -n "$group" ]] && rmdir "$group" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

cat >"$work/neighbour.c" <<'C'
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
/* Random reads and writes over argv[1] MiB, forever: a dependent chain, so each access misses. */
int main(int argc, char **argv) {
    size_t bytes = (size_t) atol(argv[1]) << 20;
    size_t words = bytes / sizeof(uint64_t);
    uint64_t *area = malloc(bytes);
    if (area == NULL) return 1;
    memset(area, 1, bytes);
    uint64_t x = 88172645463325252ULL, sum = 0;
    for (;;) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        size_t at = (size_t) ((x + sum) % words);
        sum += area[at];
        area[at] = sum;
    }
}
C
gcc -O2 -o "$work/neighbour" "$work/neighbour.c"

if [[ -f /sys/fs/cgroup/cgroup.controllers ]]; then
    group=/sys/fs/cgroup/kvbench-neighbour-$$
    mkdir "$group"
    echo "$quota 100000" >"$group/cpu.max"
else
    group=/sys/fs/cgroup/cpu/kvbench-neighbour-$$
    mkdir "$group"
    echo 100000 >"$group/cpu.cfs_period_us"
    echo "$quota" >"$group/cpu.cfs_quota_us"
fi
"$work/neighbour" "$mib" &
neighbour=$!
echo "$neighbour" >"$group/cgroup.procs"
echo "tools/neighbour.sh: a neighbour thrashing $mib MiB at random, held to $cpu of a core (pid $neighbour), beside: $*"
status=0
"$@" || status=$?
exit "$status"
