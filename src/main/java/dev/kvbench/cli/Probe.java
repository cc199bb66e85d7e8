package dev.kvbench.cli;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.FailureReason;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.Expected;
import dev.kvbench.workload.ReadKey;
import dev.kvbench.workload.Verifier;
import dev.kvbench.workload.Workload;
import dev.kvbench.workload.Write;
import dev.kvbench.workload.kv.KvChecks;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/**
 * The preflight check {@link Main} runs in a JVM with the benchmark's flags before any
 * benchmark: for each store spec and data shape, opens a store in a scratch folder, writes and
 * reads back a few entries of that shape, and reports the store's capabilities, or the engine's
 * refusal in one line (a key or value beyond its limits, a bad option value). Engines are only
 * ever opened with their flags, so this cannot happen in the launching JVM.
 *
 * <p>Arguments: a scratch folder, then groups of {@code spec num intKey valSize}. Output: one
 * line per group, {@code kvbench-probe <index> ok <CAPABILITY,...>} or
 * {@code kvbench-probe <index> error <reason>}; anything else an engine prints is ignored.
 */
public final class Probe {

    static final String PREFIX = "kvbench-probe";
    /** The line that says which JVM checks: its runtime version, VM, collectors and home, tab-separated. */
    static final String JVM = "kvbench-probe-jvm";
    /** The line that gives a checked store's library version as its engine reads it: the check's index, the version. */
    static final String LIBRARY = "kvbench-probe-library";

    private Probe() {}

    public static void main(String[] args) {
        Path scratch = Path.of(args[0]);
        System.out.println(
                JVM + "\t" + System.getProperty("java.runtime.version") + "\t" + System.getProperty("java.vm.name")
                        + "\t"
                        + String.join(
                                ", ",
                                ManagementFactory.getGarbageCollectorMXBeans().stream()
                                        .map(GarbageCollectorMXBean::getName)
                                        .toList())
                        + "\t" + System.getProperty("java.home"));
        int index = 0;
        for (int i = 1; i + 4 <= args.length; i += 4) {
            String spec = args[i];
            DataSpec data = new DataSpec(
                    Integer.parseInt(args[i + 1]),
                    Boolean.parseBoolean(args[i + 2]),
                    true,
                    Integer.parseInt(args[i + 3]),
                    false);
            String result;
            try {
                result = "ok\t" + String.join(",", check(spec, data, scratch.resolve(Integer.toString(index))));
                System.out.println(LIBRARY + "\t" + index + "\t"
                        + Stores.engine(StoreSpec.parse(spec).engine()).libraryVersion());
            } catch (RuntimeException | Error e) {
                result = "error\t" + (isVariant(spec) ? variantError(e) : FailureReason.oneLine(e));
            } finally {
                WorkFolder.delete(scratch.resolve(Integer.toString(index)));
            }
            System.out.println(PREFIX + "\t" + index + "\t" + result);
            System.out.flush();
            index++;
        }
    }

    private static boolean isVariant(String spec) {
        try {
            return StoreSpec.parse(spec).isVariant();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * A variant's failure with what tells its cause: the error's class (a {@code NoSuchMethodError}, an
     * {@code UnsupportedOperationException} from a denied Unsafe), its message, and the library's frame that met it.
     */
    static String variantError(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String where = "";
        for (StackTraceElement frame : root.getStackTrace()) {
            String type = frame.getClassName();
            if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) {
                where = " (in " + type + "." + frame.getMethodName() + ")";
                break;
            }
        }
        String message =
                String.valueOf(root.getMessage()).lines().findFirst().orElse("").strip();
        return root.getClass().getSimpleName() + ": " + message + where;
    }

    private static Set<String> check(String spec, DataSpec data, Path dir) {
        WorkFolder.empty(dir);
        Set<String> capabilities = new TreeSet<>();
        try (DataSet dataSet = DataSet.generate(data);
                Store store = Stores.open(spec, dir.resolve("store"), data.shape())) {
            Write.run(store, dataSet, data.num());
            Expected expected = dataSet.expected().readBy(store);
            Verifier.verify(
                    spec, Workload.READ_KEY, KvChecks.of(Workload.READ_KEY, expected), ReadKey.run(store, dataSet));
            for (Capability capability : store.capabilities()) {
                capabilities.add(capability.name());
            }
        }
        return capabilities;
    }
}
