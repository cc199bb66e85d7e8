package dev.kvbench.report.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.Metric;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The amplification arithmetic: bytes written less those cancelled, over the bytes put; size over the bytes held. */
class AmplificationTest {

    private static Result run(Map<String, Double> metrics) {
        return new Result(
                new RunKey("dev.kvbench.amp.AmpBenchmark.amp", Map.of("store", "lmdb", "sync", "true")),
                1000,
                Double.NaN,
                Result.Status.OK,
                null,
                metrics);
    }

    private static Map<String, Double> figures() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put(Metric.AMP_USER_BYTES, 10_400_000.0);
        m.put(Metric.AMP_OVERWRITES, 10.0);
        m.put(Metric.amp("load", "userBytes"), 10_400_000.0);
        m.put(Metric.amp("load", "processWriteBytes"), 31_200_000.0);
        m.put(Metric.amp("load", "cancelledWriteBytes"), 10_400_000.0);
        m.put(Metric.amp("load", "deviceWriteBytes"), 26_000_000.0);
        m.put(Metric.amp("load", "storageBytes"), 15_600_000.0);
        m.put(Metric.amp("overwrite", "userBytes"), 104_000_000.0);
        m.put(Metric.amp("overwrite", "processWriteBytes"), 520_000_000.0);
        m.put(Metric.amp("overwrite", "cancelledWriteBytes"), 0.0);
        m.put(Metric.amp("overwrite", "deviceWriteBytes"), -1.0);
        m.put(Metric.amp("overwrite", "storageBytes"), 41_600_000.0);
        return m;
    }

    @Test
    void writeAmplificationIsTheBytesThatReachedTheDeviceOverTheBytesPut() {
        Amplification a = Amplification.of(run(figures()));
        assertEquals(2.0, a.writeAmpLoad(), 1e-9, "(31.2 MB written - 10.4 MB cancelled) / 10.4 MB");
        assertEquals(5.0, a.writeAmpOverwrite(), 1e-9, "520 MB / (10 x 10.4 MB)");
        assertEquals(2.5, a.deviceAmpLoad(), 1e-9);
    }

    @Test
    void spaceAmplificationIsTheSizeOnDiskOverTheKeysAndValuesHeld() {
        Amplification a = Amplification.of(run(figures()));
        assertEquals(1.5, a.spaceAmpLoad(), 1e-9);
        assertEquals(4.0, a.spaceAmpOverwrite(), 1e-9, "the store still holds the data set once, not ten times");
    }

    @Test
    void anUnknownCounterOrNoUserBytesGiveNoRatio() {
        Amplification a = Amplification.of(run(figures()));
        assertTrue(
                Double.isNaN(a.deviceAmpOverwrite()),
                "a device counter of -1 is unknown, not a negative amplification");
        assertTrue(Double.isNaN(Amplification.ratio(5, 0)));
        assertTrue(Double.isNaN(Amplification.ratio(Double.NaN, 5)));
        Map<String, Double> none = figures();
        none.remove(Metric.amp("load", "processWriteBytes"));
        assertTrue(Double.isNaN(Amplification.of(run(none)).writeAmpLoad()));
    }

    @Test
    void overwritesOfUnchangedValuesMeasureNothingOnlyForAnEngineThatSkipsThem() {
        Amplification before = Amplification.of(run(figures()));
        assertTrue(
                before.overwritesSkipped("sqlite"), "results without amp.overwriteChanges put each key's value again");
        assertFalse(before.overwritesSkipped("lmdb"), "LMDB writes a put of an unchanged value");
        Map<String, Double> changed = figures();
        changed.put(Metric.AMP_OVERWRITE_CHANGES, 1.0);
        assertFalse(Amplification.of(run(changed)).overwritesSkipped("sqlite"));
    }
}
