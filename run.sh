#!/usr/bin/env bash
# run.sh [SUITE] [JMH options...]: runs a benchmark suite into results/<YYYYMMDD>-<SUITE>/ (one JMH
# run per test: out-N.csv, out-N.txt, out-N.side.jsonl, out-N.meta, plus env.txt), then turns it
# into charts and a report with process.sh.
#
#   smoke    every engine, every workload, tiny data: checks that everything works (CI runs it)
#   quick    every engine x the six workloads, int keys, sequential and random, 100 B values (default); one
#            binding per engine: lmdb-bb, lmdb-lwjgl, lmdbjni and leveldb-java are left to bindings
#   bindings quick's tests for lmdb beside its other bindings (lmdb-bb, lmdb-lwjgl, lmdbjni) and leveldb beside
#            leveldb-java
#   report   tests 1-6 of the 2016 LmdbJava report, then the deep-vs-flat directories test (the fs store at
#            depths 0-5), interleaved as quick, entry counts scaled to 20 MB per store (KVBENCH_BUDGET); about
#            an hour
#   depths   the deep-vs-flat directories test in the work folder and in the disk folder (an hour or more on a
#            virtual disk)
#   app      readWhileWriting, prefixScan, readKey by reader threads, dirWalk (about 15 minutes on 2 cores)
#   crash    the crash test alone: kill -9 of a writer, reopen, acknowledged entries lost (-p reps=20), on the
#            work folder and on the disk folder
#   powercut the power-cut test alone: kill -9 of a writer, then a simulated power cut on cutfs (a FUSE file
#            system that drops what was not synced), reopen, acknowledged entries lost (-p reps=20); needs Linux
#            with /dev/fuse and root (it builds cutfs with gcc and libfuse3, installing them with apt-get when
#            root unless KVBENCH_NO_INSTALL=1)
#   amp      write and space amplification on a disk folder (KVBENCH_DISK_DIR, which must be set and not tmpfs):
#            bytes the disk was asked to write per byte of keys and values, for a load and 10x random
#            overwrites, and the store's size after each (-p num=50000)
#   ycsb     YCSB's core workloads A-F on every engine: 200,000 records loaded in commits of 1,000, then the run
#            phase by 1 client thread in interleaved turns until the ranking is decided
#   ycsb-peer YCSB 0.17.0's own client beside kvbench's on A-F: its RocksDB binding beside kvbench's rocksdb,
#            its BasicDB beside the null store (each client's cost); 100,000 records and operations, 2 threads,
#            about 10 minutes; needs KVBENCH_YCSB (docs/your-own-workload.md, "Side by side with YCSB itself")
#   workload FILE [-p name=value ...]: one YCSB workload file (or workloada..workloadf), e.g.
#            ./run.sh workload workloada -p recordcount=100000 -p store=lmdb,rocksdb
#   upgrade  variants of an engine side by side, interleaved: quick's two tests and YCSB's A-F on the stores
#            given, e.g. ./run.sh upgrade -p store=rocksdb@10.10.1.1,rocksdb (a library version), -p jvm=17,25
#            (every engine on both JDKs), -p store=mvstore:collector=G1,mvstore:collector=ZGC (collectors);
#            docs/upgrade.md
#   scale    cost per entry from 10^4 to 10^8 entries (as the work folder holds), every engine; hours
#            (docs/scale.md); then the same beyond memory (the part below)
#   beyond   10^7 and 10^8 entries on a disk folder (KVBENCH_DISK_DIR), the forks' memory held to a quarter of
#            the data by a memory control group (root); warm and cold-cache readKey (docs/scale.md)
#
# Options after SUITE go to JMH and replace the suite's own setting of the same option:
#   ./run.sh quick -p num=50000 -p store=lmdb,rocksdb -f 2
# Running a suite again resumes it (tests whose output is complete are skipped), but only a folder this
# machine started at this commit and did not finish: a finished or published folder is left as it is and
# the run writes results/<YYYYMMDD>-<SUITE>-2 (and says so).
#
# --shard i/n  runs this machine's share of the suite: tests i, i+n, i+2n... (1-based; a test is never
#              split) into results/<YYYYMMDD>-<SUITE>-shard<i>of<n>/; ./process.sh --merge OUT SHARD...
#              makes one report of the shards' folders (docs/sharding.md):  ./run.sh report --shard 1/3
# --tests LIST runs only these tests, numbered as the dry run lists them (1-4, 2, 1,3 or 1-2,5), each keeping
#              its number, into results/<YYYYMMDD>-<SUITE>-tests<LIST>/ (1-2,5 as tests1-2+5); not with --shard.
#              Merged like shards:  ./run.sh scale --tests 1-4  (the in-memory part of scale, docs/scale.md)
# Exit status: 0 every run passed, 1 a run failed, 2 a mistake in the command line or setup.
#
# Environment:
#   KVBENCH_DIR      work folder for the stores (default /dev/shm/kvbench; $TMPDIR/kvbench without /dev/shm)
#   KVBENCH_DISK_DIR folder on a disk for the depths and crash suites' disk tests (default /var/tmp/kvbench); the amp
#                    suite runs only where it is set, on a disk file system
#   KVBENCH_RESULTS  results folder (default results/<YYYYMMDD>-<SUITE>, or the suite's unfinished one)
#   KVBENCH_BUDGET   flat data per store for the report suite, e.g. 2G (default: 20M, or a quarter of the smaller
#                    of available memory and free space in the work folder where that is less)
#   KVBENCH_ROUNDS   rounds per test in place of the suite's, e.g. 3, or 2-4 (at least 2, a third and fourth for the
#                    runs still wider than +-5%); quick and bindings run 2-3; every engine once per round, shuffled
#   KVBENCH_DRY_RUN  when 1, print each test's JMH command and a rough estimate of the time, and stop
#   KVBENCH_YCSB     the folder ../shared/peer/ycsb.sh build wrote (YCSB 0.17.0's client), for ycsb-peer
#   KVBENCH_NO_INSTALL  when 1, never install anything (gnuplot, cutfs's fuse3 libfuse3-dev gcc pkg-config); CI and tests set it
#   KVBENCH_CLASSPATH   class path to run instead of target/benchmarks.jar (tests; no build)
#   JAVA_HOME        the JDK to run (default: the first java on PATH); one without bin/java is refused (exit 2)
#
#   ./run.sh --help (or -h) prints this text and does nothing else.
#   ./run.sh --clean removes the stores that killed runs left in the work and disk folders, says what it removed,
#   and runs nothing (every run's start removes them too).
#
# This script only prepares the machine: a JDK 17+, target/benchmarks.jar, gnuplot. The suites,
# planning, progress and resume are Java: dev.kvbench.suite.SuiteMain.
set -euo pipefail

