package dev.kvbench.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every engine adapter meets, run against every registered spec: registering an
 * engine is what tests it. {@code -Dkvbench.test.specs=a,b} narrows the run while developing.
 *
 * <p>A store that declares {@link Capability#DISCARDS} (the {@code null} store) runs every test
 * too, held to the contract it claims: it accepts every write, and every read finds nothing. The
 * helpers that read back ({@link #assertValue}, {@link #assertAllPresent}, {@link #kept}) expect
 * nothing from it, so no test is skipped.
 */
class StoreConformanceTest {

    /** Spec variants beyond the plain engine names: the LMDB settings the report compares. */
    private static final List<String> VARIANTS = List.of(
            "lmdb:writeMap=false",
            "lmdb:sync=true+metaSync=true",
            "lmdb-bb:forceSafe=true",
            "lmdb:readAhead=false",
            "lmdb-lwjgl:readAhead=false",
            "lmdbjni:readAhead=false+writeMap=false",
            "mvstore:sync=true",
            "xodus:sync=true+gc=true",
            "rocksdb:sync=true",
            "sqlite:journal=delete+synchronous=full",
            "bdbje:transactional=false+sync=true",
            "mapdb:transactions=true");

    private static final int KEY_SIZE = 4;
    private static final Shape SMALL = new Shape(5_000, KEY_SIZE, 100, false);

    @TempDir
    Path dir;

    static Stream<String> specs() {
        List<String> specs = new ArrayList<>(Stores.names());
        for (String variant : VARIANTS) {
            if (Stores.names().contains(StoreSpec.parse(variant).engine())) {
                specs.add(variant);
            }
        }
        String only = System.getProperty("kvbench.test.specs", "");
        if (!only.isBlank()) {
            List<String> wanted = Arrays.asList(only.split(","));
            specs.removeIf(spec -> !wanted.contains(spec)
                    && !wanted.contains(StoreSpec.parse(spec).engine()));
        }
        return specs.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void putThenGetReturnsTheValue(String spec) {
        try (Store store = open(spec, SMALL)) {
            write(store, false, key(7), text("seven"));
            try (Reader reader = store.reader()) {
                assertValue(store, "seven", reader.get(key(7)));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void missingKeyReadsAsNull(String spec) {
        try (Store store = open(spec, SMALL)) {
            write(store, false, key(1), text("one"));
            try (Reader reader = store.reader()) {
                assertNull(reader.get(key(2)));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void overwriteReplacesTheValue(String spec) {
        try (Store store = open(spec, SMALL)) {
            write(store, false, key(1), text("first"));
            write(store, false, key(1), text("second"));
            try (Reader reader = store.reader()) {
                assertValue(store, "second", reader.get(key(1)));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void deleteRemovesTheKey(String spec) {
        try (Store store = open(spec, SMALL)) {
            write(store, false, key(1), text("one"));
            try (Writer writer = store.writer(false)) {
                writer.delete(key(1));
                writer.commit();
            }
            try (Reader reader = store.reader()) {
                assertNull(reader.get(key(1)));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void emptyValueRoundTrips(String spec) {
        try (Store store = open(spec, SMALL)) {
            write(store, false, key(3), text(""));
            try (Reader reader = store.reader()) {
                assertValue(store, "", reader.get(key(3)));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void sixteenKibValueRoundTrips(String spec) {
        byte[] big = new byte[16 * 1024];
        new Random(16).nextBytes(big);
        try (Store store = open(spec, new Shape(100, KEY_SIZE, big.length, false))) {
            write(store, false, key(5), offHeap(big));
            try (Reader reader = store.reader()) {
                assertValue(store, big, reader.get(key(5)));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void heapAndOffHeapBuffersAreBothAccepted(String spec) {
        try (Store store = open(spec, SMALL)) {
            try (Writer writer = store.writer(false)) {
                writer.put(new UnsafeBuffer(intKey(11)), new UnsafeBuffer("heap".getBytes(StandardCharsets.US_ASCII)));
                writer.put(key(12), text("direct"));
                writer.commit();
            }
            try (Reader reader = store.reader()) {
                assertValue(store, "heap", reader.get(key(11)));
                assertValue(store, "direct", reader.get(new UnsafeBuffer(intKey(12))));
            }
        }
    }

    /**
     * A reader per lookup (dirWalk opens one per walk) with a heap key, as dirWalk's keys are: opening one allocates no
     * direct buffer of its own. LMDB's readers once did (the off-heap copy of the key), and after 15 s of walks 757,000
     * of them and their Cleaners held the GC's pauses at up to 103 ms, which made every LMDB dirWalk number unstable.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void readersOneAfterAnotherAllocateNoDirectBufferEach(String spec) {
        try (Store store = open(spec, SMALL)) {
            write(store, false, key(5), text("five"));
            UnsafeBuffer heapKey = new UnsafeBuffer(intKey(5));
            for (int i = 0; i < 10; i++) { // the first readers may set up what the next ones reuse
                try (Reader reader = store.reader()) {
                    assertValue(store, "five", reader.get(heapKey));
                }
            }
            long before = directBuffers();
            int readers = 2_000;
            for (int i = 0; i < readers; i++) {
                try (Reader reader = store.reader()) {
                    assertValue(store, "five", reader.get(heapKey));
                }
            }
            long grown = directBuffers() - before;
            assertTrue(grown < readers / 10, spec + ": " + readers + " readers left " + grown + " more direct buffers");
        }
    }

    /** The JVM's direct buffers in use (the "direct" buffer pool's count). */
    private static long directBuffers() {
        return java.lang.management.ManagementFactory.getPlatformMXBeans(java.lang.management.BufferPoolMXBean.class)
                .stream()
                .filter(pool -> pool.getName().equals("direct"))
                .mapToLong(java.lang.management.BufferPoolMXBean::getCount)
                .sum();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void iteratesInUnsignedByteOrder(String spec) {
        try (Store store = open(spec, SMALL)) {
            List<byte[]> keys = kept(store, writeMixedKeys(store));
            if (!ordered(store)) {
                return;
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                List<byte[]> seen = new ArrayList<>();
                for (boolean more = cursor.first(); more; more = cursor.next()) {
                    seen.add(bytes(cursor.key()));
                    assertEquals(valueFor(seen.get(seen.size() - 1)), string(cursor.value()));
                }
                assertKeysEqual(keys, seen);
            }
        }
    }

    /**
     * {@link Cursor#foldKey} equals the fold of {@link Cursor#key()} on every entry, both ways, and
     * {@link Cursor#valueLength} the length of {@link Cursor#value()}, with
     * every key exactly 4 bytes (a generated int data set's shape: LMDB then uses integer keys),
     * over keys around the byte boundaries where native and big-endian order differ.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void foldKeyIsTheFoldOfTheKey(String spec) {
        try (Store store = open(spec, new Shape(5_000, KEY_SIZE, 100, false, true))) {
            List<byte[]> keys = kept(store, writeIntKeys(store));
            if (!ordered(store)) {
                return;
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                long fold = KeyFold.START;
                long h = KeyFold.START;
                int seen = 0;
                for (boolean more = cursor.first(); more; more = cursor.next()) {
                    long expected = KeyFold.fold(h, cursor.key());
                    h = cursor.foldKey(h);
                    assertEquals(expected, h, "foldKey at " + HexFormat.of().formatHex(bytes(cursor.key())));
                    assertEquals(cursor.value().capacity(), cursor.valueLength(), "valueLength");
                    fold = KeyFold.fold(fold, cursor.key());
                    seen++;
                }
                assertEquals(keys.size(), seen);
                assertEquals(fold, h);
                h = KeyFold.START;
                for (boolean more = cursor.last(); more; more = cursor.prev()) {
                    long expected = KeyFold.fold(h, cursor.key());
                    h = cursor.foldKey(h);
                    assertEquals(
                            expected,
                            h,
                            "foldKey backwards at " + HexFormat.of().formatHex(bytes(cursor.key())));
                    assertEquals(cursor.value().capacity(), cursor.valueLength(), "valueLength backwards");
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void intKeyLookupFindsWhatGetFinds(String spec) {
        try (Store store = open(spec, new Shape(5_000, KEY_SIZE, 100, false, true))) {
            List<byte[]> keys = kept(store, writeIntKeys(store));
            try (Reader reader = store.reader()) {
                IntKeyLookup ints = reader.intKeys();
                if (StoreSpec.parse(spec).engine().startsWith("lmdb")) {
                    assertNotNull(ints, "LMDB with integer keys takes int keys as ints");
                }
                if (ints == null) {
                    return;
                }
                for (byte[] key : keys) {
                    int k = ByteBuffer.wrap(key).getInt();
                    byte[] byBytes = bytes(reader.get(offHeap(key)));
                    assertArrayEquals(byBytes, bytes(ints.get(k)), "int key " + Integer.toHexString(k));
                    assertEquals(valueFor(key), new String(byBytes, StandardCharsets.US_ASCII));
                }
                for (int absent : new int[] {0x02020202, 0x7FFFFFFF, 0x80000001, -1 & ~0xFF}) {
                    assertNull(ints.get(absent), "absent int key " + Integer.toHexString(absent));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void iteratesBackwardsCompletely(String spec) {
        try (Store store = open(spec, SMALL)) {
            List<byte[]> keys = kept(store, writeMixedKeys(store));
            if (!ordered(store)) {
                return;
            }
            Collections.reverse(keys);
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                List<byte[]> seen = new ArrayList<>();
                for (boolean more = cursor.last(); more; more = cursor.prev()) {
                    seen.add(bytes(cursor.key()));
                }
                assertKeysEqual(keys, seen);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void seekFindsPresentAndNextGreaterKeys(String spec) {
        try (Store store = open(spec, SMALL)) {
            if (!ordered(store)) {
                return;
            }
            try (Writer writer = store.writer(false)) {
                for (int i = 10; i <= 50; i += 10) {
                    writer.put(key(i), text("v" + i));
                }
                writer.commit();
            }
            if (discards(store)) {
                assertCursorFindsNothing(store);
                return;
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.seek(key(30)));
                assertArrayEquals(intKey(30), bytes(cursor.key()));
                assertEquals("v30", string(cursor.value()));
                assertTrue(cursor.seek(key(31)), "seek to an absent key lands on the next greater key");
                assertArrayEquals(intKey(40), bytes(cursor.key()));
                assertTrue(cursor.next());
                assertArrayEquals(intKey(50), bytes(cursor.key()));
                assertTrue(cursor.seek(key(0)));
                assertArrayEquals(intKey(10), bytes(cursor.key()));
                assertFalse(cursor.seek(key(51)), "seek past the last key finds nothing");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void cursorChangesDirectionWhereItStands(String spec) {
        try (Store store = open(spec, SMALL)) {
            try (Writer writer = store.writer(false)) {
                for (int i = 10; i <= 50; i += 10) {
                    writer.put(key(i), text("v" + i));
                }
                writer.commit();
            }
            if (!ordered(store)) {
                return;
            }
            if (discards(store)) {
                assertCursorFindsNothing(store);
                return;
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.seek(key(30)));
                assertTrue(cursor.prev());
                assertArrayEquals(intKey(20), bytes(cursor.key()));
                assertTrue(cursor.next());
                assertArrayEquals(intKey(30), bytes(cursor.key()));
                assertTrue(cursor.next());
                assertArrayEquals(intKey(40), bytes(cursor.key()));
                assertEquals("v40", string(cursor.value()));
                assertTrue(cursor.last());
                assertTrue(cursor.prev());
                assertArrayEquals(intKey(40), bytes(cursor.key()));
                assertTrue(cursor.first());
                assertFalse(cursor.prev(), "nothing before the first entry");
                assertTrue(cursor.first(), "a cursor that ran off the start can be placed again");
                assertArrayEquals(intKey(10), bytes(cursor.key()));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void emptyStoreHasNoFirstOrLastEntry(String spec) {
        try (Store store = open(spec, SMALL)) {
            if (!ordered(store)) {
                return;
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertFalse(cursor.first());
                assertFalse(cursor.last());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void declaresOrderHonestly(String spec) {
        try (Store store = open(spec, SMALL);
                Reader reader = store.reader()) {
            assertEquals(
                    Stores.engine(StoreSpec.parse(spec).engine()).ordered(),
                    store.has(Capability.ORDERED),
                    "the engine's ordered() (known before any store opens) is what its store declares");
            if (store.has(Capability.ORDERED)) {
                try (Cursor cursor = reader.cursor()) {
                    assertNotNull(cursor);
                }
            } else {
                UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, reader::cursor);
                assertTrue(
                        e.getMessage().contains(StoreSpec.parse(spec).engine()),
                        "the refusal names the engine: " + e.getMessage());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void manyBatchesAllLand(String spec) {
        int n = 5_000;
        try (Store store = open(spec, new Shape(n, KEY_SIZE, 8, false))) {
            List<Integer> order = shuffled(n);
            try (Writer writer = store.writer(false)) {
                int inBatch = 0;
                for (int i : order) {
                    writer.put(key(i), value8(i));
                    if (++inBatch == 700) {
                        writer.commit();
                        inBatch = 0;
                    }
                }
                writer.commit();
            }
            assertAllPresent(store, n);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void callerMayReuseItsBuffersAfterEachPut(String spec) {
        int n = 2_000;
        try (Store store = open(spec, new Shape(n, KEY_SIZE, 8, false))) {
            UnsafeBuffer key = new UnsafeBuffer(ByteBuffer.allocateDirect(KEY_SIZE));
            UnsafeBuffer value = new UnsafeBuffer(ByteBuffer.allocateDirect(8));
            try (Writer writer = store.writer(false)) {
                for (int i : shuffled(n)) {
                    key.putInt(0, i, java.nio.ByteOrder.BIG_ENDIAN);
                    value.putInt(0, i, java.nio.ByteOrder.BIG_ENDIAN);
                    value.putInt(4, ~i, java.nio.ByteOrder.BIG_ENDIAN);
                    writer.put(key, value);
                    if (i % 300 == 0) {
                        writer.commit();
                    }
                }
                writer.commit();
            }
            assertAllPresent(store, n);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void sequentialHintWritesAscendingKeys(String spec) {
        int n = 3_000;
        try (Store store = open(spec, new Shape(n, KEY_SIZE, 8, true))) {
            try (Writer writer = store.writer(true)) {
                for (int i = 0; i < n; i++) {
                    writer.put(key(i), value8(i));
                    if (i % 1000 == 999) {
                        writer.commit();
                    }
                }
                writer.commit();
            }
            assertAllPresent(store, n);
            if (store.has(Capability.ORDERED)) {
                try (Reader reader = store.reader();
                        Cursor cursor = reader.cursor()) {
                    int count = 0;
                    for (boolean more = cursor.first(); more; more = cursor.next()) {
                        assertArrayEquals(intKey(count++), bytes(cursor.key()));
                    }
                    assertEquals(discards(store) ? 0 : n, count);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void dataSurvivesCloseAndReopen(String spec) {
        int n = 1_000;
        Shape shape = new Shape(n, KEY_SIZE, 8, false);
        try (Store store = open(spec, shape)) {
            try (Writer writer = store.writer(false)) {
                for (int i : shuffled(n)) {
                    writer.put(key(i), value8(i));
                }
                writer.commit();
            }
        }
        try (Store reopened = open(spec, shape)) {
            assertAllPresent(reopened, n);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void readerOpenedAfterCommitSeesIt(String spec) {
        try (Store store = open(spec, SMALL);
                Writer writer = store.writer(false)) {
            writer.put(key(1), text("one"));
            writer.commit();
            try (Reader reader = store.reader()) {
                assertValue(store, "one", reader.get(key(1)));
            }
            writer.put(key(2), text("two"));
            writer.commit();
            try (Reader reader = store.reader()) {
                assertValue(store, "two", reader.get(key(2)));
            }
        }
    }

    /** Readers may hand their transaction and cursors on (LMDB's reset and renew): each must still see its own snapshot. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void cursorsOfLaterReadersSeeLaterCommits(String spec) {
        try (Store store = open(spec, SMALL);
                Writer writer = store.writer(false)) {
            writer.put(key(1), text("one"));
            writer.commit();
            if (discards(store) || !ordered(store)) {
                return;
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.first());
                assertEquals("one", string(cursor.value()));
                assertFalse(cursor.next());
            }
            writer.put(key(2), text("two"));
            writer.commit();
            try (Reader reader = store.reader()) {
                assertValue(store, "two", reader.get(key(2)));
                try (Cursor first = reader.cursor();
                        Cursor second = reader.cursor()) {
                    assertTrue(first.last());
                    assertEquals("two", string(first.value()));
                    assertTrue(second.first());
                    assertEquals("one", string(second.value()));
                    assertTrue(first.prev());
                    assertEquals("one", string(first.value()));
                    assertTrue(second.next());
                    assertEquals("two", string(second.value()));
                }
                try (Cursor again = reader.cursor()) {
                    assertTrue(again.first());
                    assertTrue(again.next());
                    assertFalse(again.next());
                }
            }
            writer.put(key(3), text("three"));
            writer.commit();
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.last());
                assertEquals("three", string(cursor.value()));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void snapshotReaderSeesOnlyWhatWasCommittedBeforeIt(String spec) {
        try (Store store = open(spec, SMALL)) {
            write(store, false, key(1), text("old"));
            try (Reader reader = store.reader()) {
                try (Writer writer = store.writer(false)) {
                    writer.put(key(1), text("new"));
                    writer.put(key(2), text("added"));
                    writer.commit();
                }
                if (discards(store)) {
                    assertValue(store, "old", reader.get(key(1)));
                } else if (store.has(Capability.SNAPSHOT_READS)) {
                    assertEquals("old", string(reader.get(key(1))));
                    assertNull(reader.get(key(2)));
                } else {
                    // Without snapshots a reader sees the store as it is now: old or new, never torn.
                    assertTrue(List.of("old", "new").contains(string(reader.get(key(1)))));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void uncommittedWritesAreInvisibleToReaders(String spec) {
        try (Store store = open(spec, SMALL)) {
            try (Writer writer = store.writer(false)) {
                writer.put(key(9), text("pending"));
                if (store.has(Capability.ATOMIC_COMMIT)) {
                    try (Reader reader = store.reader()) {
                        assertNull(reader.get(key(9)));
                    }
                }
                writer.commit();
            }
            try (Reader reader = store.reader()) {
                assertValue(store, "pending", reader.get(key(9)));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void readersOnOtherThreadsWorkWhileOneWriterWrites(String spec) throws Exception {
        int preloaded = 2_000;
        int added = 2_000;
        try (Store store = open(spec, new Shape(preloaded + added, KEY_SIZE, 8, false))) {
            try (Writer writer = store.writer(false)) {
                for (int i = 0; i < preloaded; i++) {
                    writer.put(key(i), value8(i));
                }
                writer.commit();
            }
            ExecutorService pool = Executors.newFixedThreadPool(3);
            try {
                List<Future<?>> readers = new ArrayList<>();
                for (int r = 0; r < 2; r++) {
                    readers.add(pool.submit(() -> {
                        for (int round = 0; round < 5; round++) {
                            assertAllPresent(store, preloaded);
                        }
                        return null;
                    }));
                }
                Future<?> writing = pool.submit(() -> {
                    try (Writer writer = store.writer(false)) {
                        for (int i = preloaded; i < preloaded + added; i++) {
                            writer.put(key(i), value8(i));
                            if (i % 250 == 0) {
                                writer.commit();
                            }
                        }
                        writer.commit();
                    }
                    return null;
                });
                writing.get(60, TimeUnit.SECONDS);
                for (Future<?> reader : readers) {
                    reader.get(60, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            assertAllPresent(store, preloaded + added);
        }
    }

    /**
     * The writer commits generation after generation, each rewriting every key with the
     * generation's value; readers on two threads read all keys (and, on ordered stores, iterate
     * them) over and over meanwhile. No reader may see a generation whose commit had not begun,
     * nor a torn value; with atomic commits and snapshots every read of a reader sees one
     * generation, at least the last one committed before the reader opened.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void readersDuringAWriterSeeOnlyCommittedDataAndNeverCrash(String spec) throws Exception {
        int keys = 100;
        int generations = Integer.getInteger("kvbench.test.generations", 100);
        try (Store store = open(spec, new Shape(keys, KEY_SIZE, 8, false))) {
            AtomicInteger committing = new AtomicInteger(0);
            AtomicInteger committed = new AtomicInteger(0);
            try (Writer writer = store.writer(false)) {
                for (int k = 0; k < keys; k++) {
                    writer.put(key(k), value8(0));
                }
                writer.commit();
            }
            boolean consistent = store.has(Capability.ATOMIC_COMMIT) && store.has(Capability.SNAPSHOT_READS);
            ExecutorService pool = Executors.newFixedThreadPool(3);
            try {
                AtomicBoolean done = new AtomicBoolean();
                List<Future<Integer>> readers = new ArrayList<>();
                for (int r = 0; r < 2; r++) {
                    readers.add(pool.submit(() -> {
                        int reads = 0;
                        while (!done.get() || reads == 0) {
                            int before = committed.get();
                            try (Reader reader = store.reader()) {
                                if (store.has(Capability.DISCARDS)) {
                                    // A store that keeps nothing: readers during a writer find nothing, and never
                                    // crash.
                                    for (int k = 0; k < keys; k++) {
                                        assertNull(reader.get(key(k)), "a store that discards found key " + k);
                                    }
                                    reads++;
                                    continue;
                                }
                                List<Integer> seen = new ArrayList<>();
                                for (int k = 0; k < keys; k++) {
                                    seen.add(generation(reader.get(key(k)), k));
                                }
                                if (store.has(Capability.ORDERED)) {
                                    try (Cursor cursor = reader.cursor()) {
                                        int k = 0;
                                        for (boolean on = cursor.first(); on; on = cursor.next(), k++) {
                                            assertArrayEquals(
                                                    intKey(k), bytes(cursor.key()), "key " + k + " of the pass");
                                            seen.add(generation(cursor.value(), k));
                                        }
                                        assertEquals(keys, k, "entries a cursor pass sees");
                                    }
                                }
                                // The reads above may not move below this read of the writer's progress.
                                VarHandle.fullFence();
                                int after = committing.get();
                                for (int generation : seen) {
                                    // Without atomic commits a put may be visible before its commit.
                                    assertTrue(
                                            generation <= after || !store.has(Capability.ATOMIC_COMMIT),
                                            "generation " + generation + " seen before its commit began (last begun "
                                                    + after + ")");
                                    if (consistent) {
                                        assertEquals(seen.get(0), generation, "one snapshot, one generation: " + seen);
                                        assertTrue(
                                                generation >= before,
                                                "generation " + generation + " seen after generation " + before
                                                        + " was committed");
                                    }
                                }
                            }
                            reads++;
                        }
                        return reads;
                    }));
                }
                Future<?> writing = pool.submit(() -> {
                    try (Writer writer = store.writer(false)) {
                        for (int g = 1; g <= generations; g++) {
                            for (int k = 0; k < keys; k++) {
                                writer.put(key(k), value8(g));
                            }
                            committing.set(g);
                            writer.commit();
                            committed.set(g);
                        }
                    } finally {
                        done.set(true);
                    }
                    return null;
                });
                writing.get(120, TimeUnit.SECONDS);
                for (Future<Integer> reader : readers) {
                    assertTrue(reader.get(120, TimeUnit.SECONDS) > 0, "every reader read");
                }
            } catch (java.util.concurrent.ExecutionException e) {
                // The summary of a failed run names the method, not the store: say which.
                throw new AssertionError(spec + ": " + e.getCause().getMessage(), e.getCause());
            } finally {
                pool.shutdownNow();
            }
            try (Reader reader = store.reader()) {
                for (int k = 0; k < keys && !store.has(Capability.DISCARDS); k++) {
                    assertEquals(generations, generation(reader.get(key(k)), k), "key " + k + " after the writer");
                }
            }
        }
    }

    /** The generation a {@link #value8} holds; a missing or torn value fails. */
    private static int generation(DirectBuffer value, int k) {
        assertNotNull(value, "key " + k + " missing while the writer wrote");
        assertEquals(8, value.capacity(), "value length of key " + k);
        int generation = value.getInt(0, java.nio.ByteOrder.BIG_ENDIAN);
        assertEquals(~generation, value.getInt(4, java.nio.ByteOrder.BIG_ENDIAN), "torn value of key " + k);
        return generation;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void closeLeavesTheFilesAndNoOpenHandles(String spec) throws IOException {
        Path folder = dir.resolve("store");
        boolean discards;
        try (Store store = Stores.open(spec, folder, SMALL)) {
            write(store, false, key(1), text("one"));
            discards = store.has(Capability.DISCARDS);
        }
        try (Stream<Path> files = Files.walk(folder)) {
            if (discards) {
                assertFalse(files.anyMatch(Files::isRegularFile), "a store that keeps nothing leaves no file");
            } else {
                assertTrue(files.anyMatch(Files::isRegularFile), "the folder holds the engine's files after close");
            }
        }
        assertEquals(List.of(), OpenFiles.under(folder), "files still open after close");
    }

    // ---- helpers: small and named, so that each test reads as its sentence ----

    private Store open(String spec, Shape shape) {
        return Stores.open(spec, dir.resolve("store"), shape);
    }

    /**
     * True when the store is ordered. An unordered store must instead refuse a cursor with a
     * message naming itself: that is what the calling test then checks, so no spec is skipped.
     */
    private static boolean ordered(Store store) {
        if (store.has(Capability.ORDERED)) {
            return true;
        }
        try (Reader reader = store.reader()) {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, reader::cursor);
            assertNotNull(e.getMessage(), "the refusal says why");
        }
        return false;
    }

    /** True when the store keeps nothing, so that every read of it must find nothing. */
    private static boolean discards(Store store) {
        return store.has(Capability.DISCARDS);
    }

    /** What a read of {@code store} must give back for {@code written}: it, or nothing from a store that keeps nothing. */
    private static <T> List<T> kept(Store store, List<T> written) {
        return discards(store) ? new ArrayList<>() : written;
    }

    private static void assertValue(Store store, String expected, DirectBuffer actual) {
        assertValue(store, expected.getBytes(StandardCharsets.US_ASCII), actual);
    }

    /** {@code actual} holds {@code expected} (an empty value is present, not absent), or is null for a store that keeps nothing. */
    private static void assertValue(Store store, byte[] expected, DirectBuffer actual) {
        if (discards(store)) {
            assertNull(actual, "a store that keeps nothing finds nothing");
        } else {
            assertNotNull(actual, "the value is present");
            assertArrayEquals(expected, bytes(actual));
        }
    }

    /** Every move of a cursor over a store that keeps nothing finds nothing. */
    private static void assertCursorFindsNothing(Store store) {
        try (Reader reader = store.reader();
                Cursor cursor = reader.cursor()) {
            assertFalse(cursor.first());
            assertFalse(cursor.last());
            assertFalse(cursor.seek(key(0)));
            assertFalse(cursor.next());
            assertFalse(cursor.prev());
        }
    }

    private static void write(Store store, boolean sequential, DirectBuffer key, DirectBuffer value) {
        try (Writer writer = store.writer(sequential)) {
            writer.put(key, value);
            writer.commit();
        }
    }

    /** 4-byte keys whose bytes cross the sign and byte boundaries, written in shuffled order. */
    private static List<byte[]> writeIntKeys(Store store) {
        List<byte[]> keys = new ArrayList<>();
        for (int first : new int[] {0x00, 0x01, 0x7F, 0x80, 0xFF}) {
            for (int last : new int[] {0x00, 0x01, 0x7F, 0x80, 0xFF}) {
                keys.add(new byte[] {(byte) first, (byte) last, (byte) first, (byte) last});
            }
        }
        return writeShuffled(store, keys, 7);
    }

    private static List<byte[]> writeMixedKeys(Store store) {
        List<byte[]> keys = new ArrayList<>();
        for (int first : new int[] {0x00, 0x01, 0x7F, 0x80, 0x81, 0xFE, 0xFF}) {
            for (int second : new int[] {0x00, 0x7F, 0x80, 0xFF}) {
                keys.add(new byte[] {(byte) first, (byte) second, 0, 1});
            }
        }
        keys.add(new byte[] {0x7F});
        keys.add(new byte[] {(byte) 0x80});
        keys.add(new byte[] {(byte) 0x80, 0});
        return writeShuffled(store, keys, 42);
    }

    /** Writes {@code keys} in an order shuffled by {@code seed}, in one commit; returns them sorted unsigned. */
    private static List<byte[]> writeShuffled(Store store, List<byte[]> keys, long seed) {
        List<byte[]> shuffled = new ArrayList<>(keys);
        Collections.shuffle(shuffled, new Random(seed));
        try (Writer writer = store.writer(false)) {
            for (byte[] key : shuffled) {
                writer.put(offHeap(key), text(valueFor(key)));
            }
            writer.commit();
        }
        keys.sort(Arrays::compareUnsigned);
        return keys;
    }

    private static String valueFor(byte[] key) {
        return "v" + Arrays.toString(key);
    }

    private static void assertKeysEqual(List<byte[]> expected, List<byte[]> actual) {
        assertEquals(expected.size(), actual.size(), "entries seen");
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), actual.get(i), "entry " + i);
        }
    }

    /** Keys 0..n-1 are all present with their values; none is, for a store that keeps nothing. */
    private static void assertAllPresent(Store store, int n) {
        try (Reader reader = store.reader()) {
            for (int i = 0; i < n; i++) {
                DirectBuffer value = reader.get(key(i));
                if (discards(store)) {
                    assertNull(value, "key " + i + " of a store that keeps nothing");
                    continue;
                }
                assertNotNull(value, "key " + i + " of " + n);
                assertEquals(i, value.getInt(0, java.nio.ByteOrder.BIG_ENDIAN), "value of key " + i);
            }
        }
    }

    private static List<Integer> shuffled(int n) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(7));
        return order;
    }

    private static byte[] intKey(int i) {
        return ByteBuffer.allocate(4).putInt(i).array();
    }

    private static DirectBuffer key(int i) {
        return offHeap(intKey(i));
    }

    private static DirectBuffer value8(int i) {
        return offHeap(ByteBuffer.allocate(8).putInt(i).putInt(~i).array());
    }

    private static DirectBuffer text(String s) {
        return offHeap(s.getBytes(StandardCharsets.US_ASCII));
    }

    private static DirectBuffer offHeap(byte[] bytes) {
        ByteBuffer direct = ByteBuffer.allocateDirect(Math.max(1, bytes.length));
        direct.put(bytes).flip();
        return new UnsafeBuffer(direct, 0, bytes.length);
    }

    private static byte[] bytes(DirectBuffer buffer) {
        assertNotNull(buffer);
        byte[] out = new byte[buffer.capacity()];
        buffer.getBytes(0, out);
        return out;
    }

    private static String string(DirectBuffer buffer) {
        return new String(bytes(buffer), StandardCharsets.US_ASCII);
    }
}
