#!/usr/bin/env bash
# run.sh [SUITE] [JMH options...]: runs a benchmark suite into results/<YYYYMMDD>-<SUITE>/ (one JMH
# run per test: out-N.csv, out-N.txt, out-N.side.jsonl, out-N.meta, plus env.txt), then turns it
# into charts and a report with process.sh.
#
#   smoke    every engine, every workload, tiny data: checks that everything works (CI runs it)
#   quick    every engine x the six workloads, int keys, sequential and random, 100 B values (default)
#   report   tests 1-6 of the 2016 LmdbJava report, entry counts scaled to this machine
#
# Options after SUITE go to JMH and replace the suite's own setting of the same option:
#   ./run.sh quick -p num=50000 -p store=lmdb,rocksdb -f 2
# Running a suite again resumes it: tests whose output is complete are skipped.
#
# Environment:
#   KVBENCH_DIR      work folder for the stores (default /dev/shm/kvbench; $TMPDIR/kvbench without /dev/shm)
#   KVBENCH_RESULTS  results folder (default results/<YYYYMMDD>-<SUITE>, or the suite's unfinished one)
#   KVBENCH_BUDGET   data per test for the report suite, e.g. 2G (default: a quarter of the smaller of
#                    available memory and free space in the work folder)
#   KVBENCH_DRY_RUN  when 1, print each test's JMH command and stop
set -euo pipefail

# shellcheck source=process.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/process.sh"

readonly SUITES="smoke quick report"
# In every suite, a failed run lets the others go on (-foe false); the report lists it.
readonly JMH_COMMON="-foe false"
readonly SIX='write readKey readSeq readRev readCrc readXxh64'
readonly BUDGET_FRACTION=0.25

# The tests of the chosen suite, one entry per test (index 1..TESTS).
TESTS=0
declare -a T_TITLE T_ABOUT T_CHART T_SWEEP T_WORKLOADS T_NUM T_NUM2016 T_SOURCE T_ENTRY T_ARGS T_RANKING
USER_ARGS=()
JVM_FLAGS=()
ALL_STORES=
SUITE=
RESULTS=
WORK_DIR=
JMH_PID=
TEST_EXIT=0
TEST_STARTED=0
BUDGET=0
BUDGET_SOURCE=machine
MEM_AVAILABLE=0
WORK_FREE=0

info() {
    echo "$*"
}

# ---------------------------------------------------------------- checks

check_java() {
    command -v java >/dev/null 2>&1 \
        || die "java not found: install a JDK 17 or newer (Debian/Ubuntu: sudo apt-get install openjdk-17-jdk-headless) and run ./run.sh again"
    local version major
    version=$(java -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -1)
    major=${version%%.*}
    [[ $major == 1 ]] && major=$(echo "$version" | cut -d. -f2)
    [[ $major =~ ^[0-9]+$ ]] || die "cannot read the Java version from 'java -version'; install a JDK 17 or newer"
    ((major >= 17)) || die "java is version $version; kvbench needs 17 or newer: install one and put it first on PATH (or set JAVA_HOME)"
    if jar_is_stale; then
        command -v javac >/dev/null 2>&1 || [[ -x ${JAVA_HOME:-/nonexistent}/bin/javac ]] \
            || die "building needs a JDK, but only a JRE was found (no javac): install a JDK 17 or newer (e.g. openjdk-17-jdk-headless)"
    fi
}

default_work_dir() {
    if [[ -d /dev/shm ]]; then
        echo /dev/shm/kvbench
    else
        echo "${TMPDIR:-/tmp}/kvbench"
    fi
}

check_work_dir() {
    WORK_DIR=${KVBENCH_DIR:-$(default_work_dir)}
    mkdir -p "$WORK_DIR" 2>/dev/null || die "cannot create the work folder $WORK_DIR: set KVBENCH_DIR to a writable folder (tmpfs preferred)"
    local probe="$WORK_DIR/.kvbench-probe-$$"
    touch "$probe" 2>/dev/null || die "the work folder $WORK_DIR is not writable: set KVBENCH_DIR to a writable folder (tmpfs preferred)"
    rm -f "$probe"
    WORK_FREE=$(df -Pk "$WORK_DIR" | awk 'NR == 2 { printf "%.0f", $4 * 1024 }')
    export KVBENCH_DIR=$WORK_DIR
}

