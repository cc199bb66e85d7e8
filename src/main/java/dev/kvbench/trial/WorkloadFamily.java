package dev.kvbench.trial;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Stores;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.PassCheck;
import dev.kvbench.workload.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A family of workloads that share their parameters and their data: the 2016 passes and the tests on their data set
 * ({@code workload.kv.KvFamily}), the concurrent application workloads ({@code workload.app.AppFamily}), dirWalk
 * ({@code workload.tree.TreeFamily}), YCSB ({@code workload.ycsb.YcsbFamily}); registered as a service ({@link WorkloadFamilies}). A family owns its workloads' identities
 * ({@link Workload#of} for one of its own). A family parses its trials' parameters into
 * {@link TrialParams}, which generate, size and load its data, so that {@link Trial} keeps only the trial's lifecycle;
 * and it checks a command line's values before anything runs, so that the plan ({@code cli.RunPlan}) asks no workload
 * by name.
 */
public interface WorkloadFamily {

    /** The family in a few words, for messages and test names: {@code dirWalk}. */
    String name();

    /** The workloads (benchmark methods) of the family; each workload is in exactly one family. */
    Set<Workload> workloads();

    /** The parameters every benchmark of the family takes, in the order the CSV and the side file list them. */
    List<String> paramNames();

    /**
     * The parameters some of the family's benchmarks take beyond {@link #paramNames()}, each benchmark those it
     * declares (the application workloads' {@code AppParams.NAMES}).
     */
    default List<String> optionalNames() {
        return List.of();
    }

    /** One trial's parameters, parsed and checked: one line per mistake, naming the parameter and what it accepts. */
    TrialParams parse(Map<String, String> params);

    /**
     * The Store path's single pass of {@code workload}, one of the family's ({@link Trial#storePass()}); a write
     * commits every {@code batchSize} entries. A family whose benchmarks run their own passes has none.
     */
    default Trial.Operation pass(Workload workload, int batchSize) {
        throw new IllegalStateException("no single-pass operation for " + workload);
    }

    /**
     * What a turn of {@code workload} is when engines take turns ({@code -interleave true}); {@link Turn#NONE}, the
     * default, when it does not interleave: its benchmarks then run in JMH forks one after another.
     */
    default Turn turn(Workload workload) {
        return Turn.NONE;
    }

    /**
     * The parameters only a benchmark of {@code workload} that interleaves takes, beyond {@link #paramNames()}: a
     * benchmark that does not declare them as JMH parameters, so that a run without them is the same as before they
     * were; a trial is given them only when the command line gives them (the 2016 read passes' {@code turnOps}).
     */
    default List<String> turnNames(Workload workload) {
        return List.of();
    }

    /**
     * The turns of a fixed number of operations that {@code trial}, of a workload whose turns are otherwise
     * {@link Turn#LOADED_PASS whole passes}, takes instead, as its {@code params} ask ({@link #turnNames}); null, the
     * default, for whole passes. Its store is open and loaded.
     */
    default FixedTurns fixedTurns(Trial trial, Map<String, String> params) {
        return null;
    }

    /**
     * The interleaved log's line on the turns {@code params} ask for instead of whole passes ({@link #fixedTurns}), a
     * setting of the run: what a turn is and the unit of its score; null, the default, for whole passes.
     */
    default String turnsText(Workload workload, Map<String, String> params) {
        return null;
    }

    /**
     * The package of the family's Store path benchmarks (JMH classes), which the interleaved run stands in for; the
     * benchmarks of other packages that run its workloads (the direct-API baselines) run in JMH forks. A family in a
     * package of its own keeps its benchmark class there.
     */
    default String benchmarkPackage() {
        return getClass().getPackageName();
    }

    /**
     * What a correct store gives back for one pass of {@code workload} over {@code data}, from the generator, once
     * per data set before any pass is timed: the count, the value bytes and the checksum the pass folds (its order,
     * its content), which every pass is checked against. Null, the default, for a workload whose passes are checked
     * only for the data set's count and value bytes (" (entries iterated)").
     */
    default PassCheck expect(Workload workload, DataSet data) {
        return null;
    }

    /**
     * What a pass of {@code workload} gives back from a store that keeps nothing ({@link Capability#DISCARDS}), for a
     * workload {@link #nothingTo} lets run on one; null, the default, for what {@link #expect} says of any store.
     */
    default PassCheck expectOfNothing(Workload workload) {
        return null;
    }

    /** The suites the family brings, each run by its name as the registered suites are ({@code ./run.sh NAME}). */
    default List<SuiteOffer> suites() {
        return List.of();
    }

    /**
     * Checks every value a command line gives the family's parameters, alone and in combination, before any store
     * opens (one line for the first mistake, as a trial would word it), and says what the plan needs of the family.
     */
    Needs check(Given given);

    /**
     * Why {@code engine}, whose preflight check declared {@code declared}, cannot run {@code workload}; null when it
     * can. A store that keeps nothing ({@link Capability#DISCARDS}, the null store) runs only what
     * {@link #nothingTo} allows.
     */
    default String unable(Workload workload, String engine, Set<Capability> declared) {
        for (Capability need : workload.needs()) {
            if (!declared.contains(need)) {
                return need == Capability.ORDERED ? engine + " has no ordered cursor" : engine + " lacks " + need;
            }
        }
        if (declared.contains(Capability.DISCARDS)) {
            String nothing = nothingTo(workload);
            return nothing == null ? null : engine + " keeps nothing: " + nothing;
        }
        return null;
    }

    /** Why {@code workload} measures nothing on a store that keeps nothing; null when it still measures something. */
    default String nothingTo(Workload workload) {
        return workload.needs().contains(Capability.ORDERED)
                ? "a cursor pass over it is empty and would time nothing"
                : "its reads would find nothing to verify";
    }

    /** What one turn of a workload is in an interleaved run. */
    enum Turn {
        /** It does not interleave. */
        NONE,
        /** Whole passes over the store the trial loaded once, settled first; a test's such workloads share the store. */
        LOADED_PASS,
        /** Whole writes into an empty store, settled first; a block of its own. */
        WRITE_PASS,
        /** A fixed number of operations, the same on every engine (YCSB's run phase); a block of its own. */
        OPERATIONS
    }

    /**
     * What a command line gives the parameters of its selected benchmarks.
     *
     * @param values   per parameter name, its values (a family's {@link #paramNames()} are all there)
     * @param optional per {@link #optionalNames() optional} parameter some selected benchmark takes, its values
     */
    record Given(Map<String, List<String>> values, Map<String, List<String>> optional) {

        /** The values of {@code name}. */
        public List<String> of(String name) {
            return values.get(name);
        }

        /** Every one of the parameters {@code names} has at least one value. */
        public void require(List<String> names) {
            for (String name : names) {
                if (values.get(name).isEmpty()) {
                    throw new IllegalArgumentException("parameter " + name + " has no value");
                }
            }
        }

        /** A trial's parameters to check: a registered engine standing in for the store, then {@code pairs} (a name, its value, ...). */
        public static Map<String, String> trial(String... pairs) {
            Map<String, String> trial = new LinkedHashMap<>();
            trial.put("store", standIn());
            for (int i = 0; i < pairs.length; i += 2) {
                trial.put(pairs[i], pairs[i + 1]);
            }
            return trial;
        }

        /** {@code trial} with a registered engine standing in for its store. */
        public static Map<String, String> withStandIn(Map<String, String> trial) {
            Map<String, String> withStore = new LinkedHashMap<>(trial);
            withStore.put("store", standIn());
            return withStore;
        }

        private static String standIn() {
            List<String> registered = Stores.names();
            if (registered.isEmpty()) {
                throw new IllegalStateException("no engine is registered in this build");
            }
            return registered.get(0);
        }
    }

    /**
     * What the plan needs of a family whose values passed its checks.
     *
     * @param space     the room its largest trial may need in the work folder ({@link TrialParams#spaceNeeded()})
     * @param spaceWhat that trial in words, for the space check's message
     * @param largest   the largest 2016 data set, which the trial timeout scales with; null for a family without one
     * @param probes    the keys and values each store's preflight check opens it for
     * @param scanning  the first of its workloads that scans, in words, when a store without an ordered cursor
     *                  cannot run the family at all (known before any store opens); null when it can
     * @param timedSeconds the longest the user set a trial's timed phase to run (YCSB's {@code maxexecutiontime}),
     *                  which the default trial timeout adds to its own; 0 for none
     */
    record Needs(
            long space, String spaceWhat, DataSpec largest, List<Probe> probes, String scanning, long timedSeconds) {

        /** As {@link Needs}, for a family whose trials run no phase of a time the user sets. */
        public Needs(long space, String spaceWhat, DataSpec largest, List<Probe> probes, String scanning) {
            this(space, spaceWhat, largest, probes, scanning, 0);
        }

        /** As {@link Needs}, for a family with no 2016 data set and no scans, probed with one shape. */
        public static Needs of(long space, String spaceWhat, Probe probe) {
            return new Needs(space, spaceWhat, null, List.of(probe), null);
        }
    }

    /** Keys and values a preflight check opens a store for. */
    record Probe(boolean intKey, int valSize) {

        /** String keys (16 bytes) standing in for a family's own keys, and values of {@code valSize} (at least the minimum). */
        public static Probe stringKeys(int valSize) {
            return new Probe(false, Math.max(valSize, DataSpec.MIN_VAL_SIZE));
        }

        /** The shapes of every combination of {@code intKeys} and {@code valSizes}, as given. */
        static List<Probe> every(List<String> intKeys, List<String> valSizes) {
            List<Probe> probes = new ArrayList<>();
            for (String intKey : intKeys) {
                for (String valSize : valSizes) {
                    probes.add(new Probe(
                            Boolean.parseBoolean(intKey.trim()),
                            Integer.parseInt(valSize.trim().replace("_", ""))));
                }
            }
            return probes;
        }
    }
}
