package dev.kvbench.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kvbench.workload.DataSpec;
import org.junit.jupiter.api.Test;

/** The trial timeout: the user's, 0 for none, or a default that covers what the run was asked to do. */
class TrialTimeoutTest {

    @Test
    void theDefaultAddsThePhasesTheUserTimedToItsOwnAllowance() {
        assumeTrue(System.getenv(TrialTimeout.ENVIRONMENT) == null, "KVBENCH_TIMEOUT is set here");
        assumeTrue(System.getProperty(TrialTimeout.PROPERTY) == null, "-Dkvbench.timeout is set here");
        assertEquals(30 * 60, TrialTimeout.seconds(null, 0));
        // a YCSB run phase of maxexecutiontime=3600, twice in the fork (-wi 1 -i 1): killed as hung by no default
        assertEquals(30 * 60 + 7200, TrialTimeout.seconds(null, 7200));
        assertEquals(
                30 * 60 + 2 * 60 + 7200, TrialTimeout.seconds(new DataSpec(200_000, true, true, 100, false), 7200));
    }

    @Test
    void zeroIsNoTimeoutAndAUnitIsRead() {
        assertEquals(0, TrialTimeout.parse("0", "KVBENCH_TIMEOUT"));
        assertEquals(1200, TrialTimeout.parse("20m", "KVBENCH_TIMEOUT"));
    }
}
