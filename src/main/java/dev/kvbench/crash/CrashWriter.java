package dev.kvbench.crash;

import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.DataSpec;
import java.nio.file.Path;

/**
 * The crash test's writer, a JVM of its own that its parent kills: writes the data set into a
 * new store through the {@link Store} interface, a commit every {@code batchSize} entries, and
 * after each commit returns prints {@code committed <entries>} on stdout, the acknowledgment
 * the parent counts on. When every entry is written it prints {@code done} and waits to be
 * killed, so that the parent's kill, not a close, always ends it.
 *
 * <p>Arguments: store spec, store folder, then {@link CrashArgs}.
 */
public final class CrashWriter {

    private CrashWriter() {}

    public static void main(String[] args) throws InterruptedException {
        String spec = args[0];
        Path dir = Path.of(args[1]);
        CrashArgs data = CrashArgs.parse(args, 2);
        DataSpec spec0 = data.spec();
        try (DataSet set = DataSet.generate(spec0);
                DataSet.Entries entries = set.entries()) {
            Store store = Stores.open(spec, dir, spec0.shape());
            Writer writer = store.writer(spec0.sequential());
            int inBatch = 0;
            for (int i = 0; i < spec0.num(); i++) {
                writer.put(entries.key(i), entries.value(i));
                if (++inBatch == data.batchSize() || i == spec0.num() - 1) {
                    writer.commit();
                    inBatch = 0;
                    System.out.println("committed " + (i + 1));
                    System.out.flush();
                }
            }
            System.out.println("done");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
