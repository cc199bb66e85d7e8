package dev.kvbench.workload.kv;

import dev.kvbench.trial.BaseFamily;
import dev.kvbench.trial.BenchData;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.FixedTurns;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.Expected;
import dev.kvbench.workload.PassCheck;
import dev.kvbench.workload.Workload;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The 2016 report's six passes, and the tests on the same data set (the crash and power-cut tests, the amplification
 * test): {@code num} entries of {@code valSize} bytes ({@link BenchParams}).
 */
public final class KvFamily extends BaseFamily {

    /** The 2016 report's six single passes over the data set, in the report's order. */
    public static final List<Workload> SINGLE_PASSES = List.of(
            Workload.WRITE,
            Workload.READ_KEY,
            Workload.READ_SEQ,
            Workload.READ_REV,
            Workload.READ_CRC,
            Workload.READ_XXH64);

    public KvFamily() {
        super(
                "the 2016 data set",
                with(SINGLE_PASSES, Workload.CRASH, Workload.POWER_CUT, Workload.AMP),
                BenchParams.NAMES,
                BenchParams::parse);
    }

    /** {@code workloads} and {@code more}, as one set. */
    private static Set<Workload> with(List<Workload> workloads, Workload... more) {
        Set<Workload> all = new LinkedHashSet<>(workloads);
        all.addAll(List.of(more));
        return Set.copyOf(all);
    }

    /** The 2016 data set's checks ({@link BenchData#check}), and those of {@code turnOps} ({@link KvTurns}). */
    @Override
    public Needs check(Given given) {
        Needs needs = BenchData.check(given);
        KvTurns.check(given.optional(), given.of("num"));
        return needs;
    }

    /** A read pass that shares the loaded store may take turns of {@code turnOps} operations ({@link KvTurns}). */
    @Override
    public List<String> turnNames(Workload workload) {
        return turn(workload) == Turn.LOADED_PASS ? List.of(KvTurns.NAME) : List.of();
    }

    /** "# Turns: turnOps = 50 ..." when the read passes take turns of {@code turnOps} operations ({@link KvTurns}). */
    @Override
    public String turnsText(Workload workload, Map<String, String> params) {
        return turnNames(workload).isEmpty() ? null : KvTurns.text(params);
    }

    /** Turns of {@code turnOps} operations, when the parameter is given and not 0 ({@link KvTurns}). */
    @Override
    public FixedTurns fixedTurns(Trial trial, Map<String, String> params) {
        return KvTurns.of(trial, params);
    }

    /** The 2016 passes' checks, in the words published reports quote ({@link KvChecks}). */
    @Override
    public PassCheck expect(Workload workload, DataSet data) {
        return KvChecks.of(workload, data.expected());
    }

    /** A write into a store that keeps nothing is still checked against the whole data set; a read finds nothing. */
    @Override
    public PassCheck expectOfNothing(Workload workload) {
        return workload == Workload.WRITE ? null : KvChecks.of(workload, Expected.nothing());
    }

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
