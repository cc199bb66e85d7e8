package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.measure.CpuAccount;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** {@link QuietWait}: a JVM answers its turn only once the work an engine started in it is over. */
class QuietWaitTest {

    /** Burns {@code cpuNanos} of its own CPU, however the host shares it out; records when it stopped. */
    private static Thread burner(long cpuNanos, AtomicLong stopped) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Thread t = new Thread(() -> {
            long x = 0;
            while (threads.getCurrentThreadCpuTime() < cpuNanos) {
                for (int i = 0; i < 10_000; i++) {
                    x += x * 31 + 7;
                }
            }
            stopped.set(System.nanoTime() + (x == 42 ? 1 : 0));
        });
        t.setDaemon(true);
        return t;
    }

    @Test
    void anEnginesBackgroundThreadThatBurnsAfterItsTurnEndsBeforeTheJvmAnswers() throws InterruptedException {
        AtomicLong stopped = new AtomicLong();
        long cpuBefore = CpuAccount.processNanos();
        burner(400_000_000L, stopped).start();
        QuietWait.await(CpuAccount::processNanos);
        long answered = System.nanoTime();
        assertTrue(stopped.get() != 0 && stopped.get() <= answered, "the wait ended before the background work");
        long cpu = CpuAccount.processNanos() - cpuBefore;
        assertTrue(cpu >= 300_000_000L, "the background work's CPU is the turn's to pay: " + cpu / 1_000_000 + " ms");
    }

    @Test
    void aQuietJvmAnswersAfterAFewPolls() throws InterruptedException {
        long waited = QuietWait.await(() -> 0L);
        assertTrue(
                waited < QuietWait.CAP_MILLIS * 1_000_000L / 2,
                "no CPU used: quiet after " + QuietWait.QUIET_POLLS + " polls, waited " + waited / 1_000_000 + " ms");
    }

    @Test
    void aJvmThatNeverQuietensAnswersAtTheCap() throws InterruptedException {
        long start = System.nanoTime();
        long waited = QuietWait.await(() -> 10 * (System.nanoTime() - start));
        assertTrue(waited >= QuietWait.CAP_MILLIS * 1_000_000L, "busy throughout: answered at the cap");
    }
}
