#!/usr/bin/env bash
# process.sh DIR: turns a results folder written by run.sh into its report, next to the raw files:
# one .dat (numbers), .gp (gnuplot script, from the templates in gnuplot/) and .png per chart, and
# README.md. Works on the partial folder of an interrupted suite; stops with one line saying what
# to do on a folder that holds no results. Without gnuplot it still writes README.md and the data.
#
#   ./process.sh results/20250101-quick
#   ./process.sh --index                 rewrites results/README.md, the index of the published runs
#   ./process.sh --compare A B [--out DIR] [--any-host] [--threshold PCT]
#                                        B against A: the significant differences, into compare-A-vs-B/
#                                        beside B (refuses runs of different hosts unless --any-host)
#   ./process.sh --merge OUT SHARD...    one report from the folders of ./run.sh SUITE --shard i/n
#                                        (one per machine) or --tests LIST, each test with its own machine
#
# KVBENCH_CLASSPATH: class path of the report generator, instead of target/benchmarks.jar.
#
# run.sh sources this file for its helpers (die, warn, ensure_jar); main runs only when executed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
JAR="$ROOT/target/benchmarks.jar"

die() {
    echo "$(basename "$0"): $*" >&2
    exit 1
}

warn() {
    echo "$(basename "$0"): warning: $*" >&2
}

# The jar is stale when missing or older than pom.xml or any main source or resource.
jar_is_stale() {
    [[ ! -f $JAR ]] || [[ -n $(find "$ROOT/pom.xml" "$ROOT/src/main" -newer "$JAR" -print -quit) ]]
}

# Maven's log of the last build ensure_jar ran.
BUILD_LOG="$ROOT/target/build.log"

# Builds the jar when stale, its output into BUILD_LOG; a failed build prints its findings (build_findings).
# Not -q: it hides the compiler's warnings, and with -Werror an Error Prone finding is a warning, so only
# "warnings found and -Werror specified" would show.
ensure_jar() {
    if jar_is_stale; then
        echo "building target/benchmarks.jar (./mvnw -B package -DskipTests, its log in target/build.log) ..."
        mkdir -p "$(dirname "$BUILD_LOG")"
        if ! (cd "$ROOT" && ./mvnw -B package -DskipTests) >"$BUILD_LOG" 2>&1; then
            build_findings "$BUILD_LOG" >&2
            die "the build failed (above: its findings; its whole log: target/build.log); fix it, then run this command again"
        fi
    fi
}

