package dev.kvbench.trial;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The workload families only the tests register (in {@code src/test/resources/META-INF/services}): the tests' class
 * path has them, and their benchmarks, where a user's jar has neither. A test of what the jar does with every
 * benchmark leaves theirs out ({@link #benchmarkExclude()}).
 */
public final class TestsOwn {

    private TestsOwn() {}

    /** The registered families whose classes come from the tests' classes. */
    public static List<WorkloadFamily> families() {
        return WorkloadFamilies.all().stream()
                .filter(family -> family.getClass()
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .getPath()
                        .contains("test-classes"))
                .toList();
    }

    /** A JMH exclude pattern ({@code -e}) of the benchmarks in the packages of the tests' own families. */
    public static String benchmarkExclude() {
        return "^("
                + String.join(
                        "|",
                        families().stream()
                                .map(family -> Pattern.quote(family.benchmarkPackage() + "."))
                                .toList())
                + ")";
    }
}
