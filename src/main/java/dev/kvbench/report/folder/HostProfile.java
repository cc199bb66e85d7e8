package dev.kvbench.report.folder;

import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run's host as {@code env.txt} describes it beyond the CPU's name: its class ({@code host.class}: vendor, family,
 * model), caches, huge page mode, and the measured memory profile ({@code memory.latencyNs.*},
 * {@code memory.tlbMissNs}). A run from before these keys has none of them: each is then empty, never "null".
 *
 * @param hostClass "AuthenticAMD family 25 model 17", or "" where not recorded
 * @param env       the run's env.txt
 */
public record HostProfile(String hostClass, Map<String, String> env) {

    /**
     * The profile's measured properties that can name a likely cause: env.txt key → what a reader calls it. The TLB
     * miss cost is shown but not among them: it is the difference of two measured latencies, and on one Zen 4 host in
     * one day it read 141, 19.1, 7.06 and 44.4 ns.
     */
    private static final Map<String, String> MEASURED = measured();

    /**
     * How far apart one of the latencies of two runs on one host class must be for the host to count as in another
     * state. The five runs on one Zen 4 host on 2026-12-07 measured their beyond-L3 latency within 1.06× of each other
     * and their L2 or L3 latency 1.3-1.7× apart (2.1× beside a made neighbour), and where the L2 latency was 1.71×
     * apart the second run's cursor passes were 1.5-1.9× slower. The threshold sits between the two spreads; it is
     * checked on that one host class only.
     */
    public static final double STATE_RATIO = 1.25;

    private static Map<String, String> measured() {
        Map<String, String> names = new LinkedHashMap<>();
        names.put("memory.latencyNs.l1", "L1 latency");
        names.put("memory.latencyNs.l2", "L2 latency");
        names.put("memory.latencyNs.l3", "L3 latency");
        names.put("memory.latencyNs.dram", "memory latency beyond L3");
        return names;
    }

    public static HostProfile of(Map<String, String> env) {
        String recorded = env.getOrDefault("host.class", "");
        return new HostProfile(recorded.equals("unknown") ? "" : recorded, env);
    }

    /** Whether the run recorded its host class. */
    public boolean known() {
        return !hostClass.isEmpty();
    }

    /** "AuthenticAMD family 25 model 17, stepping 1, microcode 0x1000065"; "" where the class is not recorded. */
    public String classText() {
        if (!known()) {
            return "";
        }
        StringBuilder text = new StringBuilder(hostClass);
        for (String[] item : new String[][] {{"stepping", "cpu.stepping"}, {"microcode", "cpu.microcode"}}) {
            String value = env.getOrDefault(item[1], "unknown");
            if (!value.equals("unknown")) {
                text.append(", ").append(item[0]).append(' ').append(value);
            }
        }
        return text.toString();
    }

    /** "L1d 32 KiB, L2 1 MiB, L3 32 MiB", the sizes recorded; "" for none. */
    public String cachesText() {
        List<String> parts = new ArrayList<>();
        for (String level : List.of("l1d", "l2", "l3")) {
            double bytes = Numbers.parse(env.get("cache." + level));
            if (!Double.isNaN(bytes)) {
                parts.add(level.toUpperCase(Locale.ROOT) + " " + Numbers.binary((long) bytes));
            }
        }
        return String.join(", ", parts);
    }

    /**
     * "L1 1.10 ns, L2 3.40 ns, L3 12.0 ns, beyond L3 95.0 ns"; the reason where the profile was not measured; "" for a
     * run from before the profile.
     */
    public String latencyText() {
        if (env.containsKey("memory.latencyNs")) {
            return env.get("memory.latencyNs");
        }
        List<String> parts = new ArrayList<>();
        for (String[] level : new String[][] {{"l1", "L1"}, {"l2", "L2"}, {"l3", "L3"}, {"dram", "beyond L3"}}) {
            String value = env.getOrDefault("memory.latencyNs." + level[0], "");
            if (!value.isEmpty()) {
                parts.add(level[1] + " " + value + (Double.isNaN(Numbers.parse(value)) ? "" : " ns"));
            }
        }
        return String.join(", ", parts);
    }

    /** "25.0 ns (40.0 on 4 KiB pages, ...)", or why it is unavailable; "" for a run from before the profile. */
    public String tlbText() {
        String value = env.getOrDefault("memory.tlbMissNs", "");
        int space = value.indexOf(' ');
        String first = space < 0 ? value : value.substring(0, space);
        return Double.isNaN(Numbers.parse(first)) ? value : first + " ns" + value.substring(first.length());
    }

    /** A measured property's figure, NaN where it is not recorded or not a number. */
    double figure(String key) {
        String value = env.getOrDefault(key, "");
        int space = value.indexOf(' ');
        return Numbers.parse(space < 0 ? value : value.substring(0, space));
    }

    /**
     * The measured property whose figures differ most between this host and {@code other}, as "the L3 latency
     * (12.0 ns against 30.0 ns, 2.5×)"; "" when the two share no measured figure.
     */
    public String mostDifferent(HostProfile other) {
        return difference(other).text();
    }

    /**
     * Whether {@code other}, a run of the same host class, found the host's memory in another state: one of the
     * latencies {@link #STATE_RATIO} or more apart.
     */
    public boolean otherState(HostProfile other) {
        return difference(other).ratio() >= STATE_RATIO;
    }

    private Difference difference(HostProfile other) {
        Difference most = new Difference("", 1);
        for (Map.Entry<String, String> property : MEASURED.entrySet()) {
            double mine = figure(property.getKey());
            double theirs = other.figure(property.getKey());
            if (!(mine > 0 && theirs > 0)) {
                continue;
            }
            double ratio = Math.max(mine, theirs) / Math.min(mine, theirs);
            if (ratio > most.ratio()) {
                most = new Difference(
                        "the " + property.getValue() + " (" + Numbers.sig3(mine) + " ns against " + Numbers.sig3(theirs)
                                + " ns, " + Numbers.times(ratio) + ")",
                        ratio);
            }
        }
        return most;
    }

    /** A measured property's figures in two runs, in words, and the larger over the smaller. */
    private record Difference(String text, double ratio) {}
}