# shellcheck source=process.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/process.sh"

JAVA=java

# A mistake in the setup (no suitable JDK): one line, exit status 2, nothing written.
setup_error() {
    echo "$(basename "$0"): $*" >&2
    exit 2
}

# The major version of the java command $1, or nothing when it cannot be read.
java_major() {
    local version major
    version=$("$1" -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -1)
    major=${version%%.*}
    [[ $major == 1 ]] && major=$(echo "$version" | cut -d. -f2)
    [[ $major =~ ^[0-9]+$ ]] && echo "$major"
    return 0
}

# A JDK 17 or newer: JAVA_HOME's when set, else the first java on PATH; javac too when the jar needs building.
find_java() {
    if [[ -n ${JAVA_HOME:-} ]]; then
        # A JAVA_HOME without a java is a mistake, not a hint: the java on PATH may be another version.
        [[ -x $JAVA_HOME/bin/java ]] \
            || setup_error "JAVA_HOME=$JAVA_HOME has no bin/java: set JAVA_HOME to a JDK 17 or newer, or unset it to use the java on PATH"
        JAVA=$JAVA_HOME/bin/java
        export PATH="$JAVA_HOME/bin:$PATH"
    fi
    command -v "$JAVA" >/dev/null 2>&1 \
        || setup_error "java not found: install a JDK 17 or newer (Debian/Ubuntu: sudo apt-get install openjdk-17-jdk-headless) and run ./run.sh again"
    local major
    major=$(java_major "$JAVA")
    [[ -n $major ]] || setup_error "cannot read the Java version from '$JAVA -version'; install a JDK 17 or newer"
    if ((major < 17)); then
        [[ -z ${JAVA_HOME:-} ]] \
            || setup_error "JAVA_HOME=$JAVA_HOME is a Java $major; kvbench needs 17 or newer: set JAVA_HOME to a JDK 17 or newer, or unset it to use the java on PATH"
        setup_error "java ($(command -v "$JAVA")) is version $major; kvbench needs 17 or newer: install one and put it first on PATH (or set JAVA_HOME to it)"
    fi
    if [[ -z ${KVBENCH_CLASSPATH:-} ]] && jar_is_stale; then
        command -v javac >/dev/null 2>&1 \
            || setup_error "building needs a JDK, but only a JRE was found (no javac): install a JDK 17 or newer (e.g. openjdk-17-jdk-headless)"
    fi
}

