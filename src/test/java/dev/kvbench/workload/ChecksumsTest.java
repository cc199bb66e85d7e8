package dev.kvbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import net.openhft.hashing.LongHashFunction;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The XXH64 fold keeps its contract and its numbers now that kvbench computes XXH64 itself, and the
 * harness no longer reaches {@code sun.misc.Unsafe}, so that a JDK run with
 * {@code --sun-misc-unsafe-memory-access=deny} fails only an engine that needs it, never the harness.
 */
class ChecksumsTest {

    private static final LongHashFunction REFERENCE = LongHashFunction.xx();

    @Test
    void theXxh64FoldIs31TimesThePreviousPlusTheHashInOrder() {
        byte[] key = "0000000000000042".getBytes(StandardCharsets.US_ASCII);
        byte[] value = new byte[100];
        new SplittableRandom(42).nextBytes(value);
        ByteBuffer offHeap = ByteBuffer.allocateDirect(value.length).put(value).clear();

        long folded = Checksums.xxh64(
                Checksums.xxh64(Checksums.XXH64_START, new UnsafeBuffer(key)), new UnsafeBuffer(offHeap));

        long expected = 31 * (31 * Checksums.XXH64_START + REFERENCE.hashBytes(key)) + REFERENCE.hashBytes(value);
        assertEquals(expected, folded);
        long swapped =
                Checksums.xxh64(Checksums.xxh64(Checksums.XXH64_START, new UnsafeBuffer(value)), new UnsafeBuffer(key));
        assertNotEquals(folded, swapped, "the fold must see order");
    }

    @Test
    void theXxh64FoldAllocatesNothingPerCall() {
        // It runs once per key and once per value in every engine's timed readXxh64 pass: an object per call
        // would be the harness's cost, not the engine's. A per-call object is 16 bytes or more, so a total under
        // one byte per call leaves room only for the measurement itself.
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported(), "this JVM cannot count allocated bytes");
        byte[] bytes = new byte[117];
        new SplittableRandom(7).nextBytes(bytes);
        DirectBuffer heap = new UnsafeBuffer(bytes, 3, 111);
        DirectBuffer offHeap = new UnsafeBuffer(
                ByteBuffer.allocateDirect(bytes.length).put(bytes).clear(), 5, 111);
        int calls = 100_000;
        long h = fold(heap, offHeap, 100);

        long before = threads.getCurrentThreadAllocatedBytes();
        h += fold(heap, offHeap, calls / 2);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertTrue(allocated < calls, allocated + " bytes allocated by " + calls + " calls (h " + h + ")");
    }

    @Test
    void noMainClassReferencesZeroAllocationHashingOrSunMiscUnsafe() throws IOException, URISyntaxException {
        // Read the compiled classes rather than the sources: a fully qualified name, a string for reflection or
        // an import all land in the class file. Zero-Allocation-Hashing reads memory through sun.misc.Unsafe.
        Path classes = Path.of(Checksums.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        assertTrue(Files.isDirectory(classes), classes + " is not the main classes folder");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(file -> file.toString().endsWith(".class")).collect(Collectors.toList());
        }
        assertTrue(files.contains(classes.resolve("dev/kvbench/workload/Checksums.class")), "Checksums.class not read");
        StringBuilder offenders = new StringBuilder();
        for (Path file : files) {
            // Class files keep names in modified UTF-8, which is plain ASCII for these.
            String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            for (String name : new String[] {"net/openhft/hashing", "net.openhft.hashing", "sun/misc/Unsafe"}) {
                if (text.contains(name)) {
                    offenders
                            .append(classes.relativize(file))
                            .append(" references ")
                            .append(name)
                            .append('\n');
                }
            }
        }
        assertEquals("", offenders.toString());
    }

    private static long fold(DirectBuffer heap, DirectBuffer offHeap, int times) {
        long h = Checksums.XXH64_START;
        for (int i = 0; i < times; i++) {
            h = Checksums.xxh64(h, heap);
            h = Checksums.xxh64(h, offHeap);
        }
        return h;
    }
}
