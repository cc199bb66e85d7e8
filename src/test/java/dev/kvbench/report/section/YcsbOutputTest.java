package dev.kvbench.report.section;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.folder.YcsbOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * YCSB's client output as the ycsb-peer suite captured it: real files of a tiny run ({@code fixtures/ycsb-peer-results},
 * {@code KVBENCH_YCSB=... ./run.sh ycsb-peer -p recordcount=1000 -p operationcount=1000}, YCSB 0.17.0, rocksdbjni
 * 11.8.1). The expected figures are read by hand from the files.
 */
class YcsbOutputTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/ycsb-peer-results");

    @Test
    void readsTheOverallLineAndEachOperationsCountAndPercentiles() throws IOException {
        YcsbOutput a = YcsbOutput.read(FIXTURE.resolve("ycsb-1.run.txt")); // workload A with RocksDBClient
        assertEquals(0, a.exit());
        assertEquals(1257.861635220126, a.throughput());
        assertEquals(795, a.runTimeMs());
        assertEquals(492, a.operations("READ"));
        assertEquals(9, a.latencyMicros("READ", "50"));
        assertEquals(220, a.latencyMicros("READ", "99"));
        assertEquals(6491, a.latencyMicros("READ", "99.9"));
        assertEquals(508, a.operations("UPDATE"));
        assertEquals(4879, a.latencyMicros("UPDATE", "99"));
        assertEquals(0, a.notOk("READ") + a.notOk("UPDATE"));
        assertTrue(Double.isNaN(a.operations("SCAN")), "A makes no scans");
        assertTrue(a.ran(YcsbPeerRuns.ROCKSDB_CLIENT));
        assertFalse(a.ran(YcsbPeerRuns.BASIC_DB));
    }

    @Test
    void readsScansAndInsertsOfWorkloadEAndBasicDbsRun() throws IOException {
        YcsbOutput e = YcsbOutput.read(FIXTURE.resolve("ycsb-5.run.txt"));
        assertEquals(965, e.operations("SCAN"));
        assertEquals(11535, e.latencyMicros("SCAN", "99"));
        assertEquals(35, e.operations("INSERT"));
        assertEquals(100, e.latencyMicros("INSERT", "50"));
        YcsbOutput basic = YcsbOutput.read(FIXTURE.resolve("ycsb-7.run.txt"));
        assertTrue(basic.ran(YcsbPeerRuns.BASIC_DB));
        assertEquals(47619.04761904762, basic.throughput());
    }

    @Test
    void leavesTheBindingsLogAloneAndTellsAClientThatDidNotFinish() throws IOException {
        String text = Files.readString(FIXTURE.resolve("ycsb-1.load.txt"), StandardCharsets.UTF_8);
        assertTrue(text.contains("] INFO site.ycsb.db.rocksdb.RocksDBClient"), "the binding's log is in the file");
        YcsbOutput load = YcsbOutput.parse(text);
        assertTrue(
                load.sections().keySet().stream().allMatch(s -> s.matches("[A-Z][A-Z0-9_%-]*")),
                load.sections().keySet().toString());
        assertEquals(1000, load.operations("INSERT"));
        YcsbOutput cut = YcsbOutput.parse(text.substring(0, text.indexOf("[OVERALL]")));
        assertEquals(-1, cut.exit(), "no exit line: the client did not finish");
        assertTrue(Double.isNaN(cut.throughput()));
    }

    @Test
    void namesPercentilesAsYcsbDoes() {
        assertEquals("50th", YcsbOutput.ordinal("50"));
        assertEquals("1st", YcsbOutput.ordinal("1"));
        assertEquals("2nd", YcsbOutput.ordinal("2"));
        assertEquals("3rd", YcsbOutput.ordinal("3"));
        assertEquals("11th", YcsbOutput.ordinal("11"));
        assertEquals("13th", YcsbOutput.ordinal("13"));
        assertEquals("21st", YcsbOutput.ordinal("21"));
        assertEquals("99.9", YcsbOutput.ordinal("99.9"));
    }
}