# Bytes of the largest data set of the suite, as a flat array.
largest_flat() {
    local i bytes largest=0
    for ((i = 1; i <= TESTS; i++)); do
        bytes=$(($(test_num "$i") * T_ENTRY[i]))
        ((bytes > largest)) && largest=$bytes
    done
    echo "$largest"
}

# Room for the biggest test: up to 3x its flat data (LSM compaction rewrites, LMDB page rounding).
check_room() {
    local need=$((3 * $(largest_flat)))
    ((WORK_FREE >= need)) || die "the work folder $WORK_DIR has $(human "$WORK_FREE") free but the largest test may need $(human "$need"): free space, set KVBENCH_DIR to a bigger folder, or pass fewer entries (-p num=...)"
}

# LevelDB keeps its data in 2 MB table files, and compaction briefly holds old and new ones open.
check_open_files() {
    local limit want
    limit=$(ulimit -n)
    want=$(($(largest_flat) / 1000000 + 1000))
    ((want < 4096)) && want=4096
    if [[ $limit != unlimited ]] && ((limit < want)); then
        warn "the open-file limit (ulimit -n) is $limit and the largest test may need about $want (LevelDB and RocksDB open a file per few MB of data); raise it with 'ulimit -n 1000000' (or nofile in /etc/security/limits.conf)"
    fi
}

# gnuplot draws the charts; without it the report still has its tables.
check_gnuplot() {
    have_gnuplot && return 0
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null 2>&1; then
        info "gnuplot is missing: installing gnuplot-nox with apt-get (running as root on a Debian-like system) ..."
        if apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gnuplot-nox >/dev/null; then
            info "installed gnuplot-nox"
            return 0
        fi
        warn "could not install gnuplot-nox with apt-get"
    fi
    warn "gnuplot is not installed: the report will have tables but no charts. Install it (Debian/Ubuntu: sudo apt-get install gnuplot-nox, macOS: brew install gnuplot), then run ./process.sh on the results folder"
}

# ---------------------------------------------------------------- sizes and numbers

human() {
    awk -v b="$1" 'BEGIN { split("B kB MB GB TB", u, " "); i = 1; while (b >= 1000 && i < 5) { b /= 1000; i++ }; printf (i == 1 ? "%d %s" : "%.1f %s"), b, u[i] }'
}

# "2G", "500M", "64k" or plain bytes to bytes.
parse_size() {
    awk -v s="$1" 'BEGIN {
        n = s + 0; u = toupper(substr(s, length(s)));
        if (u == "K") n *= 1024; else if (u == "M") n *= 1048576; else if (u == "G") n *= 1073741824; else if (u == "T") n *= 1099511627776;
        if (n <= 0) exit 1; printf "%.0f", n }' || die "KVBENCH_BUDGET=$1 is not a size; use bytes or a number with K, M, G (e.g. 2G)"
}

# Rounds down to one significant digit: 738,000 -> 700,000.
floor_one_digit() {
    local n=$1 p=1
    while ((n >= 10)); do
        n=$((n / 10))
        p=$((p * 10))
    done
    echo $((n * p))
}

mem_available() {
    if [[ -r /proc/meminfo ]]; then
        awk '/^MemAvailable:/ { printf "%.0f", $2 * 1024; found = 1 } END { if (!found) print 0 }' /proc/meminfo
    else
        sysctl -n hw.memsize 2>/dev/null || echo 0
    fi
}

# The data one report test may hold: KVBENCH_BUDGET, or a quarter of min(available memory, work folder free).
compute_budget() {
    MEM_AVAILABLE=$(mem_available)
    if [[ -n ${KVBENCH_BUDGET:-} ]]; then
        BUDGET=$(parse_size "$KVBENCH_BUDGET")
        BUDGET_SOURCE=KVBENCH_BUDGET
        return
    fi
    local smaller=$WORK_FREE
    ((MEM_AVAILABLE > 0 && MEM_AVAILABLE < smaller)) && smaller=$MEM_AVAILABLE
    BUDGET=$(awk -v s="$smaller" -v f="$BUDGET_FRACTION" 'BEGIN { printf "%.0f", s * f }')
}

