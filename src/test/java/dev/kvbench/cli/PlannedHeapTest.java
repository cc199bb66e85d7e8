package dev.kvbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.trial.JvmMemory;
import dev.kvbench.workload.DataSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The heap an interleaved JVM runs with: the memory plan's, unless the run's or the variant's flags give one. */
class PlannedHeapTest {

    private static final String READ_KEY = "dev.kvbench.bench.ReadKeyBenchmark.readKey";

    private static Map<String, String> params(String store, int num) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("store", store);
        params.put("num", Integer.toString(num));
        params.put("intKey", "true");
        params.put("sequential", "true");
        params.put("valSize", "100");
        params.put("valRandom", "false");
        params.put("batchSize", "1000000");
        params.put("sync", "false");
        return params;
    }

    @Test
    void eachJvmGetsTheHeapThePlanCountsForItsEngineAndData() {
        List<String> command = List.of("java", "-Dagrona.disable.bounds.checks=true", "-cp", "x");
        for (String store : List.of("lmdb", "heap", "bdbje")) {
            List<String> planned =
                    Interleaving.withPlannedHeap(command, READ_KEY, params(store, 200_000), List.of("-Dx=1"));
            JvmMemory memory = JvmMemory.of(
                    StoreSpec.parse(store), new DataSpec(200_000, true, true, 100, false).shape(), List.of());
            assertEquals(memory.flag(), planned.get(1), store + ": the plan's -Xmx first among the flags");
            assertEquals(command.size() + 1, planned.size());
        }
        String lmdb = Interleaving.withPlannedHeap(command, READ_KEY, params("lmdb", 200_000), List.of())
                .get(1);
        String heap = Interleaving.withPlannedHeap(command, READ_KEY, params("heap", 200_000), List.of())
                .get(1);
        assertEquals(
                true,
                Long.parseLong(heap.replaceAll("\\D", "")) > Long.parseLong(lmdb.replaceAll("\\D", "")),
                "the heap map keeps its data on the heap: " + heap + " against " + lmdb);
    }

    @Test
    void aUsersOwnHeapStands() {
        List<String> command = List.of("java", "-Xmx2g", "-cp", "x");
        assertEquals(
                command,
                Interleaving.withPlannedHeap(command, READ_KEY, params("lmdb", 1000), List.of("-Xmx2g")),
                "the run's -jvmArgs give one");
        List<String> variant = List.of("java", "-cp", "x");
        assertEquals(
                variant,
                Interleaving.withPlannedHeap(variant, READ_KEY, params("lmdb:jvmArgs=-Xmx1g", 1000), List.of()),
                "the variant's own flags give one");
    }
}
