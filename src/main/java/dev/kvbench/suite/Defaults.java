package dev.kvbench.suite;

import dev.kvbench.bench.KvParams;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Param;

/** The benchmarks' own parameter defaults (the {@code @Param} values of {@link KvParams}), for parameters a test leaves out. */
final class Defaults {

    private Defaults() {}

    /** The values of {@code name} in {@code params}, else the benchmarks' default values. */
    static List<String> values(Map<String, String> params, String name) {
        String given = params.get(name);
        if (given != null) {
            return Arrays.stream(given.split(","))
                    .map(String::trim)
                    .filter(v -> !v.isEmpty())
                    .toList();
        }
        try {
            return List.of(
                    KvParams.class.getField(name).getAnnotation(Param.class).value());
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException("no benchmark parameter is called '" + name + "'", e);
        }
    }

    /** An integer parameter value, as JMH accepts it ({@code 100_000} too). */
    static int integer(String value) {
        return Integer.parseInt(value.trim().replace("_", ""));
    }
}
