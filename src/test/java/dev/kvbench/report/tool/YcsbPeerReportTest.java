package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.section.YcsbPeerSection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The side by side with YCSB's own client, from the raw files of a real tiny ycsb-peer run
 * ({@code fixtures/ycsb-peer-results}: {@code KVBENCH_YCSB=... ./run.sh ycsb-peer -p recordcount=1000 -p
 * operationcount=1000} on a busy 2-core machine, so its figures say nothing about either tool). The expected figures
 * are worked out by hand from YCSB's output ({@code ycsb-N.*.txt}) and kvbench's side files.
 */
class YcsbPeerReportTest {

    @TempDir
    static Path dir;

    static String readme;

    @BeforeAll
    static void generate() throws IOException {
        readme = Fixtures.report(Fixtures.YCSB_PEER, dir);
    }

    @Test
    void eachWorkloadHasBothToolsThroughputTheirRatioAndTheirReadAndWriteLatencies() {
        // ycsb-1.load.txt 700.28 ops/s, ycsb-1.run.txt 1257.86 ops/s, READ p50 9 p99 220 µs, UPDATE 25 / 4879;
        // out-1.side.jsonl load 8491.0, run 40453.4 ops/s (32.2×), READ 8115 / 68095 ns, UPDATE 10039 / 1241087 ns
        assertTrue(
                readme.contains(
                        "| workloada | 700 | 8,491 | 1,258 | 40,453 | 32× | 9.00 / 220 | 8.12 / 68.1 | 25.0 / 4,879"
                                + " | 10.0 / 1,241 |"),
                readme);
        // E has no READ and no UPDATE: SCAN and INSERT, named in their cells
        assertTrue(readme.contains("| SCAN 69.0 / 11,535 |") && readme.contains("| INSERT 100 / 84,863 |"), readme);
        // F: YCSB also times the UPDATE inside each READ-MODIFY-WRITE, kvbench only the whole: the column shows the
        // whole
        assertTrue(readme.contains("| READ-MODIFY-WRITE 38.0 / 14,359 |"), readme);
        assertTrue(
                readme.contains(
                        "| Workload | load ops/s, YCSB | load ops/s, kvbench | run ops/s, YCSB | run ops/s, kvbench |"
                                + " run: kvbench ÷ YCSB | READ p50 / p99 µs, YCSB | READ p50 / p99 µs, kvbench | UPDATE p50 / p99 µs, YCSB |"
                                + " UPDATE p50 / p99 µs, kvbench |"),
                readme);
    }

    @Test
    void atAGlanceGivesTheRatioPerWorkloadAndTheClientCostAndTheContentsLinkTheSection() {
        // run ops/s kvbench ÷ YCSB: A 40453.4 / 1257.86 = 32.2, B 16549.9 / 2114.16 = 7.83, E 3718.0 / 816.99 = 4.55
        assertTrue(
                readme.contains(
                        "RocksDB's run-phase throughput through kvbench ÷ through YCSB's own client: workloada 32×, "
                                + "workloadb 7.8×, workloadc 17×, workloadd 34×, workloade 4.6×, workloadf 8.5×; kvbench's client costs "
                                + "0.0906-0.638 of YCSB's per operation (single runs: see *Side by side with YCSB*)."),
                readme);
        assertTrue(readme.contains("- [Side by side with YCSB](#side-by-side-with-ycsb)"), readme);
    }

    @Test
    void theCaptionSaysBothRanTheSameRocksDbAndWhatElseDiffers() {
        // env.txt: engine.rocksdb.version 11.8.1, ycsb.peer.rocksdbjni 11.8.1
        assertTrue(
                readme.contains(
                        "Both ran rocksdbjni 11.8.1: YCSB's binding (written for rocksdbjni 6.2.2) was compiled "
                                + "against kvbench's version and ran with that jar on its class path."),
                readme);
        // YCSB's RocksDBClient: per field a 4-byte name length, "fieldI" (6 bytes for 0-9), a 4-byte value length, the
        // value
        assertTrue(
                readme.contains("What else differs: YCSB's RocksDB binding stores a record as its fields, each after a"
                        + " 4-byte length of its name, the name (field0 ... field9) and a 4-byte length of its value, where kvbench"
                        + " stores the field values alone, side by side: 140 bytes more per record through YCSB: with 10 fields of"
                        + " 100 bytes, 1,140 bytes a record against kvbench's 1,000, 14.0% more (the keys are the same `user...`"
                        + " strings);"),
                readme);
        assertEquals(10 * 14 + 15, YcsbPeerSection.ycsbFieldOverhead(11), "field10 is 7 bytes");
        // each test has one engine: its p99 is given, no "lowest" (out-1: READ p99 68095 ns)
        assertTrue(
                readme.contains(
                        "RocksDB, the only engine that ran it to the end (40,453 ops/s in the run phase). Its READ p99: 68.1 µs."),
                readme);
        assertFalse(readme.contains("Not as expected"), "every YCSB phase exited 0 with every operation OK");
    }

