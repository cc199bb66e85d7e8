package dev.kvbench.store.lmdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the LMDB adapters do beyond the conformance suite: integer keys (in every LMDB binding:
 * lmdbjava, LWJGL, lmdbjni), lmdbjava's checks switch, and which LMDB each binding bundles.
 */
class LmdbStoreTest {

    /** Every key a 4-byte int: what a generated int-key data set promises. */
    private static final Shape INT_KEYS = new Shape(2_000, 4, 8, false, true);

    @TempDir
    Path dir;

    /**
     * Keys around the byte boundaries where native (little-endian) and big-endian order differ:
     * with integer keys the adapter must still give unsigned-byte order, forwards and backwards.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "lmdb",
                "lmdb-bb",
                "lmdb:integerKeys=true",
                "lmdb:writeMap=false",
                "lmdb-lwjgl",
                "lmdb-lwjgl:writeMap=false",
                "lmdbjni",
                "lmdbjni:writeMap=false",
                "lmdbjni:integerKeys=false"
            })
    void integerKeysIterateGetAndSeekInUnsignedByteOrder(String spec) {
        List<Integer> keys = new ArrayList<>();
        for (int high : new int[] {0, 1, 0x7f, 0x80, 0xff}) {
            for (int low : new int[] {0, 1, 0x7f, 0x80, 0xff}) {
                keys.add(high << 8 | low);
                keys.add(high << 24 | low);
            }
        }
        keys = new ArrayList<>(new java.util.TreeSet<>(keys));
        keys.sort(Integer::compareUnsigned);
        List<Integer> shuffled = new ArrayList<>(keys);
        Collections.shuffle(shuffled, new Random(3));
        try (Store store = Stores.open(spec, dir, INT_KEYS)) {
            try (Writer writer = store.writer(false)) {
                for (int k : shuffled) {
                    writer.put(key(k), key(~k));
                }
                writer.commit();
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                List<Integer> forward = new ArrayList<>();
                for (boolean on = cursor.first(); on; on = cursor.next()) {
                    forward.add(cursor.key().getInt(0, ByteOrder.BIG_ENDIAN));
                    assertEquals(
                            ~forward.get(forward.size() - 1), cursor.value().getInt(0, ByteOrder.BIG_ENDIAN));
                }
                assertEquals(keys, forward);
                List<Integer> backward = new ArrayList<>();
                for (boolean on = cursor.last(); on; on = cursor.prev()) {
                    backward.add(cursor.key().getInt(0, ByteOrder.BIG_ENDIAN));
                }
                Collections.reverse(backward);
                assertEquals(keys, backward);
                assertTrue(cursor.seek(key(0x7f00 + 2)));
                assertEquals(0x7f7f, cursor.key().getInt(0, ByteOrder.BIG_ENDIAN));
                for (int k : shuffled) {
                    DirectBuffer value = reader.get(key(k));
                    assertNotNull(value, "key " + k);
                    assertEquals(~k, value.getInt(0, ByteOrder.BIG_ENDIAN));
                }
                assertNull(reader.get(key(2)));
            }
        }
    }

    /**
     * Int lookups write the key into the read session's own word: two readers open at once each
     * have their own, and a reader that takes over a closed reader's session finds its keys too.
     */
    @ParameterizedTest
    @ValueSource(strings = {"lmdb", "lmdb-bb"})
    void intLookupsOfReadersOpenAtOnceAndOneAfterAnotherFindTheirOwnKeys(String spec) {
        try (Store store = Stores.open(spec, dir, INT_KEYS)) {
            putThousandKeysWithTheirComplements(store);
            try (Reader a = store.reader();
                    Reader b = store.reader()) {
                for (int k = 0; k < 1_000; k++) {
                    DirectBuffer fromA = a.intKeys().get(k);
                    DirectBuffer fromB = b.intKeys().get(999 - k);
                    assertEquals(~k, fromA.getInt(0, ByteOrder.BIG_ENDIAN), "reader a, key " + k);
                    assertEquals(~(999 - k), fromB.getInt(0, ByteOrder.BIG_ENDIAN), "reader b, key " + (999 - k));
                }
                assertNull(a.intKeys().get(1_000));
            }
            for (int pass = 0; pass < 3; pass++) {
                try (Reader reader = store.reader()) {
                    for (int k = pass; k < 1_000; k += 7) {
                        assertEquals(
                                ~k,
                                reader.intKeys().get(k).getInt(0, ByteOrder.BIG_ENDIAN),
                                "pass " + pass + ", key " + k);
                    }
                    assertNull(reader.intKeys().get(-1));
                }
            }
        }
    }