# Entries for report test n: the 2016 count, or fewer when its flat data exceeds the budget. A
# test planned by an interrupted run keeps its count (free memory may have changed since).
scaled_num() {
    local n=$1 original=$2 entry=$3 fit meta="$RESULTS/out-$1.meta"
    if [[ $(meta_value "$meta" num.source || true) == scaled ]]; then
        meta_value "$meta" num
        return 0
    fi
    fit=$(floor_one_digit $((BUDGET / entry)))
    ((fit < 100)) && fit=100
    ((fit < original)) && echo "$fit" || echo "$original"
}

# ---------------------------------------------------------------- suites

# add_test TITLE CHART SWEEP WORKLOADS NUM NUM_2016 ENTRY_BYTES ABOUT [JMH options...]
# WORKLOADS: method names, or "all" for every benchmark; ENTRY_BYTES: the largest key + value.
add_test() {
    TESTS=$((TESTS + 1))
    local n=$TESTS
    T_TITLE[n]=$1 T_CHART[n]=$2 T_SWEEP[n]=$3 T_WORKLOADS[n]=$4 T_NUM[n]=$5 T_NUM2016[n]=$6 T_ENTRY[n]=$7 T_ABOUT[n]=$8
    T_SOURCE[n]=suite
    T_RANKING[n]=true
    [[ -n $6 ]] && T_SOURCE[n]=scaled
    shift 8
    T_ARGS[n]="$*"
}

# "-p store=..." with every engine the jar registers; empty (JMH's default, all) for a dry run.
every_store() {
    [[ -n $ALL_STORES ]] && echo "-p store=$ALL_STORES"
    return 0
}

suite_smoke() {
    # shellcheck disable=SC2046
    add_test "Every engine and workload on tiny data" panels "" all 2000 "" 104 \
        "A check that every engine runs every workload and passes its checks; too small to rank engines." \
        $(every_store) -p intKey=true -p sequential=false -p valSize=100 -bm ss -f 1 -wi 0 -i 1 $JMH_COMMON
    T_RANKING[TESTS]=false
}

# The benchmarks' own mode (every pass timed, many per iteration), with 1-second iterations.
suite_quick() {
    local jmh="-p intKey=true -p valSize=100 -f 1 -wi 1 -i 3 -w 1s -r 1s $JMH_COMMON"
    # shellcheck disable=SC2046,SC2086
    add_test "Int keys in sequential order" panels "" "$SIX" 100000 "" 104 \
        "Every engine on the six workloads of the 2016 report, keys inserted in ascending order." \
        $(every_store) -p sequential=true $jmh
    # shellcheck disable=SC2046,SC2086
    add_test "Int keys in random order" panels "" "$SIX" 100000 "" 104 \
        "The same, with keys inserted (and looked up) in random order." \
        $(every_store) -p sequential=false $jmh
}

