package dev.kvbench.amp;

import dev.kvbench.bench.KvParams;
import dev.kvbench.measure.DiskWrites;
import dev.kvbench.results.Metric;
import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Trial;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.Overwrite;
import dev.kvbench.workload.Write;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * One amplification trial, two phases, each from the store's open to its close and a sync of the
 * file system ({@link DiskWrites}), so that each phase's figures hold everything it made the disk
 * write and nothing of the other's:
 * <ol>
 * <li>load: the data set written into an empty store, a commit every {@code batchSize} entries;
 * <li>overwrite: the store opened again and {@value #OVERWRITES} × {@code num} puts of random
 * existing keys ({@link Overwrite}), flat out, committed as the load was; each put changes its key's
 * bytes (its value and the value's complement alternate), so that no engine can skip it.
 * </ol>
 * Before the load, the store is opened and closed once, untimed and uncounted, so that what an engine's first
 * open does in this JVM (extracting its native library) is not counted. After the overwrites the store is
 * opened once more, the keys left holding a complement get their own value back (uncounted), and every
 * entry is read back and verified. The side-file line
 * holds, per phase, the user bytes put, this JVM's bytes written and cancelled ({@code /proc/self/io}:
 * the engine's own threads are threads of this JVM), the device's bytes written (every process's) and
 * the store's size after it; the report divides.
 */
@State(Scope.Benchmark)
public class AmpState extends KvParams {

    /** How many times the overwrite phase puts the data set's number of entries. */
    public static final int OVERWRITES = 10;
    /** The overwrite phase's draws of keys: the same for every engine. */
    static final long SEED = 2026_11_24L;

    private Trial trial;
    private DiskWrites disk;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams jmh) {
        trial = Trial.begin(jmh.getBenchmark(), JmhParams.of(jmh));
        try {
            disk = DiskWrites.of(WorkFolder.base());
        } catch (RuntimeException e) {
            throw trial.fail(e);
        }
    }

    /** Both phases and the check; returns the entries put (for JMH's blackhole). */
    long run() {
        DataSet data = trial.data();
        long user = data.spec().shape().flatBytes();
        long overwrites = (long) OVERWRITES * data.num();
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put(Metric.AMP_USER_BYTES, user);
        figures.put(Metric.AMP_OVERWRITES, OVERWRITES);
        figures.put(Metric.AMP_OVERWRITE_CHANGES, 1);
        figures.put(Metric.AMP_DEVICE, disk.deviceName().orElse(null));
        // Opened once before the first reading: an engine's first open extracts its native library into the temporary
        // folder (rocksdbjni's is about 20 MB), a write of the harness's, not of the store.
        trial.openEmpty();
        trial.closeStore();
        DiskWrites.Reading start = trial.measured(onThread -> disk.syncAndRead());
        trial.openEmpty();
        trial.measured(onThread -> Write.run(trial.store(), data, trial.batchSize()));
        DiskWrites.Reading loaded = endPhase("load", start, user, figures);
        trial.reopenStore();
        Overwrite.Done overwritten =
                trial.measured(onThread -> Overwrite.run(trial.store(), data, overwrites, trial.batchSize(), SEED));
        endPhase("overwrite", loaded, user * OVERWRITES, figures);
        trial.reopenStore();
        // After the phase's figures: the keys left holding their value's complement get their own value back.
        trial.measured(onThread -> {
            Overwrite.restore(trial.store(), data, overwritten.complemented(), trial.batchSize());
            return null;
        });
        trial.verifyReadBack();
        trial.record(figures);
        return data.num() + overwrites;
    }

    /** Closes the store, syncs, and records what the phase since {@code from} wrote and the store's size. */
    private DiskWrites.Reading endPhase(
            String phase, DiskWrites.Reading from, long userBytes, Map<String, Object> figures) {
        trial.closeStore();
        DiskWrites.Reading now = trial.measured(onThread -> disk.syncAndRead());
        DiskWrites.Reading written = now.since(from);
        figures.put(Metric.amp(phase, "userBytes"), userBytes);
        figures.put(Metric.amp(phase, "processWriteBytes"), written.process().writeBytes());
        figures.put(Metric.amp(phase, "cancelledWriteBytes"), written.process().cancelledWriteBytes());
        figures.put(Metric.amp(phase, "deviceWriteBytes"), written.deviceBytes());
        figures.put(Metric.amp(phase, "storageBytes"), trial.storeBytes());
        return now;
    }

    @TearDown(Level.Trial)
    public void end() {
        trial.end();
    }
}
