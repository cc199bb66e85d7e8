package dev.kvbench.suite;

import dev.kvbench.amp.AmpState;
import java.util.List;

/** The {@code amp} suite: write and space amplification on the disk folder, {@code KVBENCH_DISK_DIR}. */
final class AmpSuite {

    /**
     * Entries of the amplification test: {@value} of 100 bytes, about 5 MB of user data and 52 MB overwritten. At
     * 100,000 the engines' sync=false trials alone took about 6 minutes on a busy 2-core host (MapDB 112 s, SQLite 62 s,
     * MVStore 58 s), so half that, to keep the suite at a few minutes; {@code -p num} sizes it.
     */
    static final int AMP_ENTRIES = 50_000;

    private AmpSuite() {}

    /** The suite's tests: {@link #amp()} alone. */
    static List<Experiment> tests() {
        return List.of(amp());
    }

    /**
     * Write and space amplification, the {@code amp} suite's only test (on the disk folder KVBENCH_DISK_DIR): every
     * engine through one binding each (the others share its engine's files) but {@code fs}, sync off and on, random
     * int keys, 100-byte values, commits of 1,000; the data set loaded, then overwritten ten times over, flat out. The {@code null} limit row shows the harness's own writes; the other
     * limit rows keep nothing on disk. {@code fs} (a file per key) is left out by default: its 550,000 file writes
     * took minutes on its own at 100,000 entries, and a file per entry amplifies as the depth test's storage table
     * already shows; {@code -p store=fs} runs it. Not scaled: {@code -p num} sizes it.
     */
    static Experiment amp() {
        String stores = SuiteParams.engines(
                engine -> engine.bindingOf().isEmpty() && !engine.name().equals("fs"));
        return Experiment.titled(
                        "Write and space amplification, disk folder",
                        "Bytes the disk was asked to write per byte of keys and values put: for the load of the data set into an "
                                + "empty store, and for " + AmpState.OVERWRITES + " times as many puts of random "
                                + "existing keys; and the store's size on disk after each, against the keys and values it holds. "
                                + "Each phase runs from the store's open to its close and a sync of the file system. The fs store "
                                + "(a file per key) is left out for time; -p store=fs runs it.")
                .chart(Chart.amp())
                .workloads("amp")
                .params(SuiteParams.concat(
                        SuiteParams.params("store", stores + ",null", "sync", "false,true"),
                        SuiteParams.randomIntKeys("100"),
                        SuiteParams.params("batchSize", "1000")))
                .options(SuiteParams.singleShot(0, 1))
                .entries(AMP_ENTRIES)
                .onDisk();
    }
}
