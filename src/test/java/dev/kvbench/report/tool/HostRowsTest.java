package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's environment table shows the host class, caches, huge page mode and memory profile a run recorded, as
 * rows a person reads, and a run from before them shows only what it has.
 */
class HostRowsTest {

    @Test
    void aRunFromBeforeTheHostClassShowsWhatItHas(@TempDir Path dir) throws IOException {
        String readme = Fixtures.report(ReportTest.FIXTURE, dir);
        assertTrue(readme.contains("\n| CPU | AMD EPYC, 2 cores |\n"), readme);
        assertFalse(readme.contains("Host class"), readme);
        assertFalse(readme.contains("Memory latency"), readme);
        assertFalse(readme.contains("TLB miss"), readme);
    }

    @Test
    void theHostClassAndTheMemoryProfileAreRowsOfTheirOwn(@TempDir Path dir) throws IOException {
        Fixtures.copy(ReportTest.FIXTURE, dir);
        Files.writeString(dir.resolve("env.txt"), """
                cpu.vendor: AuthenticAMD
                cpu.family: 25
                cpu.modelNumber: 17
                cpu.stepping: 1
                cpu.microcode: 0x1000065
                host.class: AuthenticAMD family 25 model 17
                cache.l1d: 32768
                cache.l2: 1048576
                cache.l3: 33554432
                memory.transparentHugePages: madvise
                memory.latencyNs.l1: 1.10
                memory.latencyNs.l2: 3.40
                memory.latencyNs.l3: 12.0
                memory.latencyNs.dram: 95.0
                memory.workingSets: l1 16 KiB, l2 512 KiB, l3 8 MiB, dram 128 MiB; one load per 64-byte line, median of 5
                memory.tlbMissNs: unavailable: transparent huge pages are off (never)
                """, StandardOpenOption.APPEND);
        Report.write(dir, Path.of("gnuplot"), true);
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(
                readme.contains("\n| Host class (vendor, family, model) | AuthenticAMD family 25 model 17, stepping 1,"
                        + " microcode 0x1000065 |\n"),
                readme);
        assertTrue(readme.contains("\n| Caches | L1D 32 KiB, L2 1 MiB, L3 32 MiB |\n"), readme);
        assertTrue(readme.contains("\n| Transparent huge pages | madvise |\n"), readme);
        assertTrue(
                readme.contains("\n| Memory latency (a dependent load) | L1 1.10 ns, L2 3.40 ns, L3 12.0 ns, beyond L3"
                        + " 95.0 ns; working sets l1 16 KiB, l2 512 KiB, l3 8 MiB, dram 128 MiB; one load per 64-byte"
                        + " line, median of 5 |\n"),
                readme);
        assertTrue(
                readme.contains("\n| TLB miss (a page walk) | unavailable: transparent huge pages are off (never) |\n"),
                readme);
        assertFalse(readme.contains("| cpu.family |"), "no raw key row: " + readme);
        assertFalse(readme.contains("| cache.l2 |"), "no raw key row: " + readme);
    }
}
