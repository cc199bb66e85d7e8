package dev.kvbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The /proc readers and what they are for; no figure is compared with a time. */
class ThreadsAndMemoryTest {

    @TempDir
    Path dir;

    @Test
    void threadsAreClassifiedByIdFirstThenByName() {
        assertEquals(ThreadKind.MEASURED, ThreadKind.of("rocksdb:low", true));
        assertEquals(ThreadKind.JVM, ThreadKind.of("C2 CompilerThre", false));
        assertEquals(ThreadKind.JVM, ThreadKind.of("GC Thread#3", false));
        assertEquals(ThreadKind.JVM, ThreadKind.of("G1 Conc#0", false));
        assertEquals(ThreadKind.HARNESS, ThreadKind.of(ThreadKind.SAMPLER_NAME, false));
        assertEquals(ThreadKind.ENGINE, ThreadKind.of("rocksdb:low", false));
        // a native thread an engine started from the worker inherits the worker's name
        assertEquals(ThreadKind.ENGINE, ThreadKind.of("dev.kvbench.ben", false));
    }

    @Test
    void aBusyUnmeasuredThreadIsBackgroundAndTheMeasuredThreadIsMeasured() throws InterruptedException {
        CpuAccount account = new CpuAccount();
        account.measureCurrentThread();
        Thread engine = new Thread(() -> spin(50_000_000), "engine-compact");
        engine.start();
        engine.join();
        spin(50_000_000);
        CpuAccount.Cpu cpu = account.stop();
        assertTrue(cpu.measured() > 0, "measured " + cpu.measured());
        assertTrue(cpu.background() > 0, "an ended engine thread still counts: " + cpu);
        assertTrue(cpu.process() >= cpu.measured(), cpu.toString());
    }

    @Test
    void openFilesAreCountedAndTheirPeakKept() throws IOException {
        CpuAccount account = new CpuAccount();
        try (Sampler sampler = Sampler.start(account)) {
            List<RandomAccessFile> files = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                files.add(new RandomAccessFile(dir.resolve("f" + i).toFile(), "rw"));
            }
            sampler.sampleNow();
            for (RandomAccessFile file : files) {
                file.close();
            }
            int after = Proc.openFds();
            // Other threads of the test JVM (an engine's background threads) may open or close a
            // few files meanwhile: the 20 files' peak must still stand clear of the count after.
            assertTrue(
                    sampler.peakFds() >= after + 15, "peak " + sampler.peakFds() + ", after closing 20 files " + after);
        }
    }

    @Test
    void memoryPeaksAreReadAfterAReset() {
        Memory memory = new Memory();
        memory.reset();
        byte[][] kept = new byte[64][];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = new byte[64 * 1024];
            kept[i][i] = (byte) i;
        }
        assertTrue(memory.rssPeakBytes() > 0);
        assertTrue(memory.heapPeakBytes() >= 64 * 64 * 1024, "heap peak " + memory.heapPeakBytes());
        sink = kept[63][63]; // keeps the 4 MiB reachable until the peak was read
    }

    @Test
    void theCallingThreadHasAKernelId() {
        assertTrue(Proc.currentTid() > 0);
        assertTrue(Proc.threadCpuNanos(Proc.currentTid()) > 0);
    }

    @SuppressWarnings("UnusedVariable") // written, never read: it keeps the JIT from dropping the work
    private static volatile long sink;

    private static void spin(long rounds) {
        long x = 0;
        for (long i = 0; i < rounds; i++) {
            x += i ^ (x >>> 3);
        }
        sink = x;
    }
}
