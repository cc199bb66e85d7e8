package dev.kvbench.crash;

import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.FailureReason;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.DataSpec;
import java.nio.file.Path;
import org.agrona.DirectBuffer;

/**
 * The crash test's checker, a new JVM after the writer was killed: opens the store as the
 * writer left it (timing the open, which is where an engine recovers), and looks up every
 * entry of the data set. An acknowledged entry that is missing is lost; an acknowledged entry
 * whose value is not the one derived from its key is corrupt; unacknowledged entries may or may
 * not be there, and one with a wrong value is torn (a write the kill or cut interrupted). Prints
 * one line: {@code opened <ms> lost <n> corrupt <n> unacked <present> torn <n>}, or
 * {@code notopened <reason>}.
 *
 * <p>Arguments: store spec, store folder, acknowledged entries, then {@link CrashArgs}.
 */
public final class CrashCheck {

    private CrashCheck() {}

    public static void main(String[] args) {
        String spec = args[0];
        Path dir = Path.of(args[1]);
        int acked = Integer.parseInt(args[2]);
        DataSpec data = CrashArgs.parse(args, 3).spec();
        long start = System.nanoTime();
        Store store;
        try {
            store = Stores.open(spec, dir, data.shape());
        } catch (RuntimeException | Error e) {
            System.out.println("notopened " + FailureReason.oneLine(e));
            return;
        }
        double openMs = (System.nanoTime() - start) / 1e6;
        long lost = 0;
        long corrupt = 0;
        long unacked = 0;
        long torn = 0;
        try (store;
                DataSet set = DataSet.generate(data);
                DataSet.Entries entries = set.entries();
                Reader reader = store.reader()) {
            for (int i = 0; i < data.num(); i++) {
                DirectBuffer found = reader.get(entries.key(i));
                if (found == null) {
                    lost += i < acked ? 1 : 0;
                } else {
                    DirectBuffer expected = entries.value(i);
                    if (found.capacity() != expected.capacity() || found.compareTo(expected) != 0) {
                        if (i < acked) {
                            corrupt++;
                        } else {
                            torn++;
                        }
                    } else if (i >= acked) {
                        unacked++;
                    }
                }
            }
        }
        System.out.println(
                "opened " + openMs + " lost " + lost + " corrupt " + corrupt + " unacked " + unacked + " torn " + torn);
    }
}
