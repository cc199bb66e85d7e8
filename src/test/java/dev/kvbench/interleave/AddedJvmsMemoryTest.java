package dev.kvbench.interleave;

import static dev.kvbench.interleave.AddedJvmsFixture.READ_SEQ;
import static dev.kvbench.interleave.AddedJvmsFixture.lmdb;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.measure.Machine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVMs the interleaver may add for a pair whose JVMs differ are started only into the memory free when it needs
 * them, each counted as the suite's memory plan counts a JVM: the plan counts the block's JVMs, not these.
 */
class AddedJvmsMemoryTest {

    private static AddedJvms added(String heap, Path dir) {
        PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Interleaver owner =
                AddedJvmsFixture.interleaver(List.of("java", heap, "-cp", "x"), dir.resolve("side.jsonl"), log);
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