# The lines of Maven's log $1 that say why a build failed: each finding of the compiler (javac, Error Prone) once,
# with the lines that follow it (Error Prone's link and suggested fix), and Maven's errors (a checkstyle or layout
# violation), without its advice on rerunning Maven.
build_findings() {
    awk '
        /^\[(ERROR|WARNING)\] .*\.java:\[[0-9]+,[0-9]+\]/ { finding = !seen[$0]++; if (finding) print; next }
        /^\[/ { finding = 0 }
        finding { print; next }
        /^\[ERROR\]/ && !/^\[ERROR\] *$|-> \[Help|\[Help 1\]|-e switch|-X switch|For more information/ { print }
    ' "$1"
}

have_gnuplot() {
    command -v gnuplot >/dev/null 2>&1
}

usage() {
    echo "usage: ./process.sh DIR   (DIR: a results folder written by ./run.sh, e.g. results/$(date +%Y%m%d)-quick)" >&2
    exit 2
}

check_results() {
    local dir=$1
    [[ -d $dir ]] || die "$dir is not a folder; give a results folder written by ./run.sh, e.g. results/$(date +%Y%m%d)-quick"
    compgen -G "$dir/out-*.csv" >/dev/null || compgen -G "$dir/out-*.side.jsonl" >/dev/null \
        || die "$dir has no results (no out-N.csv or out-N.side.jsonl): run ./run.sh SUITE first, then ./process.sh on the folder it names"
}

# The report is written into a hidden folder beside the old one and swapped in only when it is
# complete: a failure leaves the previous README.md and its charts as they were.
staging_dir() {
    echo "$1/.report-new"
}

write_report() {
    local dir=$1 to=$2 classpath=${KVBENCH_CLASSPATH:-}
    local options=(--out "$to" --templates "$ROOT/gnuplot")
    if [[ -z $classpath ]]; then
        ensure_jar
        classpath=$JAR
    fi
    have_gnuplot || options+=(--no-png)
    java "${TOOL_JVM_FLAGS[@]}" -cp "$classpath" dev.kvbench.report.tool.Report "$dir" "${options[@]}"
}

# Renders every chart script in $1; a chart gnuplot cannot draw (or draws empty) is left out with
# a warning, so one bad chart never costs the rest of the report.
render_charts() {
    local dir=$1 script png count=0 failed=0
    for script in "$dir"/*.gp; do
        [[ -e $script ]] || continue
        png=${script%.gp}.png
        if (cd "$dir" && gnuplot "$(basename "$script")") && [[ -s $png ]]; then
            count=$((count + 1))
        else
            rm -f "$png"
            failed=$((failed + 1))
            warn "gnuplot could not draw $(basename "$png") (see above); the report keeps its table"
        fi
    done
    echo "rendered $count charts$( ((failed == 0)) || echo ", $failed could not be drawn")"
}

# Replaces the previous report and charts in $1 with the complete new ones in $2.
swap_in() {
    local dir=$1 new=$2
    rm -f "$dir"/*.png "$dir"/*.gp "$dir"/*.dat
    mv -f "$new"/* "$dir"/ || die "could not move the new report from $new into $dir"
    rmdir "$new"
}

# The Java class path of the report tools: KVBENCH_CLASSPATH, else the jar (built when stale).
# The tools read the engines' own notes, and constructing LevelDB's JNI engine loads its native library:
# JDK 24 and later warn on standard error at that, ahead of the tool's own one-line message, unless the
# class path may call native code. JDK 17 accepts the flag as well.
TOOL_JVM_FLAGS=(--enable-native-access=ALL-UNNAMED)

tools_classpath() {
    if [[ -n ${KVBENCH_CLASSPATH:-} ]]; then
        echo "$KVBENCH_CLASSPATH"
    else
        ensure_jar >&2
        echo "$JAR"
    fi
}

# --index [RESULTS]: rewrites RESULTS/README.md (default results/), one line per published run.
write_index() {
    (($# <= 1)) || usage
    java "${TOOL_JVM_FLAGS[@]}" -cp "$(tools_classpath)" dev.kvbench.report.tool.ResultsIndex "${1:-$ROOT/results}"
}

# --compare A B [options]: B against A into a folder of its own; the Java side checks the folders.
write_comparison() {
    local options=(--templates "$ROOT/gnuplot") out status=0
    have_gnuplot || options+=(--no-png)
    out=$(java "${TOOL_JVM_FLAGS[@]}" -cp "$(tools_classpath)" dev.kvbench.report.tool.Compare "$@" "${options[@]}") || status=$?
    ((status == 0)) || exit "$status"
    out=${out#comparison: }
    if have_gnuplot; then
        render_charts "$(dirname "$out")"
    fi
    echo "comparison: $out"
}

# --merge OUT SHARD...: the shards' tests into OUT (the Java side checks them), then OUT's report.
merge_shards() {
    (($# >= 1)) || usage
    java "${TOOL_JVM_FLAGS[@]}" -cp "$(tools_classpath)" dev.kvbench.report.tool.Merge "$@"
    report_folder "$1"
}

main() {
    case ${1:-} in
        --index) shift; write_index "$@"; return ;;
        --compare) shift; write_comparison "$@"; return ;;
        --merge) shift; merge_shards "$@"; return ;;
    esac
    [[ $# -eq 1 && $1 != -* ]] || usage
    report_folder "$1"
}

# The report of one results folder, written beside a copy of the old one and swapped in when complete.
report_folder() {
    local dir=${1%/} new
    check_results "$dir"
    new=$(staging_dir "$dir")
    rm -rf "$new"
    mkdir "$new" 2>/dev/null || die "cannot write in $dir (read-only or no permission): the report is written beside the results"
    trap 'interrupted "$dir" "$new" 130' INT
    trap 'interrupted "$dir" "$new" 143' TERM
    local status=0
    write_report "$dir" "$new" || status=$?
    if ((status != 0)); then
        rm -rf "$new"
        echo "$(basename "$0"): the report of $dir could not be written (see above); the previous report, if any, is unchanged" >&2
        exit "$status"
    fi
    if have_gnuplot; then
        render_charts "$new"
    else
        warn "gnuplot is not installed, so there are tables but no charts; install it (Debian/Ubuntu: sudo apt-get install gnuplot-nox, macOS: brew install gnuplot) and run ./process.sh $dir again"
    fi
    trap - INT TERM # the swap is quick, and an interrupt in it could not say the old report is unchanged
    swap_in "$dir" "$new"
    echo "report: $dir/README.md"
}

# An interrupt (Ctrl-C, SIGTERM) while the report of $1 is written into $2: the half-written one removed, the old kept.
interrupted() {
    local dir=$1 new=$2 status=$3
    rm -rf "$new"
    echo "$(basename "$0"): interrupted: the report of $dir was not written; the previous report, if any, is unchanged;" \
        "run ./process.sh $dir again to write it" >&2
    exit "$status"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    main "$@"
fi
