package dev.kvbench.trial;

import dev.kvbench.workload.Workload;
import java.util.List;
import java.util.Set;

/**
 * The concurrent application workloads (readKeyThreads, readWhileWriting, prefixScan): the 2016 data set, with the
 * run's own parameters ({@link AppParams}), of which each benchmark takes those it declares.
 */
public final class AppFamily extends KvFamily {

    public AppFamily() {
        super(
                "the application workloads",
                Set.of(Workload.READ_KEY_THREADS, Workload.READ_WHILE_WRITING, Workload.PREFIX_SCAN),
                AppParams::parse);
    }

    @Override
    public List<String> optionalNames() {
        return AppParams.NAMES;
    }

    /** The data set's checks, and every value of the run's own parameters alone ({@link AppParams#check}). */
    @Override
    public Needs check(Given given) {
        given.require(BenchParams.NAMES);
        given.optional().forEach((name, values) -> values.forEach(value -> AppParams.check(name, value)));
        return super.check(given);
    }
}
