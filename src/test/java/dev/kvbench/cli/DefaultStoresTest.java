package dev.kvbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.bench.KvParams;
import dev.kvbench.store.Capability;
import dev.kvbench.store.Engine;
import dev.kvbench.store.Stores;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * The default {@code store} parameter is {@link Stores#ALL}, which stands for every registered
 * engine: the registry is the one engine list. The test-only {@code treemap} engine, registered
 * by {@code src/test/resources/META-INF/services} alone, shows that nothing else is needed.
 */
class DefaultStoresTest {

    /** Every store is ordered and takes any shape. */
    private static final Preflight ANY = checks -> {
        Map<Preflight.Check, Set<Capability>> result = new LinkedHashMap<>();
        checks.forEach(check -> result.put(check, EnumSet.of(Capability.ORDERED)));
        return result;
    };

    static List<String> registered() {
        return Stores.engines().stream().map(Engine::name).toList();
    }

    @Test
    void theDefaultStoreIsAllRatherThanAList() throws NoSuchFieldException {
        assertEquals(
                List.of(Stores.ALL),
                List.of(KvParams.class
                        .getField("store")
                        .getAnnotation(Param.class)
                        .value()));
    }

    @Test
    void thePlanRunsEveryRegisteredEngineByDefault() throws Exception {
        RunPlan plan = RunPlan.of(new CommandLineOptions("-p", "num=10", "ReadKey"), ANY);
        assertEquals(registered(), plan.values.get("store"));
        assertTrue(plan.values.get("store").contains("treemap"), "the test-only engine is planned");
        assertEquals(registered(), plan.runs.get(0).stores());
    }

    @Test
    void allMayStandBesideVariants() throws Exception {
        RunPlan plan =
                RunPlan.of(new CommandLineOptions("-p", "store=all,lmdb:sync=true", "-p", "num=10", "ReadKey"), ANY);
        List<String> expected = new ArrayList<>(registered());
        expected.add("lmdb:sync=true");
        assertEquals(expected, plan.values.get("store"));
    }
}
