package dev.kvbench.trial;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.Workload;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The 2016 report's six passes, and the tests on the same data set (the crash and power-cut tests, the amplification
 * test): {@code num} entries of {@code valSize} bytes ({@link BenchParams}).
 */
public class KvFamily extends BaseFamily {

    /** The 2016 report's six single passes over the data set, in the report's order. */
    public static final List<Workload> SINGLE_PASSES = List.of(
            Workload.WRITE,
            Workload.READ_KEY,
            Workload.READ_SEQ,
            Workload.READ_REV,
            Workload.READ_CRC,
            Workload.READ_XXH64);

    public KvFamily() {
        this(
                "the 2016 data set",
                with(SINGLE_PASSES, Workload.CRASH, Workload.POWER_CUT, Workload.AMP),
                BenchParams::parse);
    }

    /** {@code workloads} and {@code more}, as one set. */
    public static Set<Workload> with(List<Workload> workloads, Workload... more) {
        Set<Workload> all = new LinkedHashSet<>(workloads);
        all.addAll(List.of(more));
        return Set.copyOf(all);
    }

    /** A family on the 2016 data set, whose trials {@code parser} parses. */
    KvFamily(String name, Set<Workload> workloads, Function<Map<String, String>, TrialParams> parser) {
        super(name, workloads, BenchParams.NAMES, parser);
    }

    /**
     * Every value of every data parameter, alone and in combination, is one a trial accepts, given once; the largest
     * data set, for the space check and the trial timeout.
     */
    @Override
    public Needs check(Given given) {
        given.require(BenchParams.NAMES);
        for (String name : BenchParams.NAMES) {
            Set<String> seen = new LinkedHashSet<>();
            for (String value : given.of(name)) {
                String same = name.equals("store") ? StoreSpec.parse(value).toString() : value.trim();
                if (!seen.add(same)) {
                    throw new IllegalArgumentException("-p " + name + "=" + String.join(",", given.of(name)) + " gives "
                            + value.trim() + " twice; give each value once");
                }
            }
        }
        Map<String, String> one = new LinkedHashMap<>();
        for (String name : BenchParams.NAMES) {
            one.put(name, given.of(name).get(0));
        }
        for (String name : List.of("sequential", "valRandom", "batchSize", "sync")) {
            for (String value : given.of(name)) {
                Map<String, String> trial = new LinkedHashMap<>(one);
                trial.put(name, value);
                BenchParams.parse(Given.withStandIn(trial));
            }
        }
        DataSpec largest = null;
        long space = 0;
        String what = null;
        for (String num : given.of("num")) {
            for (String intKey : given.of("intKey")) {
                for (String valSize : given.of("valSize")) {
                    Map<String, String> trial = new LinkedHashMap<>(one);
                    trial.put("num", num);
                    trial.put("intKey", intKey);
                    trial.put("valSize", valSize);
                    DataSpec data = BenchParams.parse(Given.withStandIn(trial)).data();
                    if (largest == null || WorkFolder.estimate(data) > WorkFolder.estimate(largest)) {
                        largest = data;
                    }
                    if (WorkFolder.estimate(data) > space) {
                        space = WorkFolder.estimate(data);
                        what = "the largest data set (" + data.num() + " entries, " + data.flatBytes() + " flat bytes)";
                    }
                }
            }
        }
        return new Needs(space, what, largest, Probe.every(given.of("intKey"), given.of("valSize")), null);
    }

    /** The 2016 passes ({@link StorePasses}); the tests on the same data set run their own. */
    /** A write is a block of its own, into an empty store; the other single passes share the store loaded once. */
    @Override
    public Turn turn(Workload workload) {
        if (!SINGLE_PASSES.contains(workload)) {
            return Turn.NONE;
        }
        return workload == Workload.WRITE ? Turn.WRITE_PASS : Turn.LOADED_PASS;
    }

    /** The Store path's benchmarks of the 2016 passes, which the direct-API baselines' stand beside. */
    @Override
    public String benchmarkPackage() {
        return "dev.kvbench.bench";
    }

    @Override
    public Trial.Operation pass(Workload workload, int batchSize) {
        return StorePasses.of(workload, batchSize);
    }

    /** A store that keeps nothing still writes (the harness's own cost, amp's too) and still misses every key. */
    @Override
    public String nothingTo(Workload workload) {
        if (workload == Workload.WRITE || workload == Workload.READ_KEY || workload == Workload.AMP) {
            return null;
        }
        return workload == Workload.CRASH || workload == Workload.POWER_CUT
                ? "a crash has nothing to lose"
                : super.nothingTo(workload);
    }
}