# The 2016 report's tests 1-6; entry counts are that report's, scaled down to BUDGET when needed.
# Passes over these data sets take seconds to minutes: one pass per iteration (-bm ss), five
# measured passes so that JMH's 99.9% interval means something.
suite_report() {
    local jmh="-bm ss -f 1 -wi 1 -i 5 $JMH_COMMON" num
    compute_budget
    # shellcheck disable=SC2046,SC2086
    {
        num=$(scaled_num 1 1000000 104)
        add_test "LMDB settings: sync, writeMap, forceSafe" settings "" "$SIX" "$num" 1000000 104 \
            "Which LMDB settings the later tests use: durable commits (sync), the writable memory map (writeMap, on by default) and LmdbJava's safe buffer access (forceSafe). Sequential int keys, 100-byte values." \
            -p store=lmdb,lmdb:sync=true,lmdb:writeMap=false,lmdb-bb,lmdb-bb:forceSafe=true \
            -p intKey=true -p sequential=true -p valSize=100 $jmh
        num=$(scaled_num 2 1000000 16373)
        add_test "Value sizes around LMDB page boundaries" sweep valSize write "$num" 1000000 16373 \
            "Storage of the native engines with values one byte below and one byte above LMDB's page boundaries, random int keys." \
            -p store=lmdb,leveldb,rocksdb -p intKey=true -p sequential=false \
            -p valSize=2026,2027,4080,4081,8176,8177,16368,16369 $jmh
        num=$(scaled_num 3 10000000 8180)
        add_test "LSM batch sizes" sweep batchSize write "$num" 10000000 8180 \
            "Write time of LevelDB and RocksDB by entries per commit: all entries in one commit and a tenth of them, as in 2016, plus a hundredth; sequential int keys, values that fill two LMDB pages." \
            -p store=leveldb,rocksdb -p intKey=true -p sequential=true -p valSize=8176 \
            -p batchSize=$((num / 100)),$((num / 10)),$num $jmh
        num=$(scaled_num 4 1000000 116)
        add_test "All engines, small values" panels "" "$SIX" "$num" 1000000 116 \
            "Every engine on the six workloads: int and string keys, sequential and random order." \
            $(every_store) -p intKey=true,false -p sequential=true,false -p valSize=100 $jmh
        num=$(scaled_num 5 10000000 2030)
        add_test "All engines, values of about 2 KB" panels "" "write readKey readSeq" "$num" 10000000 2030 \
            "A larger data set: int keys, sequential and random, values that fill LMDB pages well; as in 2016, readRev, readCrc and readXxh64 are left out." \
            $(every_store) -p intKey=true -p sequential=true,false -p valSize=2026 $jmh
        num=$(scaled_num 6 10000000 16372)
        add_test "Native engines and Chronicle, large values" panels "" "write readKey readSeq" "$num" 10000000 16372 \
            "The largest values, random int keys only (the slowest order for every engine); as in 2016 without the pure-Java sorted engines." \
            -p store=lmdb,leveldb,rocksdb,chronicle -p intKey=true -p sequential=false \
            -p valSize=4080,8176,16368 $jmh
    }
}

define_suite() {
    case $SUITE in
        smoke) suite_smoke ;;
        quick) suite_quick ;;
        report) suite_report ;;
        *) die "unknown suite '$SUITE'; suites: $SUITES (e.g. ./run.sh quick)" ;;
    esac
}

# ---------------------------------------------------------------- JMH arguments

# The include pattern for a test's workloads: "all" is every benchmark of kvbench.
workload_regex() {
    if [[ $1 == all ]]; then
        echo '^dev\.kvbench\.bench\.'
    else
        local names
        names=$(echo "$1" | tr ' ' '|')
        [[ $names == *"|"* ]] && names="($names)"
        echo "\\.$names\$"
    fi
}

