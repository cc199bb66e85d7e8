package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The ycsb-peer suite's plan: its time estimate holds YCSB's own client beside each round, and its files' names per round. */
class YcsbPeerTest {

    @Test
    void theEstimateAddsYcsbsClientPerPhaseAndOperationInEveryRound() {
        List<PlannedTest> plan = Planner.plan(Suites.ycsbPeer(Map.of()), UserArgs.of(List.of()));
        // A with RocksDB: two JVMs (2 x 1.5 s), 100,000 inserts and 100,000 operations at 50,000/s: 7 s
        assertEquals(7.0, YcsbPeer.seconds(plan.get(0)), 1e-9);
        assertEquals(plan.get(0).seconds() + 7, YcsbPeer.withClientTime(plan.get(0)).seconds());
        // E: its scans at 15,000/s: 3 + 2 + 6.67 s
        assertEquals(3 + 2 + 100_000 / 15_000.0, YcsbPeer.seconds(plan.get(4)), 1e-9);
        // the client's cost with BasicDB: one JVM, 1,000,000 operations at 1,000,000/s
        assertEquals(2.5, YcsbPeer.seconds(plan.get(6)), 1e-9);
        // in 3 rounds (KVBENCH_ROUNDS=3), YCSB's client runs three times
        PlannedTest three = SuiteRunner.withRounds(YcsbPeer.withClientTime(plan.get(0)), new Repeat(3, 3, 0.05, 1));
        assertEquals(3 * (plan.get(0).seconds() + 7), three.seconds());
        // a test without a YCSB binding beside it (no such test in the suite, but the rule holds): nothing added
        PlannedTest quick = Planner.plan(Suites.named("smoke", Scaler.none()), UserArgs.of(List.of())).get(0);
        assertEquals(0.0, YcsbPeer.seconds(quick));
    }

    @Test
    void eachRoundOfYcsbsClientWritesFilesOfItsOwnAsKvbenchsRoundsDo() {
        assertEquals("ycsb-3", YcsbPeer.stem(3, 1));
        assertEquals("ycsb-3.r2", YcsbPeer.stem(3, 2));
    }
}
