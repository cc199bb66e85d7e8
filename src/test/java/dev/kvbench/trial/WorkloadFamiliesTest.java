package dev.kvbench.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Stores;
import dev.kvbench.workload.Workload;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Every registered workload family, reached through the registry as the benchmarks and the plan reach it: each
 * workload has one family, and each family has benchmarks that take its parameters, whose defaults it parses into a
 * trial's data and checks as a command line's values. Registering a family is what tests it.
 */
class WorkloadFamiliesTest {

    /** Every registered family, the tests' own among them: each has JMH benchmarks. */
    static List<WorkloadFamily> families() {
        return WorkloadFamilies.all();
    }

    @Test
    void noTwoRegisteredFamiliesNameAWorkloadAlike() {
        List<String> labels = WorkloadFamilies.all().stream()
                .flatMap(f -> f.workloads().stream())
                .map(Workload::label)
                .toList();
        assertEquals(labels.size(), Set.copyOf(labels).size(), labels.toString());
        assertFalse(TestsOwn.families().isEmpty(), "a family of the tests' own is registered: " + labels);
    }

    @Test
    void everyWorkloadIsRunByExactlyOneFamily() {
        for (Workload workload : Workload.values()) {
            List<String> runBy = families().stream()
                    .filter(f -> f.workloads().contains(workload))
                    .map(WorkloadFamily::name)
                    .toList();
            assertEquals(1, runBy.size(), workload + " is run by " + runBy);
            assertTrue(WorkloadFamilies.of(workload).workloads().contains(workload));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void itsBenchmarksTakeItsParametersAndItParsesTheirDefaults(WorkloadFamily family) {
        List<BenchmarkListEntry> benchmarks = benchmarksOf(family);
        assertFalse(benchmarks.isEmpty(), family.name() + " has no benchmark");
        for (BenchmarkListEntry benchmark : benchmarks) {
            assertSame(family, WorkloadFamilies.ofBenchmark(benchmark.getUsername()));
            Map<String, String[]> declared = benchmark.getParams().orElse(Map.of());
            for (String name : family.paramNames()) {
                assertTrue(declared.containsKey(name), benchmark.getUsername() + " does not take " + name);
            }
            TrialParams params = family.parse(defaults(benchmark));
            assertTrue(params.shape().entries() > 0, benchmark.getUsername() + ": " + params.describe());
            assertTrue(params.spaceNeeded() > 0, benchmark.getUsername() + ": " + params.describe());
            assertEquals(Stores.names().get(0), params.store().toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void itChecksItsBenchmarksDefaultsAsACommandLinesValues(WorkloadFamily family) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        Map<String, List<String>> optional = new LinkedHashMap<>();
        for (BenchmarkListEntry benchmark : benchmarksOf(family)) {
            Map<String, String[]> declared = benchmark.getParams().orElse(Map.of());
            for (String name : family.paramNames()) {
                values.putIfAbsent(name, name.equals("store") ? Stores.names() : List.of(declared.get(name)));
            }
            for (String name : family.optionalNames()) {
                if (declared.containsKey(name)) {
                    optional.computeIfAbsent(name, n -> new ArrayList<>()).addAll(List.of(declared.get(name)));
                }
            }
        }
        WorkloadFamily.Needs needs = family.check(new WorkloadFamily.Given(values, optional));
        assertTrue(needs.space() > 0, family.name() + " needs no room");
        assertNotNull(needs.spaceWhat(), family.name());
        assertFalse(needs.probes().isEmpty(), family.name() + " opens no store in the preflight");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void everyParameterItsBenchmarksDeclareIsItsOwn(WorkloadFamily family) {
        for (BenchmarkListEntry benchmark : benchmarksOf(family)) {
            for (String name : benchmark.getParams().orElse(Map.of()).keySet()) {
                assertTrue(
                        family.paramNames().contains(name)
                                || family.optionalNames().contains(name)
                                || BenchParams.OTHER_NAMES.contains(name),
                        benchmark.getUsername() + " takes " + name + ", which " + family.name()
                                + " neither parses nor checks");
            }
        }
    }

    private static List<BenchmarkListEntry> benchmarksOf(WorkloadFamily family) {
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
        return BenchmarkList.defaultList()
                .find(OutputFormatFactory.createFormatInstance(nowhere, VerboseMode.SILENT), List.of(".*"), List.of())
                .stream()
                .filter(b -> family.workloads().contains(WorkloadFamilies.workloadOf(b.getUsername())))
                .toList();
    }

    /** The first default of each parameter {@code benchmark} declares, a registered engine for its store. */
    private static Map<String, String> defaults(BenchmarkListEntry benchmark) {
        Map<String, String> params = new LinkedHashMap<>();
        benchmark.getParams().orElse(Map.of()).forEach((name, values) -> params.put(name, values[0]));
        params.put("store", Stores.names().get(0));
        return params;
    }
}
