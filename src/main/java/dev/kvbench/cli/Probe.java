package dev.kvbench.cli;

import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Store;
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

    private Probe() {
    }

    public static void main(String[] args) {
        Path scratch = Path.of(args[0]);
        int index = 0;
        for (int i = 1; i + 4 <= args.length; i += 4) {
            String spec = args[i];
            DataSpec data = new DataSpec(Integer.parseInt(args[i + 1]), Boolean.parseBoolean(args[i + 2]), true,
                    Integer.parseInt(args[i + 3]), false);
            String result;
            try {
                result = "ok\t" + String.join(",", check(spec, data, scratch.resolve(Integer.toString(index))));
            } catch (RuntimeException | Error e) {
                result = "error\t" + FailureReason.oneLine(e);
            } finally {
                WorkFolder.delete(scratch.resolve(Integer.toString(index)));
            }
            System.out.println(PREFIX + "\t" + index + "\t" + result);
            System.out.flush();
            index++;
        }
    }

    private static Set<String> check(String spec, DataSpec data, Path dir) {
        WorkFolder.empty(dir);
        Set<String> capabilities = new TreeSet<>();
        try (DataSet dataSet = DataSet.generate(data);
             Store store = Stores.open(spec, dir.resolve("store"), data.shape())) {
            Write.run(store, dataSet, data.num());
            Expected expected = dataSet.expected().readBy(store);
            Verifier.verify(spec, Workload.READ_KEY, expected, ReadKey.run(store, dataSet));
            for (Capability capability : store.capabilities()) {
                capabilities.add(capability.name());
            }
        }
        return capabilities;
    }
}
