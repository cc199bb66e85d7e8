package dev.kvbench.interleave;

import dev.kvbench.measure.Canary;
import dev.kvbench.measure.Steal;
import dev.kvbench.results.TurnLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the host did in each measured rotation of a block: a short canary timed after the rotation's turns, in the
 * coordinator while no engine runs, and the steal over the rotation. The suite's canary before a test sees one
 * moment; this sees the host change under the turns, which is where a ranking is made.
 */
final class HostSamples {

    /** Steps of the rotation canary's walk: about 5 ms, three walks, against 100 ms turns of a dozen engines. */
    static final int STEPS = 1 << 15;

    /** One per coordinator JVM: building its 64 MiB cycle takes a moment. */
    private static Canary canary;

    private final List<Double> canaryMs = new ArrayList<>();
    private final List<Double> stealPct = new ArrayList<>();
    private long[] cpu = Steal.cpuTimes();

    /** After a measured rotation: the canary, and the steal since the last sample. */
    void sample() {
        long[] now = Steal.cpuTimes();
        stealPct.add(Steal.percent(cpu, now));
        canaryMs.add(canary().millis());
        cpu = Steal.cpuTimes(); // the canary's own time is not the rotation's
    }

    private static synchronized Canary canary() {
        if (canary == null) {
            canary = new Canary(STEPS);
        }
        return canary;
    }

    /** The two log lines, canary and steal per rotation; "" with no rotation. */
    String text() {
        if (canaryMs.isEmpty()) {
            return "";
        }
        return TurnLog.CANARY + join(canaryMs, "%.2f") + "\n" + TurnLog.STEAL + join(stealPct, "%.2f");
    }

    private static String join(List<Double> values, String format) {
        StringBuilder text = new StringBuilder();
        for (double v : values) {
            text.append(text.length() == 0 ? "" : " ")
                    .append(Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v));
        }
        return text.toString();
    }
}
