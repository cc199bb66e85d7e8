package dev.kvbench.trial;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Store;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.Expected;
import dev.kvbench.workload.Pass;
import dev.kvbench.workload.PassCheck;
import dev.kvbench.workload.ReadKey;
import dev.kvbench.workload.Verifier;
import dev.kvbench.workload.Workload;

/**
 * One trial's data set, when its family generates one, and every pass checked against what that data set says a
 * correct store gives back, the last check's figures recorded for the side-file line; a wrong pass throws
 * ({@link Verifier}) and so fails the trial. Kept apart from {@link Trial} because what a pass must find is one idea,
 * when a trial runs it another; the data set moves with the store when a trial hands it over.
 */
final class TrialData {

    /** What a read-back after a write counts, in the words of the write's own check. */
    private static final String READ_BACK = " (keys found when read back after the write)";

    private final String spec;
    private final TrialMetrics metrics;
    /** The data set the passes read ({@link TrialParams#generate()}); null when the family writes its own. */
    private DataSet data;
    /** What the whole data set gives back; null without a data set. */
    private Expected expected;
    /** The trial's workload, whose family may check its passes its own way. */
    private final Workload workload;
    /** What the family expects of the workload's pass over the data set; null: only its count and value bytes. */
    private PassCheck own;
    /** What the family expects of it from a store that keeps nothing; null: {@link #own}. */
    private PassCheck ofNothing;

    /**
     * @param spec     the store spec as given, for the messages
     * @param workload the trial's workload
     */
    TrialData(String spec, TrialMetrics metrics, Workload workload) {
        this.spec = spec;
        this.metrics = metrics;
        this.workload = workload;
    }

    /** Generates the trial's data set, before anything is measured. */
    void generate(TrialParams given) {
        data = given.generate();
        if (data != null) {
            expected = data.expected();
            expectOwn();
        }
    }

    /** Takes over the data set of {@code loaded}, whose trial then no longer frees it. */
    void takeOver(TrialData loaded) {
        data = loaded.data;
        expected = loaded.expected;
        expectOwn();
        loaded.data = null;
    }

    /** Asks the family what a pass of the workload must give back, once per data set, before any pass is timed. */
    private void expectOwn() {
        WorkloadFamily family = WorkloadFamilies.of(workload);
        own = family.expect(workload, data);
        ofNothing = family.expectOfNothing(workload);
    }

    /** The data set, or null. */
    DataSet set() {
        return data;
    }

    /** Frees the data set (off-heap), once the trial has ended. */
    void free() {
        if (data != null) {
            data.close();
            data = null;
        }
    }

    /**
     * Reads every key of the data set from {@code store} and checks that every entry is there with its value
     * ("N of N found"), as a write is checked.
     */
    Pass readBack(Store store) {
        return verified(Workload.WRITE, PassCheck.of(reads(store), READ_BACK), ReadKey.run(store, data));
    }

    /** Runs {@code operation}, a pass of {@code workload}, on {@code store} and checks it as its family says. */
    Pass pass(Workload workload, Trial.Operation operation, Store store) {
        PassCheck wanted;
        if (ofNothing != null && store.has(Capability.DISCARDS)) {
            wanted = ofNothing;
        } else {
            wanted = own != null ? own : PassCheck.of(reads(store), " (entries iterated)");
        }
        return verified(workload, wanted, operation.run(store, data));
    }

    /** Runs {@code operation}, a pass of {@code workload} over a part of the data set, and checks it against {@code wanted}. */
    Pass pass(Workload workload, Trial.Operation operation, Store store, PassCheck wanted) {
        return verified(workload, wanted, operation.run(store, data));
    }

    /** Checks {@code pass}; the figures go to the metrics under their lock, which concurrent threads' figures share. */
    private Pass verified(Workload checked, PassCheck wanted, Pass pass) {
        synchronized (metrics) {
            Verifier.verify(spec, checked, wanted, pass);
            metrics.verified(wanted, pass);
        }
        return pass;
    }

    /**
     * What a read of {@code store} must find: the whole data set, or nothing from a store that
     * declares it keeps nothing (the {@code null} store; {@code cli.RunPlan} runs no cursor workload on it).
     */
    private Expected reads(Store store) {
        return expected.readBy(store);
    }
}
