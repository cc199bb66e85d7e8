package dev.kvbench.suite;

import dev.kvbench.text.Numbers;
import dev.kvbench.workload.ycsb.WorkloadProperties;
import dev.kvbench.workload.ycsb.YcsbWorkload;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * What a suite brings to the run besides its tests: the arguments it takes for itself (a workload file, YCSB's
 * {@code -p} properties), the rules the rest must follow, its budget, the room its own arguments need, and YCSB's
 * own client beside its tests. The runner's stages read these, so that none of them names a suite; a suite's
 * registration in {@link Suites} says which kind it is. One instance per run: it keeps the arguments it took.
 */
interface SuiteKind {

    /** Takes this suite's own arguments out of {@code args}, saying on {@code out} what the user should know of them; returns the rest, JMH's. */
    default List<String> takeOwnArguments(List<String> args, PrintStream out) {
        return args;
    }

    /** What refuses ({@link UsageException}) JMH arguments this suite cannot run with. */
    default Consumer<UserArgs> rules() {
        return user -> {};
    }

    /** The budget this suite's tests are scaled to, from the one the environment and the machine give. */
    default UnaryOperator<Budget> budget() {
        return UnaryOperator.identity();
    }

    /** The suite, with its own arguments; {@code scaler} sizes the tests that scale. */
    Suite suite(Scaler scaler);

    /**
     * Refuses a run whose own arguments need more room than the work folder {@code workDir} has free ({@code workFree},
     * -1 unknown) for {@code stores} stores at once (an interleaved test holds every engine's).
     */
    default void checkRoom(Path workDir, long workFree, long stores) {}

    /** Whether YCSB's own client runs beside each of its tests ({@link YcsbPeer}). */
    default boolean besideYcsbClient() {
        return false;
    }

    /** Whose client runs a YCSB suite's workloads: kvbench's alone, or YCSB's own just before it ({@link YcsbPeer}). */
    enum Client {
        KVBENCH,
        BESIDE_YCSB
    }

    /** A suite that takes no arguments of its own: its tests, sized by the scaler, under its name. */
    record Named(
            String name,
            Function<Scaler, List<Experiment>> tests,
            Consumer<UserArgs> rules,
            UnaryOperator<Budget> budget)
            implements SuiteKind {

        @Override
        public Suite suite(Scaler scaler) {
            return new Suite(name, tests.apply(scaler));
        }
    }

    /** A suite of YCSB workloads whose properties the user may replace ({@code -p recordcount=5000}). */
    final class YcsbProperties implements SuiteKind {

        private final String name;
        private final Function<Map<String, String>, List<Experiment>> tests;
        private final Consumer<UserArgs> rules;
        private final Client client;
        private Map<String, String> overrides = Map.of();

        YcsbProperties(
                String name,
                Function<Map<String, String>, List<Experiment>> tests,
                Consumer<UserArgs> rules,
                Client client) {
            this.name = name;
            this.tests = tests;
            this.rules = rules;
            this.client = client;
        }

        @Override
        public List<String> takeOwnArguments(List<String> args, PrintStream out) {
            WorkloadArgs.Split split = WorkloadArgs.split(args);
            overrides = split.overrides();
            for (String param : dev.kvbench.trial.BenchParams.NAMES) {
                if (overrides.containsKey(param)) {
                    throw new UsageException(sizedByYcsb(param + "=" + overrides.get(param)));
                }
            }
            return split.rest();
        }

        /**
         * The line for a parameter of the 2016 data set ({@code -p num=2000}) given to a suite of YCSB workloads, where
         * YCSB would take it as an unknown property: what sizes a YCSB workload, and where the suite has tests of the
         * 2016 data too (upgrade: quick's two), that a {@code -p} reaches every test.
         */
        private String sizedByYcsb(String pair) {
            String ycsb = "YCSB's workloads are sized by their properties, recordcount and operationcount (e.g. -p"
                    + " recordcount=100000)";
            boolean quickTests = tests.apply(Map.of()).stream()
                    .anyMatch(test -> !test.params().containsKey("workload"));
            return "-p " + pair + " is a parameter of the 2016 data set, not of a YCSB workload: " + ycsb
                    + (quickTests
                            ? "; the " + name + " suite's other tests take -p num, but a -p reaches every test, so"
                                    + " it cannot size them alone: give recordcount for YCSB's, or leave " + pair
                                    + " out"
                            : "");
        }

        @Override
        public Consumer<UserArgs> rules() {
            return rules;
        }

        @Override
        public Suite suite(Scaler scaler) {
            return new Suite(name, tests.apply(overrides));
        }

        @Override
        public boolean besideYcsbClient() {
            return client == Client.BESIDE_YCSB;
        }
    }

    /** {@code ./run.sh workload FILE}: one YCSB workload file and its properties ({@link WorkloadArgs}). */
    final class WorkloadFile implements SuiteKind {

        private final String name;
        private WorkloadArgs workload;

        WorkloadFile(String name) {
            this.name = name;
        }

        @Override
        public List<String> takeOwnArguments(List<String> args, PrintStream out) {
            workload = WorkloadArgs.of(args);
            workload.note().ifPresent(out::println);
            return workload.rest();
        }

        @Override
        public Suite suite(Scaler scaler) {
            if (workload == null) {
                throw new UsageException(
                        "give a workload file: ./run.sh workload path/to/workloada [-p name=value ...]");
            }
            return new Suite(name, YcsbSuites.workload(workload.workload(), workload.props(), workload.properties()));
        }

        @Override
        public void checkRoom(Path workDir, long workFree, long stores) {
            WorkloadProperties properties = workload.properties();
            long need = stores * YcsbWorkload.bytesNeeded(properties);
            if (workFree < 0 || workFree >= need) {
                return;
            }
            long records = properties.recordCount();
            long room = YcsbWorkload.shape(properties).entries();
            // the run's inserts may need more room than the records loaded: name what needs it
            String what = room > records
                    ? "recordcount=" + records + " and up to " + (room - records) + " inserts of the run"
                    : "recordcount=" + records;
            throw new UsageException(what + " need" + (room > records ? "" : "s") + " about " + Numbers.bytes(need)
                    + (stores > 1 ? " (" + stores + " stores at once)" : "") + " but the work folder " + workDir
                    + " has " + Numbers.bytes(workFree) + " free: " + WorkloadRoom.advice(properties, workFree, stores)
                    + "set KVBENCH_DIR to a bigger folder");
        }
    }
}
