package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs compared: the fixture folder as A, and as B a copy with LMDB's sequential write of
 * test 4 twice as slow (intervals apart: listed), its readKey 0.85 → 0.88 ms (intervals overlap:
 * not listed) and RocksDB's write 9.8 → 9.0 ms (overlap: not listed).
 */
class CompareTest {

    @TempDir
    Path dir;

    private Path a;
    private Path b;

    private void twoRuns() throws IOException {
        a = dir.resolve("20251122-report");
        b = dir.resolve("20251123-report");
        Fixtures.copy(ReportTest.FIXTURE, a);
        Fixtures.copy(ReportTest.FIXTURE, b);
        rerun(b);
        Path csv = b.resolve("out-4.csv");
        // each score is in the file twice (the sequential data set is also charted alone); the later one counts
        Files.writeString(
                csv,
                Files.readString(csv)
                        .replace(",2.100000,0.150000,", ",4.200000,0.300000,")
                        .replace(",0.850000,0.050000,", ",0.880000,0.050000,")
                        .replace(",9.800000,0.900000,", ",9.000000,0.010000,"));
    }

    /** Makes {@code folder} a later run of the same experiment: a copy of a folder is one run, not a rerun. */
    static void rerun(Path folder) throws IOException {
        edit(folder.resolve("env.txt"), "started: 2025-11-22T11:00:00Z", "started: 2025-11-23T09:30:00Z");
    }

    private static void edit(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        assertTrue(text.contains(from), file + " holds " + from);
        Files.writeString(file, text.replace(from, to));
    }

    /** Gives both runs a host class and a memory profile. */
    private void hostClasses(String classA, String classB) throws IOException {
        Files.writeString(
                a.resolve("env.txt"),
                "host.class: " + classA + "\nmemory.latencyNs.l1: 1.10\nmemory.latencyNs.l3: 12.0\n"
                        + "memory.tlbMissNs: 25.0 (40.0 on 4 KiB pages, 15.0 on huge pages)\n",
                java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(
                b.resolve("env.txt"),
                "host.class: " + classB + "\nmemory.latencyNs.l1: 1.00\nmemory.latencyNs.l3: 30.0\n"
                        + "memory.tlbMissNs: 30.0 (45.0 on 4 KiB pages, 15.0 on huge pages)\n",
                java.nio.file.StandardOpenOption.APPEND);
    }

    private Path compare(String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of(a.toString(), b.toString(), "--templates", "gnuplot"));
        args.addAll(List.of(options));
        return Compare.run(args);
    }

    @Test
    void listsOnlyTheDifferencesWhoseIntervalsAreApartWithTheirRatioAndCombinedError() throws IOException {
        twoRuns();
        Path out = compare();
        assertEquals(dir.resolve("compare-20251122-report-vs-20251123-report"), out);
        String readme = Files.readString(out.resolve("README.md"));
        List<String> rows = readme.substring(0, readme.indexOf("## Does a rerun"))
                .lines()
                .filter(line -> line.startsWith("| Test "))
                .toList();
        // 2.1 ± 0.15 → 4.2 ± 0.3: 2.00 × hypot(0.15 / 2.1, 0.3 / 4.2) = 0.20
        assertEquals(
                List.of(
                        "| Test 4: 10,000 int keys, sequential, 100 B values, batchSize 1000000 | LMDB DB | write | 2.10 ± 0.15 | 4.20 ± 0.30 | 2.00 ± 0.20 |"),
                rows,
                readme);
        assertTrue(readme.contains("1 differ significantly: 0 faster in B, 1 slower."), readme);
        assertTrue(readme.contains("](../20251122-report/README.md)"), "links A's report: " + readme);
        assertTrue(readme.contains("![B ÷ A of the significant differences](compare.png)"), readme);
        assertTrue(Files.readString(out.resolve("compare.gp")).contains("set output \"compare.png\""));
        assertTrue(Files.readString(out.resolve("compare.dat")).contains("\"2.00\""), "the bar's value");
    }

