package dev.kvbench.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.Metric;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;

/** The settling rule on series of pass times (ms), fed as a trial feeds it. */
class SettleTest {

    @AfterEach
    void clearProperties() {
        System.clearProperty(Settle.MIN_PROPERTY);
        System.clearProperty(Settle.MAX_PROPERTY);
    }

    /** Feeds {@code passes} (ms) until the rule stops; returns how many it took. */
    private static int feed(Settle rule, double... passes) {
        long elapsed = 0;
        for (int i = 0; i < passes.length; i++) {
            long nanos = Math.round(passes[i] * 1e6);
            elapsed += nanos;
            if (!rule.ran(nanos, elapsed, -1)) {
                return i + 1;
            }
        }
        return passes.length;
    }

    @Test
    void steadyPassesSettleAfterThreeWindows() {
        Settle rule = new Settle(0, 5_000);
        double[] passes = new double[40];
        java.util.Arrays.fill(passes, 2.0);
        assertEquals(3, feed(rule, passes), "three single-pass windows");
        assertTrue(rule.settled());
    }

    @Test
    void noSettlingBeforeTheLeastTime() {
        Settle rule = new Settle(100, 5_000);
        double[] passes = new double[100];
        java.util.Arrays.fill(passes, 2.0);
        assertEquals(50, feed(rule, passes));
        assertTrue(rule.settled());
    }

    /**
     * Xodus's readKey in the quick suite: passes near 160 ms, then 400 ms, then 60 ms from the
     * twelfth on; the JIT compiling a third of the time until then.
     */
    @Test
    void aPlateauBeforeADropIsNotSettledWhileTheJitCompiles() {
        double[] passes = {
            199.8, 162.0, 157.3, 155.7, 207.4, 394.3, 412.6, 381.2, 172.2, 172.2, 237.8, 64.1, 61.3, 62.8, 60.7, 59.9,
            61.1, 64.0, 62.1, 61.2, 62.5, 60.3, 60.5, 60.6, 60.6, 61.9, 62.0
        };
        Settle rule = new Settle(0, 60_000);
        long elapsed = 0;
        long compiling = 0;
        int stopped = 0;
        for (int i = 0; i < passes.length; i++) {
            long nanos = Math.round(passes[i] * 1e6);
            elapsed += nanos;
            compiling += i < 11 ? nanos / 3_000_000 : 0;
            stopped = i + 1;
            if (!rule.ran(nanos, elapsed, compiling)) {
                break;
            }
        }
        assertTrue(rule.settled());
        assertTrue(stopped >= 17, "settled at pass " + stopped + ", before three windows of the 60 ms passes");
        assertEquals(60.6, ((Number) rule.metrics().get(Metric.SETTLE_LAST_MS)).doubleValue(), 1.5);
    }

    @Test
    void onePauseInAWindowNeitherSettlesNorUnsettles() {
        Settle rule = new Settle(800, 60_000);
        assertEquals(
                13,
                feed(rule, 55, 56, 57, 55, 56, 57, 55, 56, 57, 55, 56, 55, 300, 56, 57, 55),
                "windows of four passes at the thirteenth, the pause in the last one");
        assertTrue(rule.settled());
        Settle early = new Settle(0, 60_000);
        assertEquals(9, feed(early, 55, 56, 274, 55, 57, 56, 55, 57, 56, 58), "a pause among the first passes");
        assertTrue(early.settled());
    }

    @Test
    void passesThatKeepChangingStopAtTheCapUnsettled() {
        Settle rule = new Settle(0, 1_000);
        double[] passes = new double[200];
        for (int i = 0; i < passes.length; i++) {
            passes[i] = 10 + 3 * i; // slower every pass, as a heap that keeps growing
        }
        int stopped = feed(rule, passes);
        assertFalse(rule.settled());
        assertTrue(stopped < passes.length, "stopped at the cap");
        Map<String, Object> m = rule.metrics();
        assertEquals(0, m.get(Metric.SETTLED));
        assertEquals(stopped, m.get(Metric.SETTLE_PASSES));
        assertTrue(((Number) m.get(Metric.SETTLE_MS)).doubleValue() >= 1_000);
        assertEquals(1_000L, m.get(Metric.SETTLE_MAX_MS), "the cap in force, for the report");
    }

    @Test
    void medianWindowsWithinFivePercentSettleAndSixPercentDoNot() {
        Settle within = new Settle(0, 60_000);
        assertEquals(3, feed(within, 100, 104.9, 102));
        Settle beyond = new Settle(0, 60_000);
        assertEquals(4, feed(beyond, 100, 106, 102, 103, 103, 103, 103));
        assertTrue(beyond.settled());
    }

    @Test
    void aCompilingJitKeepsSteadyPassesUnsettled() {
        Settle rule = new Settle(0, 60_000);
        long elapsed = 0;
        int passes = 0;
        boolean again = true;
        while (again) { // 80 ms passes, the JIT compiling half of the time for the first 2 s
            elapsed += 80_000_000L;
            passes++;
            long compiling = Math.min(elapsed, 2_000_000_000L) / 2 / 1_000_000;
            again = rule.ran(80_000_000L, elapsed, compiling);
        }
        assertTrue(rule.settled());
        assertTrue(elapsed > 2_000_000_000L, "settled at " + elapsed / 1_000_000 + " ms, while the JIT compiled");
        assertEquals(29, passes, "the first window with a tenth of its time compiling");
    }

    @Test
    void singleShotRunsAndAZeroCapDoNotSettle() {
        assertFalse(Settle.forMode(Mode.SingleShotTime).enabled());
        assertTrue(Settle.forMode(Mode.SampleTime).enabled());
        System.setProperty(Settle.MAX_PROPERTY, "0");
        assertFalse(Settle.forMode(Mode.SampleTime).enabled());
    }

    @Test
    void aBadPropertySaysWhatIsAllowed() {
        System.setProperty(Settle.MAX_PROPERTY, "5s");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Settle::fromProperties);
        assertEquals(
                "-Dkvbench.settle.maxMs=5s is not a whole number of milliseconds (0 or more;"
                        + " -Dkvbench.settle.maxMs=0 turns settling off)",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Settle(-1, 10));
    }

    @Test
    void aCommandLineIsCheckedBeforeAnyForkStarts() {
        Settle.check(java.util.List.of("-Xmx1g -Dkvbench.settle.maxMs=2000", "-Dkvbench.settle.minMs=0"));
        IllegalArgumentException negative = assertThrows(
                IllegalArgumentException.class, () -> Settle.check(java.util.List.of("-Dkvbench.settle.minMs=-5")));
        assertTrue(negative.getMessage().startsWith("-Dkvbench.settle.minMs=-5 is not a whole number of milliseconds"));
        IllegalArgumentException unknown = assertThrows(
                IllegalArgumentException.class, () -> Settle.check(java.util.List.of("-Dkvbench.settle.max=3s")));
        assertEquals(
                "unknown option -Dkvbench.settle.max=3s (settling takes -Dkvbench.settle.minMs=MS and"
                        + " -Dkvbench.settle.maxMs=MS)",
                unknown.getMessage());
    }
}
