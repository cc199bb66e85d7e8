package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Variants in the report (issue #43, "is the upgrade faster?"), from fixtures of shaped turns whose NOTE.md gives
 * each workload's ratios: {@code variants-quick} (RocksDB 10.10.1.1 against the run's RocksDB, one verdict of each
 * kind), {@code variants-jvm} ({@code -p jvm=17,25}: no plain row) and {@code variants-ycsb} (a YCSB workload, a
 * variant whose JVM died and one skipped under {@code unsafe=deny}).
 */
class VariantReportTest {

    @TempDir
    static Path dir;

    static String quick;
    static String jvm;
    static String ycsb;

    @BeforeAll
    static void generate() throws IOException {
        quick = Fixtures.report(Path.of("src/test/resources/fixtures/variants-quick"), dir.resolve("quick"), false);
        jvm = Fixtures.report(Path.of("src/test/resources/fixtures/variants-jvm"), dir.resolve("jvm"), false);
        ycsb = Fixtures.report(Path.of("src/test/resources/fixtures/variants-ycsb"), dir.resolve("ycsb"), false);
    }

    private static String section(String readme, String from, String to) {
        int start = readme.indexOf(from);
        assertTrue(start >= 0, "no " + from + " in\n" + readme);
        return readme.substring(start, readme.indexOf(to, start));
    }

    @Test
    void eachWorkloadGivesTheRatioOfBsTimeToAsAndItsVerdict() {
        String variants = section(quick, "### Variants", "## Failed and skipped runs");
        assertTrue(
                variants.contains("| Workload | RocksDB 10.10.1.1 against RocksDB 11.8.1 |\n| --- | --- |\n"
                        + "| write | 0.88×, faster by 12% (8-15%) |\n"
                        + "| readKey | 1.09×, slower by 9% (4-13%) |\n"
                        + "| readSeq | 1.00×, no difference larger than ±3% |\n"
                        + "| readRev | 1.02×, undecided (0.95-1.10×) |\n"
                        + "| readCrc | 0.75×, faster by 25% (20-30%) |\n"
                        + "| readXxh64 | 1.01×, no difference larger than ±3% |\n"),
                variants);
        assertTrue(variants.contains("B's time per pass ÷ A's in every rotation both took a turn in"), variants);
        assertTrue(
                variants.contains("*Faster by x%*: the whole interval lies below 1, and B takes x% less time than A"
                        + " (x = 1 − the ratio; the interval in the same terms)"),
                variants);
        assertFalse(variants.contains("Which variants ran"), "every variant ran");
    }

    @Test
    void atAGlanceSumsUpEachVariantAgainstItsBase() {
        String glance = section(quick, "## At a glance", "## Environment");
        assertTrue(
                glance.contains("- RocksDB 10.10.1.1 against RocksDB 11.8.1: faster on 2 of 6 workloads, slower on 1,"
                        + " no difference on 2, undecided on 1.\n"),
                glance);
    }

    @Test
    void theChartDrawsEachRatioWithItsIntervalFromALineAtOne() throws IOException {
        assertTrue(quick.contains("Chart data: `1-variants.dat` (render with `gnuplot 1-variants.gp`)."), quick);
        List<String> bars = Files.readAllLines(dir.resolve("quick/1-variants.dat")).stream()
                .filter(line -> !line.startsWith("#") && !line.isBlank())
                .toList();
        assertEquals(6, bars.size());
        String[] write = bars.get(0).split(" ");
        assertEquals("write", write[12].replace("\"", ""));
        assertEquals(0.88, Double.parseDouble(write[3]), 1e-4, "the median ratio");
        assertEquals(0.85, Double.parseDouble(write[7]), 1e-4, "the whisker from the interval's low end");
        assertEquals(0.92, Double.parseDouble(write[8]), 1e-4, "to its high end");
        String script = Files.readString(dir.resolve("quick/1-variants.gp"));
        assertTrue(script.contains("set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead"), script);
        assertTrue(script.contains("using 1:4:2:3:(1):4:6 with boxxyerror"), "bars grow from 1");
    }

