package dev.kvbench.workload.app;

import dev.kvbench.trial.BaseFamily;
import dev.kvbench.trial.BenchData;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.PassCheck;
import dev.kvbench.workload.Workload;
import java.util.List;
import java.util.Set;

/**
 * The concurrent application workloads (readKeyThreads, readWhileWriting, prefixScan): the 2016 data set, with the
 * run's own parameters ({@link AppParams}), of which each benchmark takes those it declares. Their benchmarks run in
 * JMH forks (they do not interleave), and are in {@code bench}, where they were before families had packages.
 */
public final class AppFamily extends BaseFamily {

    public AppFamily() {
        super(
                "the application workloads",
                Set.of(Workload.READ_KEY_THREADS, Workload.READ_WHILE_WRITING, Workload.PREFIX_SCAN),
                BenchParams.NAMES,
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
        // its own only: another family's optional parameters (the 2016 read passes' turnOps) are that family's to check
        given.optional().forEach((name, values) -> {
            if (AppParams.NAMES.contains(name)) {
                values.forEach(value -> AppParams.check(name, value));
            }
        });
        return BenchData.check(given);
    }

    /** readKeyThreads' readers each find every key; the other two verify their own runs. */
    @Override
    public PassCheck expect(Workload workload, DataSet data) {
        return workload == Workload.READ_KEY_THREADS ? PassCheck.of(data.expected(), " (keys found)") : null;
    }

    @Override
    public String benchmarkPackage() {
        return "dev.kvbench.bench";
    }
}