# Seconds apt-get waits for another apt/dpkg that holds its lock (unattended upgrades) before giving up.
APT_LOCK_WAIT=300

# This file's opening comment, without the '# ' and the shebang: the usage text. Its lines of suites are the suite
# registry's, dev.kvbench.suite.Suites: SuitesTest fails when they differ, and rewrites them with -Dkvbench.writeDocs=true.
# Where a JVM and the jar (or KVBENCH_CLASSPATH) are there, the registry itself lists them in their place, with the
# suites the workload families on the class path bring; a fresh clone without a jar gets the comment's list.
print_usage() {
    local suites
    suites=$(registry_suites 2>/dev/null) || suites=""
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//' | awk -v suites="$suites" '
        state == 0 { print; if ($0 == "into charts and a report with process.sh.") state = 1; next }
        state == 1 { print; state = 2; next }
        state == 2 && $0 == "" { if (suites != "") print suites; print; state = 3; next }
        state == 2 { if (suites == "") print; next }
        { print }'
}

# The registered suites' lines of the usage, from dev.kvbench.suite.Suites; fails without a JVM or a jar.
registry_suites() {
    local java=java classpath=${KVBENCH_CLASSPATH:-$JAR}
    [[ -n ${JAVA_HOME:-} ]] && java=$JAVA_HOME/bin/java
    [[ -n ${KVBENCH_CLASSPATH:-} || -r $JAR ]] && command -v "$java" >/dev/null 2>&1 || return 1
    "$java" -Xlog:disable -Xlog:all=warning:stderr -cp "$classpath" dev.kvbench.suite.Suites
}

# gnuplot draws the charts; without it the report still has its tables.
check_gnuplot() {
    have_gnuplot && return 0
    if [[ ${KVBENCH_NO_INSTALL:-} != 1 && $(id -u) == 0 ]] && command -v apt-get >/dev/null 2>&1; then
        echo "gnuplot is missing: installing gnuplot-nox with apt-get (running as root on a Debian-like system; waiting up to ${APT_LOCK_WAIT} s for another apt to finish) ..."
        local wait=(-o "DPkg::Lock::Timeout=$APT_LOCK_WAIT")
        if apt-get "${wait[@]}" update -qq >/dev/null \
            && DEBIAN_FRONTEND=noninteractive apt-get "${wait[@]}" install -y -qq gnuplot-nox >/dev/null; then
            echo "installed gnuplot-nox"
            return 0
        fi
        warn "could not install gnuplot-nox with apt-get"
    fi
    warn "gnuplot is not installed: the report will have tables but no charts. Install it (Debian/Ubuntu: sudo apt-get install gnuplot-nox, macOS: brew install gnuplot), then run ./process.sh on the results folder"
}

# Hands over to the suite runner, in a JVM with the benchmarks' flags; it runs process.sh at the end.
run_suite() {
    local flags classpath=${KVBENCH_CLASSPATH:-$JAR}
    # The JVM's own warnings (e.g. another process holding this pid's /tmp/hsperfdata file) go to stderr, not into the flags.
    read -ra flags <<<"$("$JAVA" -Xlog:disable -Xlog:all=warning:stderr -cp "$classpath" dev.kvbench.report.tool.EnvJavaSide --jvm-flags)"
    # the 1-minute load before this command built the jar: the load at the start is then mostly the build's own
    [[ -z $LOAD_BEFORE_BUILD ]] || flags+=("-Dkvbench.loadBeforeBuild=$LOAD_BEFORE_BUILD")
    exec "$JAVA" "${flags[@]}" -Dkvbench.root="$ROOT" -cp "$classpath" dev.kvbench.suite.SuiteMain "$@"
}

LOAD_BEFORE_BUILD=""

main() {
    local arg
    for arg in "$@"; do
        if [[ $arg == -h || $arg == --help || ( $arg == help && $1 == help ) ]]; then
            print_usage
            exit 0
        fi
    done
    find_java
    [[ ${KVBENCH_DRY_RUN:-} == 1 ]] || check_gnuplot
    if [[ -z ${KVBENCH_CLASSPATH:-} ]]; then
        if jar_is_stale && [[ -r /proc/loadavg ]]; then
            read -r LOAD_BEFORE_BUILD _ </proc/loadavg
        fi
        ensure_jar
    fi
    run_suite "$@"
}

main "$@"