    @Test
    void theClientCostsArePerOperationAndThreadBesideEachOtherAndInTheMethodSection() {
        // ycsb-7.run.txt 47619.05 ops/s with 2 threads: 42.0 µs; out-7 null 74648.5 ops/s: 26.8 µs; 26.79 / 42.0 =
        // 0.638
        assertTrue(readme.contains("| workloada | 47,619 | 74,649 | 42.0 | 26.8 | 0.638 |"), readme);
        // tests 7-12: kvbench 2e6 / (74648.5 ... 354425.5) = 5.64 ... 26.8 µs; YCSB 2e6 / (67114.1 ... 28328.6) = 29.8
        // ...
        // 70.6 µs; ratios per workload 0.0906 (B) ... 0.638 (A)
        String method = readme.substring(readme.indexOf("## Method"), readme.indexOf("## Side by side with YCSB"));
        assertTrue(
                method.contains(
                        "- The client's own cost (YCSB workloads): kvbench's client, on the `null` store, which keeps"
                                + " nothing, spent 5.64-26.8 µs per operation and client thread in the run phase (6 workloads: workloada, "
                                + "workloadb, workloadc, workloadd, workloade, workloadf)"),
                method);
        assertTrue(
                method.contains(
                        "YCSB 0.17.0's own client, on its `BasicDB`, which does nothing, spent 29.8-70.6 µs on the "
                                + "same workloads: kvbench's client costs 0.0906-0.638 of YCSB's per operation (the goal: at most 0.1;"),
                method);
    }

    @Test
    void inRoundsBothToolsFiguresAreMediansWithTheirIntervalsAndTheCaptionSaysSo() throws IOException {
        Path to = dir.resolveSibling(dir.getFileName() + "-rounds");
        Fixtures.copy(Fixtures.YCSB_PEER, to);
        // round 2 of test 1: YCSB's run 1,357.86 ops/s (round 1: 1,257.86), kvbench's 42,453.4 (40,453.4); the load
        // alike
        Files.writeString(
                to.resolve("ycsb-1.r2.run.txt"),
                Files.readString(to.resolve("ycsb-1.run.txt"))
                        .replace("[OVERALL], Throughput(ops/sec), 1257.", "[OVERALL], Throughput(ops/sec), 1357."));
        Files.copy(to.resolve("ycsb-1.load.txt"), to.resolve("ycsb-1.r2.load.txt"));
        Files.writeString(
                to.resolve("out-1.r2.side.jsonl"),
                Files.readString(to.resolve("out-1.side.jsonl"))
                        .replace("\"ycsb.run.opsPerSec\":40453.", "\"ycsb.run.opsPerSec\":42453."));
        Files.copy(to.resolve("out-1.csv"), to.resolve("out-1.r2.csv"));
        Files.copy(to.resolve("out-1.txt"), to.resolve("out-1.r2.txt"));
        Report.write(to, Path.of("gnuplot"), false);
        String rounds = Files.readString(to.resolve("README.md"));
        // medians 1,307.86 ± 50 and 41,453.4 ± 1,000: 31.7×, the intervals apart
        assertTrue(
                rounds.contains("| workloada | 700 ± 0 | 8,491 ± 0 | 1,308 ± 50.0 | 41,453 ± 1,000 | 32× |"), rounds);
        assertTrue(
                rounds.contains(
                        "In rounds (YCSB's client just before kvbench's in each, 1-2 rounds of YCSB's client): every"
                                + " figure is the median of the rounds"),
                rounds);
        assertTrue(rounds.contains("(medians of the rounds: see *Side by side with YCSB*)"), rounds);
    }
}
