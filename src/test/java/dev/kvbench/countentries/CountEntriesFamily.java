package dev.kvbench.countentries;

import dev.kvbench.store.Capability;
import dev.kvbench.trial.BaseFamily;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.Workload;
import java.util.Set;

/**
 * A workload family that only the tests register (in {@code src/test/resources/META-INF/services}), as the test-only
 * engines are: it proves that a workload is one package and one registration line, with no edit to {@code Trial},
 * the registry or the {@code workload.Workload} constants. Its one workload, countEntries, counts a loaded store's
 * entries with a cursor, checked against the data set like every pass.
 */
public final class CountEntriesFamily extends BaseFamily {

    /** The family's one workload, which it owns: stores without an ordered cursor cannot run it. */
    public static final Workload COUNT_ENTRIES = Workload.of("countEntries", Capability.ORDERED);

    public CountEntriesFamily() {
        super("countEntries", Set.of(COUNT_ENTRIES), CountEntriesParams.NAMES, CountEntriesParams::parse);
    }

    /** Every num given is a trial's; the largest sizes the room, int keys and the one value size the preflight. */
    @Override
    public Needs check(Given given) {
        given.require(CountEntriesParams.NAMES);
        long space = 0;
        String what = null;
        for (String num : given.of("num")) {
            CountEntriesParams params = CountEntriesParams.parse(Given.trial("num", num));
            if (params.spaceNeeded() > space) {
                space = params.spaceNeeded();
                what = "countEntries of " + params.describe();
            }
        }
        return Needs.of(space, what, new Probe(true, CountEntriesParams.VAL_SIZE));
    }

    @Override
    public Trial.Operation pass(Workload workload, int batchSize) {
        return (store, data) -> CountEntries.run(store);
    }
}
