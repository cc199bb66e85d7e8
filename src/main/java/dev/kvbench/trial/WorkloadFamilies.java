package dev.kvbench.trial;

import dev.kvbench.results.TrialRecord;
import dev.kvbench.workload.Workload;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The registry of workload families: the one way from a workload or a benchmark to its parameters, data and checks
 * (as {@code store.Stores} is for engines). A family is added by one line naming its class in
 * {@code META-INF/services/dev.kvbench.trial.WorkloadFamily}, so that one in a package of its own, or in the tests,
 * needs no edit here; the order of that file is the order of the plan's checks of a command line.
 */
public final class WorkloadFamilies {

    private static final List<WorkloadFamily> FAMILIES = ServiceLoader.load(WorkloadFamily.class).stream()
            .map(ServiceLoader.Provider::get)
            .toList();

    private WorkloadFamilies() {}

    /** Every registered family, in registration order. */
    public static List<WorkloadFamily> all() {
        return FAMILIES;
    }

    /** The family of {@code workload}. */
    public static WorkloadFamily of(Workload workload) {
        for (WorkloadFamily family : FAMILIES) {
            if (family.workloads().contains(workload)) {
                return family;
            }
        }
        throw new IllegalStateException("no workload family runs " + workload + ": register one in META-INF/services/"
                + WorkloadFamily.class.getName());
    }

    /** The family of {@code benchmark}, JMH's name ending in its workload. */
    public static WorkloadFamily ofBenchmark(String benchmark) {
        return of(workloadOf(benchmark));
    }

    /**
     * The workload {@code benchmark} (JMH's name, ending in the workload) runs, of whichever registered family; an
     * unknown one is an error listing the registered workloads.
     */
    public static Workload workloadOf(String benchmark) {
        String label = TrialRecord.workloadOf(benchmark);
        for (WorkloadFamily family : FAMILIES) {
            for (Workload workload : family.workloads()) {
                if (workload.label().equals(label)) {
                    return workload;
                }
            }
        }
        List<String> valid = FAMILIES.stream()
                .flatMap(family -> family.workloads().stream())
                .map(Workload::label)
                .sorted()
                .toList();
        throw new IllegalArgumentException(
                "unknown workload '" + label + "'; valid workloads: " + String.join(", ", valid));
    }

    /**
     * What a turn of {@code benchmark} is in an interleaved run, as its family says; {@link WorkloadFamily.Turn#NONE}
     * for a benchmark outside the family's {@link WorkloadFamily#benchmarkPackage() package} (a direct-API baseline).
     */
    public static WorkloadFamily.Turn turnOf(String benchmark) {
        Workload workload = workloadOf(benchmark);
        WorkloadFamily family = of(workload);
        return benchmark.startsWith(family.benchmarkPackage() + ".") ? family.turn(workload) : WorkloadFamily.Turn.NONE;
    }

    /**
     * Whether {@code workload} writes into an empty store, as its family says ({@link WorkloadFamily.Turn#WRITE_PASS}):
     * a trial of it hands no loaded store on, and its planned interleaved run has a JVM of its own.
     */
    public static boolean writes(Workload workload) {
        return of(workload).turn(workload) == WorkloadFamily.Turn.WRITE_PASS;
    }

    /** The suites the registered families bring, in registration order. */
    public static List<SuiteOffer> suites() {
        return FAMILIES.stream().flatMap(family -> family.suites().stream()).toList();
    }
}