    @Test
    void gnuplotDrawsTheRatioChart() throws IOException, InterruptedException {
        Path quickDir = dir.resolve("quick");
        Process gnuplot;
        try {
            gnuplot = new ProcessBuilder("gnuplot", "1-variants.gp")
                    .directory(quickDir.toFile())
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            assumeTrue(false, "gnuplot is not installed (sudo apt-get install gnuplot-nox); the chart is not drawn");
            return;
        }
        String output = new String(gnuplot.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(gnuplot.waitFor(60, TimeUnit.SECONDS), "gnuplot finished");
        assertEquals(0, gnuplot.exitValue(), output);
        assertEquals("", output.strip(), "gnuplot had nothing to complain about");
        assertTrue(Files.size(quickDir.resolve("1-variants.png")) > 5000, "a real chart");
    }

    @Test
    void theEnvironmentListsTheJvmEveryStoreRanIn() {
        String environment = section(quick, "## Environment", "## Method");
        assertTrue(
                environment.contains(
                        "| RocksDB 10.10.1.1 | `rocksdb:version=10.10.1.1` | 10.10.1.1 |"
                                + " 17.0.15+6-Debian-1deb12u1 | OpenJDK 64-Bit Server VM | G1 Young Generation, G1 Old Generation | none |"),
                environment);
        String jvms = section(jvm, "## Environment", "## Method");
        assertTrue(
                jvms.contains("| LMDB DB (JDK 25) | `lmdb:jdk=25` | 0.9.3 (LMDB 0.9.33) | 25.0.1+8-LTS | OpenJDK 64-Bit"
                        + " Server VM | G1 Young Generation, G1 Concurrent GC, G1 Old Generation |"
                        + " `--sun-misc-unsafe-memory-access=allow` |"),
                jvms);
    }

    @Test
    void withoutAPlainRowTheFirstJdkInStoreOrderIsTheBase() {
        String glance = section(jvm, "## At a glance", "## Environment");
        assertTrue(
                glance.contains(
                        "- LMDB DB (JDK 25) against LMDB DB (JDK 17): faster on 1 of 2 workloads, no difference"
                                + " on 1.\n- MVStore (JDK 25) against MVStore (JDK 17): slower on 1 of 2 workloads, undecided on 1.\n"),
                glance);
        String variants = section(jvm, "### Variants", "## Failed and skipped runs");
        assertTrue(
                variants.contains("| Workload | LMDB DB (JDK 25) against LMDB DB (JDK 17) | MVStore (JDK 25) against"
                        + " MVStore (JDK 17) |\n| --- | --- | --- |\n"
                        + "| write | 0.90×, faster by 10% (6-13%) | 1.06×, slower by 6% (3-10%) |\n"
                        + "| readSeq | 0.995×, no difference larger than ±3% | 1.01×, undecided (0.96-1.08×) |\n"),
                variants);
    }

    @Test
    void aYcsbWorkloadComparesTimePerOperationInTheRunPhase() {
        String variants = section(ycsb, "### Variants", "## Failed and skipped runs");
        assertTrue(variants.contains("B's time per operation in the run phase ÷ A's"), variants);
        assertTrue(
                variants.contains(
                        "| YCSB workloada | not compared: LMDB DB (ZGC) failed | 1.20×, slower by 20% (12-31%) |"
                                + " not compared: Chronicle (JDK 25, Unsafe deny) skipped |"),
                variants);
        assertTrue(
                section(ycsb, "## At a glance", "## Environment")
                        .contains("- RocksDB 10.10.1.1 against RocksDB 11.8.1: slower on 1 of 1 workload.\n"),
                ycsb);
    }

    @Test
    void aVariantThatCouldNotRunIsListedWithItsReason() {
        String variants = section(ycsb, "**Which variants ran**", "## Failed and skipped runs");
        assertTrue(
                variants.contains(
                        "| Chronicle (JDK 25, Unsafe deny) | `chronicle:jdk=25+unsafe=deny` | — | YCSB workloada:"
                                + " chronicle:jdk=25+unsafe=deny cannot run: Chronicle Map calls sun.misc.Unsafe's memory access, which"
                                + " --sun-misc-unsafe-memory-access=deny refuses (java.lang.UnsupportedOperationException: objectFieldOffset)"
                                + " | — |"),
                variants);
        assertTrue(
                variants.contains(
                        "| LMDB DB (ZGC) | `lmdb:collector=ZGC` | — | — | YCSB workloada: the JVM died during the load"
                                + " (exit code 134, SIGABRT): see its last lines |"),
                variants);
        assertTrue(
                variants.contains("| RocksDB 10.10.1.1 | `rocksdb:version=10.10.1.1` | YCSB workloada | — | — |"),
                variants);
        assertTrue(variants.contains("[Failed and skipped runs](#failed-and-skipped-runs)"), variants);
        String glance = section(ycsb, "## At a glance", "## Environment");
        assertTrue(
                glance.contains("- Chronicle (JDK 25, Unsafe deny) did not run: skipped (chronicle:jdk=25+unsafe=deny"
                        + " cannot run: "),
                glance);
        assertFalse(glance.contains("Chronicle (JDK 25, Unsafe deny) against"), "said once, with why: " + glance);
        assertTrue(
                section(ycsb, "## Environment", "## Method")
                        .contains("| Chronicle (JDK 25, Unsafe deny) |"
                                + " `chronicle:jdk=25+unsafe=deny` | 2026.1 | 25.0.1+8-LTS |"),
                "its preflight JVM still said what it was");
    }

    @Test
    void aRunWithoutVariantsHasNoneOfThis() throws IOException {
        String plain = Fixtures.report(YcsbTurnsReportTest.FIXTURE, dir.resolve("plain"), false);
        assertFalse(plain.contains("### Variants"), plain);
        assertFalse(plain.contains("against its base"), plain);
        assertFalse(plain.contains("# Variant:"), plain);
    }
}