# The user's value for option $1 (e.g. -f) or for parameter $1 (e.g. num, as -p num=...), if given.
user_value() {
    local want=$1 i arg
    for ((i = 0; i < ${#USER_ARGS[@]}; i++)); do
        arg=${USER_ARGS[i]}
        if [[ $want == -* && $arg == "$want" ]]; then
            echo "${USER_ARGS[i + 1]:-}"
            return 0
        fi
        if [[ $want != -* && $arg == -p && ${USER_ARGS[i + 1]:-} == "$want="* ]]; then
            echo "${USER_ARGS[i + 1]#*=}"
            return 0
        fi
    done
    return 1
}

# Whether the user gave a benchmark pattern of their own (an argument that is not an option's value).
user_pattern() {
    local i arg
    for ((i = 0; i < ${#USER_ARGS[@]}; i++)); do
        arg=${USER_ARGS[i]}
        if [[ $arg == -* ]]; then
            [[ $arg =~ ^-(h|l|lp|lrf|lprof)$ ]] || i=$((i + 1))
        else
            echo "$arg"
            return 0
        fi
    done
    return 1
}

# A test's JMH arguments: its pattern and options, each replaced by the user's own when given.
jmh_args() {
    local n=$1 pattern args=() suite_args i opt
    pattern=$(user_pattern) || pattern=$(workload_regex "${T_WORKLOADS[n]}")
    args+=("$pattern")
    read -ra suite_args <<<"${T_ARGS[n]} -p num=${T_NUM[n]}"
    for ((i = 0; i < ${#suite_args[@]}; i += 2)); do
        opt=${suite_args[i]}
        if [[ $opt == -p ]]; then
            user_value "${suite_args[i + 1]%%=*}" >/dev/null || args+=(-p "${suite_args[i + 1]}")
        else
            user_value "$opt" >/dev/null || args+=("$opt" "${suite_args[i + 1]}")
        fi
    done
    for ((i = 0; i < ${#USER_ARGS[@]}; i++)); do
        [[ ${USER_ARGS[i]} == "$pattern" ]] && continue
        args+=("${USER_ARGS[i]}")
    done
    printf '%s\n' "${args[@]}"
}

# The entries a test really uses: the user's -p num when given (the largest of a list).
test_num() {
    local n=$1 value
    if value=$(user_value num); then
        echo "$value" | tr ',' '\n' | sort -n | tail -1
    else
        echo "${T_NUM[n]}"
    fi
}

check_user_args() {
    local arg
    for arg in "${USER_ARGS[@]+"${USER_ARGS[@]}"}"; do
        case $arg in
            -rf | -rff | -o) die "run.sh sets $arg itself (results go to the results folder); leave it out" ;;
        esac
    done
}

# ---------------------------------------------------------------- results folder

results_dir() {
    if [[ -n ${KVBENCH_RESULTS:-} ]]; then
        echo "${KVBENCH_RESULTS%/}"
        return
    fi
    local today="$ROOT/results/$(date +%Y%m%d)-$SUITE" last
    if [[ ! -d $today ]]; then
        last=$(find "$ROOT/results" -maxdepth 1 -type d -name "*-$SUITE" 2>/dev/null | sort | tail -1)
        if [[ -n $last ]] && ! suite_finished "$last"; then
            today=$last
        fi
    fi
    echo "$today"
}

# A folder is finished when every test it planned has its JMH CSV.
suite_finished() {
    local dir=$1 meta
    for meta in "$dir"/out-*.meta; do
        [[ -e $meta ]] || return 0
        [[ -f ${meta%.meta}.csv ]] || return 1
    done
}

test_complete() {
    local dir=$1 n=$2
    [[ -f $dir/out-$n.csv ]] && grep -q '^# Run complete' "$dir/out-$n.txt" 2>/dev/null
}

meta_value() {
    local file=$1 key=$2
    [[ -f $file ]] && sed -n "s/^$key=//p" "$file" | head -1
}

# An argument as a shell would need it: quoted when it holds anything but plain characters.
shell_word() {
    if [[ $1 =~ ^[A-Za-z0-9_=,.:+/@%-]+$ ]]; then
        printf '%s' "$1"
    else
        printf "'%s'" "${1//\'/\'\\\'\'}"
    fi
}

test_command() {
    local n=$1 args arg line="java -jar target/benchmarks.jar"
    mapfile -t args < <(jmh_args "$n")
    for arg in "${args[@]}"; do
        line+=" $(shell_word "$arg")"
    done
    echo "$line"
}

# Describes test n in out-n.meta; a meta planned by an interrupted run with the same command is
# kept, so the report still says how that run was sized.
write_meta() {
    local n=$1 file="$RESULTS/out-$1.meta" source
    source=${T_SOURCE[n]}
    [[ $(meta_value "$file" command || true) == "$(test_command "$n")" ]] && return 0
    user_value num >/dev/null && source=user
    {
        echo "test=$n"
        echo "suite=$SUITE"
        echo "title=${T_TITLE[n]}"
        echo "about=${T_ABOUT[n]}"
        echo "chart=${T_CHART[n]}"
        echo "ranking=${T_RANKING[n]}"
        echo "sweep=${T_SWEEP[n]}"
        echo "workloads=${T_WORKLOADS[n]}"
        echo "num=$(test_num "$n")"
        echo "num.source=$source"
        if [[ $source == scaled ]]; then
            echo "num.2016=${T_NUM2016[n]}"
            echo "scale.entryBytes=${T_ENTRY[n]}"
            echo "scale.budgetBytes=$BUDGET"
            echo "scale.budgetSource=$BUDGET_SOURCE"
            echo "scale.fraction=$BUDGET_FRACTION"
            echo "scale.memAvailableBytes=$MEM_AVAILABLE"
            echo "scale.workFreeBytes=$WORK_FREE"
        fi
        echo "command=$(test_command "$n")"
    } >"$file.tmp"
    mv "$file.tmp" "$file"
}

# A completed test run with other options must not be mixed into this one.
check_same_command() {
    local n=$1 recorded
    recorded=$(meta_value "$RESULTS/out-$n.meta" command || true)
    [[ -z $recorded || $recorded == "$(test_command "$n")" ]] \
        || die "$RESULTS already holds test $n run as: $recorded. To keep both, set KVBENCH_RESULTS to a new folder; to redo it, delete $RESULTS"
}

write_env() {
    local file="$RESULTS/env.txt"
    [[ -f $file ]] && return 0
    {
        echo "suite: $SUITE"
        echo "command: $(rerun_command)"
        echo "started: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "cpu.model: $(cpu_model)"
        echo "cpu.cores: $(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc)"
        echo "memory.bytes: $(memory_total)"
        echo "os: $(os_name)"
        echo "kernel: $(uname -srm)"
        echo "work.dir: $WORK_DIR"
        echo "work.fs: $(fs_type "$WORK_DIR")"
        echo "work.freeBytes: $WORK_FREE"
        echo "ulimit.n: $(ulimit -n)"
        java "${JVM_FLAGS[@]}" -cp "$JAR" dev.kvbench.report.Environment
    } >"$file.tmp" || die "could not write $file (see above)"
    mv "$file.tmp" "$file"
}

cpu_model() {
    if [[ -r /proc/cpuinfo ]]; then
        awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo
    else
        sysctl -n machdep.cpu.brand_string 2>/dev/null || uname -p
    fi
}

memory_total() {
    if [[ -r /proc/meminfo ]]; then
        awk '/^MemTotal:/ { printf "%.0f", $2 * 1024 }' /proc/meminfo
    else
        sysctl -n hw.memsize 2>/dev/null || echo 0
    fi
}

os_name() {
    if [[ -r /etc/os-release ]]; then
        (. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")
    else
        uname -s
    fi
}

fs_type() {
    df -PT "$1" 2>/dev/null | awk 'NR == 2 { print $2 }' || stat -f -c %T "$1" 2>/dev/null || echo unknown
}

# ---------------------------------------------------------------- running

# How many runs a test has: workloads x stores x the values of every other parameter x forks.
test_runs() {
    local n=$1 runs=1 args i count forks=1 stores=8 workloads
    mapfile -t args < <(jmh_args "$n")
    for ((i = 1; i < ${#args[@]}; i++)); do
        case ${args[i]} in
            -p)
                count=$(echo "${args[i + 1]#*=}" | tr ',' '\n' | grep -c .)
                if [[ ${args[i + 1]} == store=* ]]; then stores=$count; else runs=$((runs * count)); fi
                ;;
            -f) forks=${args[i + 1]} ;;
        esac
    done
    workloads=$(echo "${T_WORKLOADS[n]}" | wc -w)
    [[ ${T_WORKLOADS[n]} == all ]] && workloads=6
    echo $((runs * stores * workloads * (forks > 0 ? forks : 1)))
}

# A rough cost of a test in seconds on a small machine, per run: 5 s to start a fork and load the
# store, the iterations (timed ones last -w/-r seconds; single-shot ones one pass), and passes
# over the data at about 20 MB/s. The benchmarks' own defaults: 3 + 3 iterations of 10 s.
test_weight() {
    local n=$1 args i mode=sample wi=3 it=3 w=10 r=10 pass_ms per_run_ms
    mapfile -t args < <(jmh_args "$n")
    for ((i = 1; i < ${#args[@]}; i++)); do
        case ${args[i]} in
            -bm) mode=${args[i + 1]} ;;
            -wi) wi=${args[i + 1]} ;;
            -i) it=${args[i + 1]} ;;
            -w) w=${args[i + 1]%s} ;;
            -r) r=${args[i + 1]%s} ;;
        esac
    done
    pass_ms=$(($(test_num "$n") * T_ENTRY[n] / 20000))
    if [[ $mode == ss || $mode == SingleShotTime ]]; then
        per_run_ms=$((5000 + (wi + it + 1) * pass_ms))
    else
        per_run_ms=$((5000 + (wi * w + it * r) * 1000 + pass_ms))
    fi
    echo $(($(test_runs "$n") * per_run_ms / 1000))
}

duration() {
    local s=$1
    if ((s >= 3600)); then
        printf '%d h %02d min' $((s / 3600)) $((s % 3600 / 60))
    elif ((s >= 60)); then
        printf '%d min %02d s' $((s / 60)) $((s % 60))
    else
        printf '%d s' "$s"
    fi
}

# Prints JMH's own progress line from the log about once a minute while JMH runs.
follow_progress() {
    local n=$1 log=$2 last= line ticks=0
    while kill -0 "$JMH_PID" 2>/dev/null; do
        sleep 2
        ticks=$((ticks + 1))
        ((ticks % 30 == 0)) || continue
        line=$(grep '^# Run progress' "$log" 2>/dev/null | tail -1 | sed 's/^# Run progress: //')
        if [[ -n $line && $line != "$last" ]]; then
            info "    test $n: $line"
            last=$line
        fi
    done
}

# The command that resumes this suite.
rerun_command() {
    echo "./run.sh $SUITE${USER_ARGS[*]+ ${USER_ARGS[*]}}"
}

# Starts JMH for test n in folder part and waits for it; returns JMH's exit status.
run_jmh() {
    local n=$1 part=$2 args rc=0
    mapfile -t args < <(jmh_args "$n")
    # No JVM flags here: the jar's Main gives them to every fork (JMH would pass ours on twice).
    (cd "$part" && exec java -jar "$JAR" "${args[@]}" -rf csv -rff "$part/out-$n.csv") >"$part/out-$n.txt" 2>&1 &
    JMH_PID=$!
    follow_progress "$n" "$part/out-$n.txt"
    wait "$JMH_PID" || rc=$?
    JMH_PID=
    return $rc
}

# JMH refuses to start while another JMH run on this machine holds its lock: wait for that one.
lock_busy() {
    grep -q 'Unable to acquire the JMH lock' "$1"
}

# Runs one test into a hidden folder and moves its files into place only once JMH completed, so
# an interrupted test never looks complete.
run_test() {
    local n=$1 part="$RESULTS/.partial-$1" rc waited=0
    while true; do
        rm -rf "$part"
        mkdir -p "$part"
        rc=0
        TEST_STARTED=$SECONDS
        run_jmh "$n" "$part" || rc=$?
        lock_busy "$part/out-$n.txt" || break
        ((waited == 0)) && info "    another JMH run holds its lock on this machine (/tmp/jmh.lock); waiting for it to finish ..."
        ((waited < 3600)) || die "waited an hour for another JMH run on this machine; run $(rerun_command) again when it is done"
        sleep 15
        waited=$((waited + 15))
    done
    if ! grep -q '^# Run complete' "$part/out-$n.txt" || [[ ! -f $part/out-$n.csv ]]; then
        tail -n 15 "$part/out-$n.txt" >&2
        die "test $n did not complete (JMH exit status $rc; log above and in $part/out-$n.txt). Fix the cause, then run $(rerun_command) to resume"
    fi
    TEST_EXIT=$rc
    ((rc == 0)) || warn "test $n: some runs failed (JMH exit status $rc); the report lists them with their reasons"
    mv "$part/out-$n.txt" "$RESULTS/"
    [[ -f $part/out-$n.side.jsonl ]] && mv "$part/out-$n.side.jsonl" "$RESULTS/"
    mv "$part/out-$n.csv" "$RESULTS/"
    rm -rf "$part"
}

on_interrupt() {
    trap - INT TERM
    if [[ -n $JMH_PID ]]; then
        kill "$JMH_PID" 2>/dev/null || true
        wait "$JMH_PID" 2>/dev/null || true
    fi
    echo >&2
    echo "interrupted: completed tests are kept in $RESULTS; run $(rerun_command) again to resume" >&2
    exit 130
}

run_suite() {
    local i weights=() total=0 done_weight=0 spent=0 start elapsed left took
    for ((i = 1; i <= TESTS; i++)); do
        weights[i]=$(test_weight "$i")
        total=$((total + weights[i]))
    done
    start=$SECONDS
    for ((i = 1; i <= TESTS; i++)); do
        if test_complete "$RESULTS" "$i"; then
            check_same_command "$i"
            info "test $i of $TESTS: ${T_TITLE[i]}: already complete, skipped"
            total=$((total - weights[i]))
            continue
        fi
        write_meta "$i"
        elapsed=$((SECONDS - start))
        left=$(((total - done_weight) * (done_weight > 0 ? spent : 1) / (done_weight > 0 ? done_weight : 1)))
        info "test $i of $TESTS: ${T_TITLE[i]} ($(test_runs "$i") runs, $(test_num "$i") entries); elapsed $(duration "$elapsed"), about $(duration "$left") left"
        run_test "$i"
        took=$((SECONDS - TEST_STARTED))
        echo "seconds=$took" >>"$RESULTS/out-$i.meta"
        echo "jmh.exit=$TEST_EXIT" >>"$RESULTS/out-$i.meta"
        spent=$((spent + took))
        done_weight=$((done_weight + weights[i]))
    done
    info "suite $SUITE done in $(duration $((SECONDS - start))): $RESULTS"
}

# The tests whose JMH run reported failed runs (exit status 1), for run.sh's own exit status.
failed_tests() {
    local i failed=()
    for ((i = 1; i <= TESTS; i++)); do
        [[ $(meta_value "$RESULTS/out-$i.meta" jmh.exit || true) =~ ^(|0)$ ]] || failed+=("$i")
    done
    echo "${failed[*]}"
}

print_plan() {
    local i
    for ((i = 1; i <= TESTS; i++)); do
        echo "test $i of $TESTS: ${T_TITLE[i]} ($(test_runs "$i") runs, $(test_num "$i") entries)"
        echo "    $(test_command "$i")"
    done
}

main() {
    SUITE=quick
    if [[ $# -gt 0 && $1 != -* ]]; then
        SUITE=$1
        shift
    fi
    USER_ARGS=("$@")
    [[ " $SUITES " == *" $SUITE "* ]] || die "unknown suite '$SUITE'; suites: $SUITES (e.g. ./run.sh quick)"
    check_user_args
    check_java
    check_work_dir
    if [[ ${KVBENCH_DRY_RUN:-} != 1 ]]; then
        check_gnuplot
        ensure_jar
        read -ra JVM_FLAGS <<<"$(java -cp "$JAR" dev.kvbench.report.Environment --jvm-flags)"
        ALL_STORES=$(java "${JVM_FLAGS[@]}" -cp "$JAR" dev.kvbench.report.Environment --engines)
    fi
    RESULTS=$(results_dir)
    define_suite
    check_open_files
    if [[ ${KVBENCH_DRY_RUN:-} == 1 ]]; then
        print_plan
        return 0
    fi
    check_room
    mkdir -p "$RESULTS"
    write_env
    info "suite $SUITE: $TESTS tests into $RESULTS (work folder $WORK_DIR, $(human "$WORK_FREE") free)"
    trap on_interrupt INT TERM
    run_suite
    trap - INT TERM
    "$ROOT/process.sh" "$RESULTS"
    local failed
    failed=$(failed_tests)
    [[ -z $failed ]] || die "some runs failed in test(s) $failed; the report lists them with their reasons: $RESULTS/README.md"
}

main "$@"