    @Test
    void saysWhetherARerunGivesTheSameAnswerNumberByNumberAndCellByCell() throws IOException {
        a = dir.resolve("same-a");
        b = dir.resolve("same-b");
        Fixtures.copy(ReportTest.FIXTURE, a);
        Fixtures.copy(ReportTest.FIXTURE, b);
        rerun(b);
        String same = Files.readString(
                compare("--out", dir.resolve("same").toString()).resolve("README.md"));
        Matcher m = Pattern.compile("Over the (\\d+) engine numbers.*the two intervals "
                        + "overlap for (\\d+) of (\\d+).*B ÷ A is within 10% of 1 for (\\d+) of")
                .matcher(same);
        assertTrue(m.find(), same);
        int n = Integer.parseInt(m.group(1));
        assertTrue(n > 0);
        assertEquals(
                List.of(n, n, n),
                List.of(Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4))),
                "a run against itself agrees everywhere");
        Matcher cells =
                Pattern.compile("At a glance: (\\d+) of (\\d+) cells agree").matcher(same);
        assertTrue(cells.find(), same);
        assertEquals(cells.group(2), cells.group(1));
        assertFalse(same.contains("| **no** |"), same);

        twoRuns();
        String changed = Files.readString(
                compare("--out", dir.resolve("changed").toString()).resolve("README.md"));
        assertTrue(
                changed.contains("the two intervals overlap for " + (n - 1) + " of " + n),
                "LMDB's write moved apart: " + changed);
        assertTrue(
                changed.contains("B ÷ A is within 10% of 1 for " + (n - 1) + " of " + n),
                "LMDB's write (2.00) is off by more than 10%, RocksDB's (0.92) is not: " + changed);
        assertTrue(
                changed.contains("One run's number is within 1.5× of the other's for " + (n - 1) + " of " + n
                        + "; the furthest apart: LMDB DB write in test 4, B ÷ A 2.00."),
                "LMDB's write, twice as slow, is the one past 1.5×: " + changed);
        assertTrue(
                changed.contains(
                        "| Test 4: 10,000 int keys, sequential, 100 B values | write | LMDB DB | Chronicle | **no** |"),
                "LMDB's write twice as slow hands the cell to the next engine: " + changed);
        assertTrue(changed.contains("in 1 the two runs name different fastest engines"), changed);
    }

    @Test
    void pairedVerdictsAgreeCellByCellAndARealContradictionIsNamed() throws IOException {
        a = dir.resolve("quick");
        b = dir.resolve("quick-2");
        Fixtures.copy(Path.of("results/20261126-quick"), a);
        Fixtures.copy(Path.of("results/20261126-quick-2"), b);
        String readme =
                Files.readString(compare("--out", dir.resolve("c").toString()).resolve("README.md"));
        assertTrue(
                readme.contains(
                        "Verdicts from paired turns (each engine's turn over the leader's in the same rotation): "
                                + "A decides 9 of its 12 cells, B 12 of 12"),
                readme);
        assertTrue(readme.contains("At a glance: 9 of 12 cells agree"), readme);
        assertTrue(
                readme.contains(
                        "| readSeq | MVStore, 1.55× (1.52-1.57×) over LMDB DB | MVStore, 1.49× (1.47-1.53×) over "
                                + "LMDB DB | yes |"),
                readme);
        // A cannot yet tell LMDB and MVStore apart on readCrc; B names MVStore: no contradiction
        assertTrue(
                readme.contains(
                        "| readCrc | undecided: LMDB DB or MVStore 1.03× (0.96-1.09×) | MVStore, 1.07× (1.01-1.10×)"
                                + " over LMDB DB | **no**, but not against each other |"),
                readme);
        // test 2's write: each run decides, the other way round; the paired interval does not hold a JVM's own luck
        assertTrue(
                readme.contains(
                        "| write | Chronicle, 1.07× (1.0002-1.15×) over LMDB DB | LMDB DB, 1.12× (1.03-1.18×) over "
                                + "Chronicle | **no** |"),
                readme);
        assertTrue(readme.contains("in 1 the two runs name different fastest engines"), readme);
    }

    @Test
    void aDifferenceWithinTheThresholdIsNotListed() throws IOException {
        twoRuns();
        String readme = Files.readString(
                compare("--threshold", "150", "--out", dir.resolve("c").toString())
                        .resolve("README.md"));
        assertTrue(readme.contains("None differs significantly."), readme);
        assertFalse(Files.exists(dir.resolve("c/compare.gp")), "no chart without a difference");
    }

    @Test
    void runsOfDifferentHostsAreRefusedUnlessAsked() throws IOException {
        twoRuns();
        Path env = b.resolve("env.txt");
        Files.writeString(
                env, Files.readString(env).replace("cpu.model: AMD EPYC", "cpu.model: Intel(R) Xeon(R) Processor"));
        Refused e = assertThrows(Refused.class, this::compare);
        assertEquals(
                a + " ran on AMD EPYC and " + b + " on Intel(R) Xeon(R) Processor: runs of different hosts differ by "
                        + "the hosts; add --any-host to compare them anyway",
                e.getMessage());
        String readme = Files.readString(compare("--any-host").resolve("README.md"));
        assertTrue(readme.contains("**The runs come from different hosts**"), readme);
    }

    @Test
    void twoHostClassesOfOneCpuNameAreRefusedAndWithAnyHostTheirLikeliestCauseIsNamed() throws IOException {
        twoRuns();
        hostClasses("AuthenticAMD family 25 model 17", "AuthenticAMD family 26 model 2");
        assertEquals(
                a + " ran on AuthenticAMD family 25 model 17 and " + b + " on AuthenticAMD family 26 model 2: runs of"
                        + " different host classes differ by the hosts, most in the L3 latency (12.0 ns against 30.0"
                        + " ns, 2.5×); add --any-host to compare them anyway",
                assertThrows(Refused.class, this::compare).getMessage());
        String readme = Files.readString(compare("--any-host").resolve("README.md"));
        assertTrue(
                readme.contains("A ran on AuthenticAMD family 25 model 17, B on AuthenticAMD family 26 model 2; their"
                        + " differences are mostly the hosts'. Where a ranking differs, the likeliest cause is the"
                        + " measured property of the hosts that differs most: the L3 latency (12.0 ns against 30.0 ns,"
                        + " 2.5×)."),
                readme);
        assertTrue(
                readme.contains("| Host class | AuthenticAMD family 25 model 17 | AuthenticAMD family 26 model 2 |"),
                readme);
        assertTrue(readme.contains("| TLB miss | 25.0 ns (40.0 on 4 KiB pages, 15.0 on huge pages) |"), readme);
    }

    @Test
    void oneHostClassIsSaidAndARunFromBeforeHostClassesIsComparedByItsCpuNameAndSaysSo() throws IOException {
        twoRuns();
        String old =
                Files.readString(compare("--out", dir.resolve("old").toString()).resolve("README.md"));
        assertTrue(
                old.contains("The host class (the CPU's vendor, family and model) of either run is unknown: it ran"
                        + " before kvbench recorded it. Both name the CPU AMD EPYC"),
                old);
        assertTrue(old.contains("| Host class | not recorded | not recorded |"), old);
        assertFalse(old.contains("null"), old);
        hostClasses("AuthenticAMD family 25 model 17", "AuthenticAMD family 25 model 17");
        String same = Files.readString(
                compare("--out", dir.resolve("same").toString()).resolve("README.md"));
        // one class, and its L3 latency 2.5× apart: the host was in another state, which the sentence names
        assertTrue(
                same.contains("Both ran on one host class, AuthenticAMD family 25 model 17, but not in one state: the"
                        + " L3 latency (12.0 ns against 30.0 ns, 2.5×), measured before each run."),
                same);
    }

    @Test
    void oneHostClassInOneStateIsSaidPlainlyAndTheTlbFigureNamesNoCause() throws IOException {
        twoRuns();
        for (Path run : List.of(a, b)) {
            // the same latencies, and TLB figures 3× apart: a difference of two latencies, too noisy to name a cause
            Files.writeString(
                    run.resolve("env.txt"),
                    "host.class: AuthenticAMD family 25 model 17\nmemory.latencyNs.l1: 1.10\n"
                            + "memory.latencyNs.l3: " + (run == a ? "12.0" : "13.0") + "\nmemory.tlbMissNs: "
                            + (run == a ? "10.0" : "30.0") + " (40.0 on 4 KiB pages)\n",
                    java.nio.file.StandardOpenOption.APPEND);
        }
        String same = Files.readString(compare().resolve("README.md"));
        assertTrue(same.contains("Both ran on one host class, AuthenticAMD family 25 model 17.\n"), same);
    }

    @Test
    void aFolderAndItsCopyAreOneRunNotARerun() throws IOException {
        a = dir.resolve("run");
        b = dir.resolve("copy");
        Fixtures.copy(ReportTest.FIXTURE, a);
        Fixtures.copy(ReportTest.FIXTURE, b);
        assertEquals(
                a + " and " + b + " hold one run (started 2025-11-22T11:00:00Z): one is a copy of the other, not a"
                        + " rerun; run the suite again (it writes a folder of its own) and compare the two",
                assertThrows(Refused.class, this::compare).getMessage());
    }

    /**
     * Two YCSB runs of workloada whose engines share only Chronicle (the second's LMDB and RocksDB renamed to MVStore
     * and Xodus): no ranking of one can agree or disagree with the other's, so it is no rerun and is refused.
     */
    @Test
    void twoExperimentsWithFewerThanTwoEnginesInCommonAreRefused() throws IOException {
        a = dir.resolve("20261127-workload");
        b = dir.resolve("20261128-workload");
        Fixtures.copy(Path.of("src/test/resources/fixtures/ycsb-turns"), a);
        Fixtures.copy(Path.of("src/test/resources/fixtures/ycsb-turns"), b);
        edit(b.resolve("env.txt"), "started: 2026-11-28T06:14:29Z", "started: 2026-11-29T06:14:29Z");
        try (var files = Files.list(b)) {
            for (Path file : files.toList()) {
                Files.writeString(
                        file, Files.readString(file).replace("lmdb", "mvstore").replace("rocksdb", "xodus"));
            }
        }
        assertEquals(
                a + " and " + b + " are not two runs of one experiment: both are workload runs, of 3 engines"
                        + " each, with 1 engine (chronicle) in common, so no ranking of one can agree or disagree"
                        + " with the other's; compare two runs of one suite with the same engines",
                assertThrows(Refused.class, this::compare).getMessage());
    }

    @Test
    void foldersWithNothingInCommonAMissingFolderAndABadThresholdAreRefused() throws IOException {
        twoRuns();
        Path crash = dir.resolve("crash");
        Fixtures.copy(Path.of("src/test/resources/fixtures/crash"), crash);
        a = crash;
        assertEquals(
                crash + " and " + b + " have no run in common (the same benchmark, engine and parameters): A is a crash"
                        + " run and B a report run, of 4 and 8 engines, with 3 engines (chronicle, lmdb,"
                        + " rocksdb) in common; compare two runs of one suite and command",
                assertThrows(Refused.class, () -> compare("--any-host")).getMessage());
        a = dir.resolve("nothing");
        assertTrue(assertThrows(Refused.class, this::compare).getMessage().startsWith(a + " is not a folder"));
        a = dir.resolve("20251122-report");
        assertEquals(
                "--threshold lots is not a percentage of 0 or more (e.g. --threshold 5)",
                assertThrows(Refused.class, () -> compare("--threshold", "lots"))
                        .getMessage());
    }

    /**
     * Two YCSB runs of workloada in turns: the noisy fixture, undecided among Chronicle, LMDB DB and RocksDB, against
     * the quiet run that names Chronicle. Their throughputs are not divided; their verdicts are set side by side, and
     * the second's leader is the first's best candidate, so they agree.
     */
    @Test
    void twoYcsbRunsAreComparedByTheirVerdictsNotByDividingTheirThroughputs() throws IOException {
        a = dir.resolve("20261127-workload");
        b = dir.resolve("20261128-workload");
        Fixtures.copy(Path.of("src/test/resources/fixtures/ycsb-turns"), a);
        Fixtures.copy(YcsbTurnsReportTest.WORKLOADA, b);
        String readme = Files.readString(compare().resolve("README.md"));
        assertTrue(readme.contains("No run of a pass benchmark is in both folders."), readme);
        assertTrue(
                readme.contains("**B is not a rerun of A**: both are workload runs, of 3 and 10 engines, with 3"
                        + " engines (chronicle, lmdb, rocksdb) in common."),
                readme);
        assertTrue(readme.contains("## Do the two experiments agree where they overlap"), readme);
        assertTrue(readme.contains("A decides 0 of its 1 cells, B 0 of 1"), readme);
        assertTrue(
                readme.contains(
                        "| Test 1: YCSB workload workloada | run phase | undecided: Chronicle or LMDB DB 1.49×"),
                readme);
        // B's Chronicle warmed up over its first two turns: on its steady turns it is no longer decided, and B's
        // best candidates hold A's
        assertTrue(
                readme.contains("| undecided: Chronicle or LMDB DB 3.70× (no interval: 7 pairs), BDB JE 7.35×"),
                readme);
        assertTrue(readme.contains("(no interval: 10 pairs) | yes |"), readme);
    }
}
