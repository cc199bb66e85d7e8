package dev.kvbench.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one-line cause of a benchmark JVM's death, and the trial timeout's syntax. */
class ForkDeathTest {

    private static final List<String> SEGV_BANNER = List.of(
            "#",
            "# A fatal error has been detected by the Java Runtime Environment:",
            "#",
            "#  SIGSEGV (0xb) at pc=0x00007f1c2d3e4f50, pid=4242, tid=4243",
            "#",
            "# JRE version: OpenJDK Runtime Environment (17.0.15+6) (build 17.0.15+6-Debian-1deb12u1)",
            "# Problematic frame:",
            "# C  [liblmdb.so+0x1234]  mdb_put+0x56",
            "#");

    @Test
    void aCrashInNativeCodeNamesTheSignalAndTheFrame() {
        assertEquals(
                "the JVM crashed: SIGSEGV in native code at [liblmdb.so+0x1234] mdb_put+0x56",
                ForkDeath.cause(134, SEGV_BANNER, null));
    }

    @Test
    void aSigbusSaysAFullFileSystemIsTheUsualCause() {
        List<String> bus = SEGV_BANNER.stream()
                .map(l -> l.replace("SIGSEGV (0xb)", "SIGBUS (0x7)"))
                .toList();
        assertEquals(
                "the JVM crashed: SIGBUS in native code at [liblmdb.so+0x1234] mdb_put+0x56 (on a memory-mapped "
                        + "store, SIGBUS usually means its file system is full)",
                ForkDeath.cause(134, bus, null));
    }

    @Test
    void aKillIsNamedFromTheExitStatus() {
        assertEquals(
                "the JVM was killed by SIGKILL (exit status 137): by a user, or by the kernel's out-of-memory "
                        + "killer (see dmesg)",
                ForkDeath.cause(137, List.of("Iteration   1:"), null));
        assertEquals("the JVM was killed by SIGTERM (exit status 143)", ForkDeath.cause(143, List.of(), null));
    }

    @Test
    void theTimeoutWinsOverTheSignalThatEndedIt() {
        assertEquals(
                "no result within the trial timeout of 20 min (KVBENCH_TIMEOUT): the JVM hung or ran far longer "
                        + "than expected, and was killed",
                ForkDeath.cause(143, List.of(), ForkDeath.duration(1200)));
    }

    @Test
    void anOutOfMemoryErrorAndAPlainExitAreSaidAsSuch() {
        assertEquals(
                "the JVM ran out of memory (OutOfMemoryError), exit status 3",
                ForkDeath.cause(3, List.of("java.lang.OutOfMemoryError: Java heap space"), null));
        assertEquals("the JVM exited with status 1 before it finished", ForkDeath.cause(1, List.of(), null));
    }

    @Test
    void theTimeoutIsSecondsMinutesOrHoursAndTheDefaultGrowsWithTheData() {
        assertEquals(90, TrialTimeout.parse("90", "KVBENCH_TIMEOUT"));
        assertEquals(90, TrialTimeout.parse("90s", "KVBENCH_TIMEOUT"));
        assertEquals(1200, TrialTimeout.parse("20m", "KVBENCH_TIMEOUT"));
        assertEquals(7200, TrialTimeout.parse("2H", "KVBENCH_TIMEOUT"));
        assertEquals(0, TrialTimeout.parse("0", "KVBENCH_TIMEOUT"));
        assertEquals(1800, TrialTimeout.defaultSeconds(2000));
        assertEquals(1800 + 100 * 60, TrialTimeout.defaultSeconds(10_000_000));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> TrialTimeout.parse("soon", "KVBENCH_TIMEOUT"));
        assertEquals(
                "KVBENCH_TIMEOUT=soon is not a trial timeout; give seconds (90), minutes (20m) or hours (2h), "
                        + "or 0 for none",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TrialTimeout.parse("-5", "KVBENCH_TIMEOUT"));
    }

    @Test
    void aTimeoutDuringAPassGivesTheTimeItHadRunAsALowerBoundPerEntry() {
        assertEquals(
                "; its pass had run 9 min when it was killed (at least 270 µs per entry of 2,000,000)",
                ForkDeath.passUnderWay(540_000, false, "2000000"));
        assertEquals(
                "; its pass had run 30 s when it was killed (at least 3,000 ns per entry of 10,000,000)",
                ForkDeath.passUnderWay(30_000, false, "10000000"));
        assertEquals("; its pass had run 30 s when it was killed", ForkDeath.passUnderWay(30_000, false, null));
        assertEquals(
                "; its write pass had ended and it was verifying what it wrote, untimed",
                ForkDeath.passUnderWay(-1, true, "2000000"));
        assertEquals("", ForkDeath.passUnderWay(-1, false, "2000000"));
    }
}
