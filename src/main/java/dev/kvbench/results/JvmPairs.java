package dev.kvbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A pair of engines JVM by JVM: for each JVM index both engines ran, the ratio of their turns paired in it (A's JVM j
 * beside B's JVM j), and how many of those JVM pairs have one engine faster. Where the pair is undecided over all its
 * turns because its engines' JVMs differ, this is its answer: "depends on the JVM", with its k of n.
 */
public final class JvmPairs {

    /** The most JVMs per engine and benchmark the interleaver runs, the first ones included, where they disagree. */
    public static final int MOST_JVMS = 6;

    private JvmPairs() {}

    /**
     * The paired ratio {@code other} ÷ {@code base} of each JVM index both have, by index: the turns' keys with their
     * times ({@code base}, {@code other}) and each key's JVM ({@code jvmOf}, 0-based; a key's JVM is the same for both
     * engines, since a key pairs the same JVM index of both).
     */
    public static Map<Integer, PairedRatio> byJvm(
            Map<Integer, Double> base, Map<Integer, Double> other, Map<Integer, Integer> jvmOf) {
        Map<Integer, Map<Integer, Double>> baseByJvm = new TreeMap<>();
        Map<Integer, Map<Integer, Double>> otherByJvm = new TreeMap<>();
        base.forEach((key, ms) -> baseByJvm
                .computeIfAbsent(jvmOf.getOrDefault(key, 0), j -> new TreeMap<>())
                .put(key, ms));
        other.forEach((key, ms) -> otherByJvm
                .computeIfAbsent(jvmOf.getOrDefault(key, 0), j -> new TreeMap<>())
                .put(key, ms));
        Map<Integer, PairedRatio> ratios = new TreeMap<>();
        baseByJvm.forEach((jvm, turns) -> {
            if (otherByJvm.containsKey(jvm)) {
                PairedRatio ratio = PairedRatio.of(turns, otherByJvm.get(jvm));
                if (ratio.pairs() > 0) {
                    ratios.put(jvm, ratio);
                }
            }
        });
        return ratios;
    }

    /**
     * "depends on the JVM: {@code baseName} faster in 3 of 6 JVM pairs, {@code otherName} in 2, 1 tied" from
     * {@link #byJvm}, each JVM pair's median ratio read as faster beyond the width of a tie; empty with fewer than
     * two JVM pairs.
     */
    public static String dependsText(Map<Integer, PairedRatio> byJvm, String baseName, String otherName) {
        if (byJvm.size() < 2) {
            return "";
        }
        int[] faster = faster(byJvm);
        int n = byJvm.size();
        List<String> parts = new ArrayList<>();
        parts.add(baseName + " faster in " + faster[0] + " of " + n + " JVM pairs");
        parts.add(otherName + " in " + faster[1]);
        if (n - faster[0] - faster[1] > 0) {
            parts.add((n - faster[0] - faster[1]) + " within ±" + Math.round(100 * PairedRatio.TIE_WIDTH) + "%");
        }
        return "depends on the JVM: " + String.join(", ", parts);
    }

    /**
     * Whether the JVM pairs of {@link #byJvm} split: at least two, some with the base engine faster beyond the width of a
     * tie and some with the other, so that which engine is faster depends on which JVMs ran, an answer in itself.
     */
    public static boolean split(Map<Integer, PairedRatio> byJvm) {
        int[] faster = faster(byJvm);
        return byJvm.size() >= 2 && faster[0] > 0 && faster[1] > 0;
    }

    /** {@code [base faster, other faster]}: how many JVM pairs' median ratio lies beyond the width of a tie each way. */
    private static int[] faster(Map<Integer, PairedRatio> byJvm) {
        int[] faster = new int[2];
        for (PairedRatio ratio : byJvm.values()) {
            if (ratio.median() > 1 + PairedRatio.TIE_WIDTH) {
                faster[0]++;
            } else if (ratio.median() < 1 - PairedRatio.TIE_WIDTH) {
                faster[1]++;
            }
        }
        return faster;
    }
}
