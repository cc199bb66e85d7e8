package dev.kvbench.workload.ycsb;

import java.util.Collection;
import java.util.Locale;

/** The nearest known name to a misspelt one (edit distance), for "did you mean" lines. */
final class Names {

    private Names() {}

    /** The name of {@code known} closest to {@code given}, by Levenshtein distance (ties: the first). */
    static String nearest(String given, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : known) {
            int d = distance(given.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = name;
            }
        }
        return best;
    }

    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
