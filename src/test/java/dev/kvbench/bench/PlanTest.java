package dev.kvbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.kvbench.store.Capability;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/** How a command line becomes JMH runs and skips, with a stand-in for the forked preflight. */
class PlanTest {

    /** Says lmdb-bb has no ordered cursor, and refuses values over 1000 bytes for leveldb. */
    private static final Plan.Preflight PRETEND = checks -> {
        Map<Plan.Check, Set<Capability>> result = new LinkedHashMap<>();
        for (Plan.Check check : checks) {
            if (check.spec().engine().equals("leveldb") && check.valSize() > 1000) {
                throw new IllegalArgumentException(check.store() + " cannot hold values of " + check.valSize());
            }
            result.put(check, check.spec().engine().equals("lmdb-bb") ? EnumSet.noneOf(Capability.class)
                    : EnumSet.of(Capability.ORDERED));
        }
        return result;
    };

    private static Plan plan(String... args) throws Exception {
        return Plan.of(new CommandLineOptions(args), PRETEND);
    }

    @Test
    void aStoreWithoutACursorIsSkippedForCursorWorkloadsAndRunForTheRest() throws Exception {
        Plan plan = plan("-p", "store=lmdb,lmdb-bb", "-p", "num=10");
        assertEquals(4, plan.skips.size());
        for (Plan.Skip skip : plan.skips) {
            assertEquals("lmdb-bb", skip.store());
            assertEquals("lmdb-bb has no ordered cursor", skip.reason());
        }
        assertEquals(2, plan.runs.size());
        Plan.Run both = plan.runs.stream().filter(r -> r.stores().size() == 2).findFirst().orElseThrow();
        assertEquals(List.of("dev.kvbench.bench.ReadKeyBenchmark.readKey", "dev.kvbench.bench.WriteBenchmark.write"),
                both.benchmarks());
    }

    @Test
    void aPlanInWhichEveryPairIsSkippedIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plan("-p", "store=lmdb-bb", "-p", "num=10", "ReadSeq"));
        assertEquals("nothing to run: every selected benchmark and store is skipped (lmdb-bb has no ordered cursor)", e.getMessage());
    }

    @Test
    void skippedLinesCoverEveryCombinationOfTheOtherParameters() throws Exception {
        Plan plan = plan("-p", "store=lmdb-bb,lmdb", "-p", "num=10,20", "-p", "valSize=8,16", "ReadSeq");
        List<Map<String, String>> combos = plan.combinations("lmdb-bb", "false");
        assertEquals(4, combos.size());
        assertEquals(List.of("store", "num", "intKey", "sequential", "valSize", "valRandom", "batchSize", "sync"),
                List.copyOf(combos.get(0).keySet()));
    }

    @Test
    void theEnginesRefusalOfAShapeIsTheOneLineError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plan("-p", "store=leveldb", "-p", "valSize=4000"));
        assertEquals("leveldb cannot hold values of 4000", e.getMessage());
    }

    @Test
    void theLargestDataSetIsKnownForTheSpaceCheck() throws Exception {
        Plan plan = plan("-p", "store=lmdb", "-p", "num=10,1000", "-p", "intKey=true,false", "-p", "valSize=8,100");
        assertEquals(1000, plan.largest.num());
        assertEquals(116_000, plan.largest.flatBytes());
    }

    @Test
    void aSelectionThatMatchesNothingIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan("NoSuchBenchmark"));
        assertTrue(e.getMessage().startsWith("no benchmark matches"), e.getMessage());
    }
}
