package dev.kvbench.store.crashy;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.treemap.TreeMapEngine;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code crashy}: a test-only engine (registered by {@code src/test/resources/META-INF/services}
 * alone) that stores like {@code treemap} and, when its {@code fault} option says so, kills or
 * stalls its JVM on purpose at a given put, as a broken native engine would:
 * {@code crashy:fault=segv} writes to address 0 (a SIGSEGV the JVM cannot survive),
 * {@code crashy:fault=hang} parks the writing thread forever, deaf to interrupts. The fault
 * fires at put number {@code after}, past the 100 entries of the preflight check, so that only
 * the trial meets it; with {@code at=open} it fires as the store is opened, so that the
 * preflight check (which opens a store of every engine before any trial) meets it. Without
 * {@code fault} it is harmless, so the tests that run every registered engine run it too.
 */
public final class CrashyEngine extends BaseEngine {

    public CrashyEngine() {
        super(
                "crashy",
                "Crashy",
                0x8b0000,
                List.of(
                        Option.choice(
                                "fault", "none", List.of("none", "segv", "hang"), "what to do at put number 'after'"),
                        Option.number("after", 1000, 1, Integer.MAX_VALUE, "the put at which the fault fires"),
                        Option.choice(
                                "at",
                                "put",
                                List.of("put", "open"),
                                "when the fault fires: at put number 'after'," + " or as the store is opened")));
    }

    @Override
    public String libraryVersion() {
        return Runtime.version().toString();
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        Store store = new TreeMapEngine().open(dir, shape, options);
        String fault = options.choice("fault");
        if (!fault.equals("none") && options.choice("at").equals("open")) {
            CrashyStore.fire(fault);
        }
        return fault.equals("none") ? store : new CrashyStore(store, fault, options.number("after"));
    }
}