    /** Keys 0-999, each with its bitwise complement as the value, in one commit. */
    private static void putThousandKeysWithTheirComplements(Store store) {
        try (Writer writer = store.writer(true)) {
            for (int k = 0; k < 1_000; k++) {
                writer.put(key(k), key(~k));
            }
            writer.commit();
        }
    }

    /**
     * A cursor over integer keys, with LMDB's own buffers or with views, both ways: every key comes
     * back as its big-endian bytes and folds as they do, and every value is the one written.
     */
    @ParameterizedTest
    @ValueSource(strings = {"lmdb", "lmdb-bb"})
    void cursorsOverIntegerKeysGiveEveryKeyItsValueAndFold(String spec) {
        try (Store store = Stores.open(spec, dir, INT_KEYS)) {
            putThousandKeysWithTheirComplements(store);
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                int k = 0;
                long h = KeyFold.START;
                for (boolean on = cursor.first(); on; on = cursor.next(), k++) {
                    long folded = cursor.foldKey(h);
                    assertEquals(KeyFold.fold(h, key(k)), folded, "fold at key " + k);
                    h = folded;
                    assertEquals(k, cursor.key().getInt(0, ByteOrder.BIG_ENDIAN));
                    assertEquals(~k, cursor.value().getInt(0, ByteOrder.BIG_ENDIAN), "value of key " + k);
                }
                assertEquals(1_000, k);
                for (boolean on = cursor.last(); on; on = cursor.prev()) {
                    k--;
                    assertEquals(
                            ~k, cursor.value().getInt(0, ByteOrder.BIG_ENDIAN), "value of key " + k + ", backwards");
                }
                assertEquals(0, k);
            }
        }
    }

    @Test
    void integerKeysTrueNeedsFixedFourByteKeys() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Stores.open("lmdb:integerKeys=true", dir, new Shape(10, 4, 8, false)));
        assertEquals(
                "lmdb option integerKeys=true needs every key to be a 4-byte int, but this data set has up to "
                        + "4-byte keys; use integerKeys=auto or false",
                e.getMessage());
    }

    @Test
    void integerKeysOffKeepsTheByteComparatorForFixedKeys() {
        try (Store store = Stores.open("lmdb:integerKeys=false", dir, INT_KEYS)) {
            try (Writer writer = store.writer(false)) {
                writer.put(key(0x0100), key(1));
                writer.put(key(0x01), key(2));
                writer.commit();
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.first());
                assertEquals(0x01, cursor.key().getInt(0, ByteOrder.BIG_ENDIAN));
            }
        }
    }

    @Test
    void aKeyOfAnotherLengthIsRefusedWithIntegerKeys() {
        try (Store store = Stores.open("lmdb", dir, INT_KEYS);
                Writer writer = store.writer(false)) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> writer.put(new UnsafeBuffer(ByteBuffer.allocateDirect(8)), key(1)));
            assertEquals("lmdb with integer keys takes 4-byte keys only, got 8 bytes", e.getMessage());
        }
    }

    /** lmdbjava reads its checks switch once per JVM; the tests' LMDB stores all run with the default (off). */
    @Test
    void checksOnInAJvmWhoseLmdbRunsWithoutThemIsRefused() {
        try (Store store = Stores.open("lmdb", dir.resolve("a"), INT_KEYS)) {
            assertNotNull(store);
        }
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> Stores.open("lmdb:checks=true", dir.resolve("b"), INT_KEYS));
        assertEquals(
                "lmdb option checks=true: this JVM already runs lmdbjava with checks off, and lmdbjava reads"
                        + " the setting once per JVM",
                e.getMessage());
        assertFalse(org.lmdbjava.Env.SHOULD_CHECK);
    }

    @ParameterizedTest
    @ValueSource(strings = {"lmdb-lwjgl", "lmdbjni"})
    void integerKeysTrueNeedsFixedFourByteKeysInEveryBinding(String engine) {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Stores.open(engine + ":integerKeys=true", dir, new Shape(10, 4, 8, false)));
        assertTrue(
                e.getMessage().startsWith(engine + " option integerKeys=true needs every key to be a 4-byte int"),
                e.getMessage());
    }

    /** Like with like: LWJGL's row and lmdbjava's run the same LMDB; each version names the LMDB it bundles. */
    @Test
    void everyBindingReportsTheLmdbItBundles() {
        org.lmdbjava.Meta.Version lmdbjava = org.lmdbjava.Meta.version();
        String lmdb = "LMDB " + lmdbjava.major + "." + lmdbjava.minor + "." + lmdbjava.patch;
        assertTrue(
                Stores.engine("lmdb").libraryVersion().contains("(" + lmdb),
                Stores.engine("lmdb").libraryVersion());
        assertTrue(
                Stores.engine("lmdb-lwjgl").libraryVersion().contains("(" + lmdb),
                Stores.engine("lmdb-lwjgl").libraryVersion());
        assertTrue(
                Stores.engine("lmdbjni").libraryVersion().matches("0\\.4\\.7 \\(LMDB 0\\.9\\.19: .*\\)"),
                Stores.engine("lmdbjni").libraryVersion());
    }

    @SuppressWarnings("try") // the first reader holds the only slot, never read
    @ParameterizedTest
    @ValueSource(strings = {"lmdb", "lmdb-bb"})
    void moreReadersThanSlotsPointAtMaxReaders(String spec) {
        try (Store store = Stores.open(spec + ":maxReaders=1", dir, INT_KEYS);
                Reader first = store.reader()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, store::reader);
            assertEquals(
                    spec + " has 1 reader slots (option maxReaders) and every one is taken: use fewer reader threads,"
                            + " or more slots, e.g. -p store=" + spec + ":maxReaders=1024",
                    e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"lmdb", "lmdb-bb"})
    void aFullMapPointsAtMapSizeMbZero(String spec) {
        // 1 MiB holds the flat bytes of 80,000 entries of 4 + 8 bytes (960,000), but not LMDB's pages for them
        Shape shape = new Shape(80_000, 4, 8, false, true);
        try (Store store = Stores.open(spec + ":mapSizeMb=1", dir, shape);
                Writer writer = store.writer(false)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
                for (int k = 0; k < 80_000; k++) {
                    writer.put(key(k), key(k));
                }
                writer.commit();
            });
            assertTrue(e.getMessage().startsWith(spec + " option mapSizeMb=1 is too small"), e.getMessage());
            assertTrue(
                    e.getMessage().endsWith("use mapSizeMb=0 to size it from the data, or a larger mapSizeMb"),
                    e.getMessage());
        }
    }

    /**
     * {@code readAhead=false} reaches LMDB as {@code MDB_NORDAHEAD} in every binding: LMDB then advises the
     * kernel that its map is read at random ({@code madvise(MADV_RANDOM)}), which Linux shows as the flag
     * {@code rr} of the mapping in {@code /proc/self/smaps}; a store with the default has no such flag.
     */
    @SuppressWarnings("try") // the stores are open for their maps, never read
    @ParameterizedTest
    @ValueSource(strings = {"lmdb", "lmdb-bb", "lmdb-lwjgl", "lmdbjni"})
    void readAheadFalseAdvisesTheKernelThatTheMapIsReadAtRandom(String engine) throws java.io.IOException {
        Path smaps = Path.of("/proc/self/smaps");
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isReadable(smaps), "Linux's /proc/self/smaps");
        try (Store off = Stores.open(engine + ":readAhead=false", dir.resolve("off"), INT_KEYS);
                Store on = Stores.open(engine, dir.resolve("on"), INT_KEYS)) {
            List<String> lines = java.nio.file.Files.readAllLines(smaps);
            assertEquals(
                    List.of("rr"),
                    vmFlags(lines, dir.resolve("off/data.mdb")).stream()
                            .filter("rr"::equals)
                            .toList());
            assertFalse(vmFlags(lines, dir.resolve("on/data.mdb")).contains("rr"));
        }
    }

    /** The {@code VmFlags} of the first mapping of {@code file} in the lines of {@code /proc/self/smaps}. */
    private static List<String> vmFlags(List<String> smaps, Path file) throws java.io.IOException {
        String path = file.toRealPath().toString();
        boolean inFile = false;
        for (String line : smaps) {
            if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
                inFile = line.endsWith(" " + path);
            } else if (inFile && line.startsWith("VmFlags:")) {
                return List.of(line.substring("VmFlags:".length()).trim().split("\\s+"));
            }
        }
        throw new AssertionError("no mapping of " + path + " in /proc/self/smaps");
    }

    private static DirectBuffer key(int k) {
        UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(4));
        buffer.putInt(0, k, ByteOrder.BIG_ENDIAN);
        return buffer;
    }
}
