package dev.kvbench.interleave;

import dev.kvbench.results.SideFile;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the tests of the JVMs the interleaver adds share ({@link AddedJvmsTest} starts them, {@link AddedJvmsMemoryTest}
 * counts their memory): one benchmark, one engine's small data set and an interleaver of two forks to add them to, so
 * that both tests speak of the same JVMs.
 */
final class AddedJvmsFixture {

    static final String READ_SEQ = "dev.kvbench.bench.ReadSeqBenchmark.readSeq";

    /** Short turns and few rotations: the tests take a turn or two, not a ranking. */
    static final Interleaver.Settings SETTINGS = new Interleaver.Settings(0, 11, 33, 20, 5, 2, 0.5, 120, 1);

    private AddedJvmsFixture() {}

    /** LMDB's parameters for 2,000 entries: small enough for any machine that runs the tests. */
    static Map<String, String> lmdb() {
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

    /** The interleaver, of two forks, that starts engine JVMs with {@code java} and writes their trials to {@code side}. */
    static Interleaver interleaver(List<String> java, Path side, PrintStream log) {
        return new Interleaver(params -> java, SETTINGS, new SideFile(side), log, true, 2);
    }
}
