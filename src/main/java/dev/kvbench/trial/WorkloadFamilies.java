package dev.kvbench.trial;

import java.util.List;

import dev.kvbench.results.TrialRecord;
import dev.kvbench.workload.Workload;

/**
 * The registry of workload families: the one place a family is added, and the one way from a workload or a benchmark
 * to its parameters, data and checks (as {@code store.Stores} is for engines). The order is the order of the plan's
 * checks of a command line.
 */
public final class WorkloadFamilies {

    private static final List<WorkloadFamily> FAMILIES = List.of(
            new KvFamily(),
            new AppFamily(),
            new TreeFamily(),
            new YcsbFamily());

    private WorkloadFamilies() {
    }

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
        throw new IllegalStateException("no workload family runs " + workload + ": register one in WorkloadFamilies");
    }

    /** The family of {@code benchmark}, JMH's name ending in its workload. */
    public static WorkloadFamily ofBenchmark(String benchmark) {
        return of(Workload.named(TrialRecord.workloadOf(benchmark)));
    }
}
