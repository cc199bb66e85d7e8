package dev.kvbench.trial;

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

    private final String spec;
    private final TrialMetrics metrics;
    /** The data set the passes read ({@link TrialParams#generate()}); null when the family writes its own. */
    private DataSet data;
    /** What the whole data set gives back; null without a data set. */
    private Expected expected;
    /** The trial's workload, whose family may check its passes its own way. */
    private final Workload workload;
    /** What the family expects of the workload's pass over the data set; null: {@link #expected}, as built in. */
    private PassCheck own;

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
            own = WorkloadFamilies.of(workload).expect(workload, data);
        }
    }

    /** Takes over the data set of {@code loaded}, whose trial then no longer frees it. */
    void takeOver(TrialData loaded) {
        data = loaded.data;
        expected = loaded.expected;
        own = WorkloadFamilies.of(workload).expect(workload, data);
        loaded.data = null;
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
        return verified(Workload.WRITE, reads(store), ReadKey.run(store, data));
    }

    /** Runs {@code operation}, a pass of {@code workload}, on {@code store} and checks it. */
    Pass pass(Workload workload, Trial.Operation operation, Store store) {
        if (own != null) {
            Pass pass = operation.run(store, data);
            synchronized (metrics) {
                Verifier.verify(spec, workload, own, pass);
                metrics.verified(own, pass);
            }
            return pass;
        }
        Expected wanted = workload == Workload.WRITE ? expected : reads(store);
        return verified(workload, wanted, operation.run(store, data));
    }

    /** Checks {@code pass}; the figures go to the metrics under their lock, which concurrent threads' figures share. */
    private Pass verified(Workload checked, Expected wanted, Pass pass) {
        synchronized (metrics) {
            Verifier.verify(spec, checked, wanted, pass);
            metrics.verified(checked, wanted, pass);
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
