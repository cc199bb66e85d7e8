package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.measure.Machine;
import dev.kvbench.results.SideFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVMs the interleaver may add for a pair whose JVMs differ are started only into the memory free when it needs
 * them, each counted as the suite's memory plan counts a JVM: the plan counts the block's JVMs, not these.
 */
class AddedJvmsMemoryTest {

    private static final String READ_SEQ = "dev.kvbench.bench.ReadSeqBenchmark.readSeq";

    private static Map<String, String> lmdb() {
        Map<String, String> lmdb = new LinkedHashMap<>();
        lmdb.put("batchSize", "1000000");
        lmdb.put("intKey", "true");
        lmdb.put("num", "2000");
        lmdb.put("sequential", "true");
        lmdb.put("store", "lmdb");
        lmdb.put("sync", "false");
        lmdb.put("valRandom", "false");
        lmdb.put("valSize", "100");
        return lmdb;
    }

    private static AddedJvms added(String heap, Path dir) {
        List<String> java = List.of("java", heap, "-cp", "x");
        Interleaver.Settings settings = new Interleaver.Settings(0, 11, 33, 20, 5, 2, 0.5, 120, 1);
        PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Path side = dir.resolve("side.jsonl");
        Interleaver owner = new Interleaver(params -> java, settings, new SideFile(side), log, true, 2);
        return new AddedJvms(owner, READ_SEQ, new ArrayList<>(), new LinkedHashMap<>());
    }

    @Test
    void addedJvmsThatDoNotFitTheMemoryFreeNowAreNotStarted(@TempDir Path dir) {
        long free = Machine.memAvailable();
        if (free <= 0) {
            return; // unknown memory is not checked, as in the plan
        }
        // four more JVMs of two engines, each given a heap of the whole memory free: never
        AddedJvms huge = added("-Xmx" + (free >> 20) + "m", dir);
        assertFalse(huge.fit(List.of(lmdb(), lmdb()), 4));
        // one more small JVM of 2,000 entries fits any machine that runs the tests
        AddedJvms small = added("-Xmx64m", dir);
        assertTrue(small.fit(List.of(lmdb()), 1));
    }
}
