package dev.kvbench.workload.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.workload.VerificationException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tree's shape and keys, and walks over a real store (LMDB) that pass, or fail loudly. */
class DirTreeTest {

    @TempDir
    Path dir;

    @Test
    void theReferenceTreeHasAboutTwelveMillionEntriesAndOursAboutHalfAMillion() {
        assertEquals(12_207_030, new DirTree(5, 10).entries());
        assertEquals(488_280, new DirTree(5, 8).entries());
        assertEquals(3, new DirTree(1, 3).entries());
        assertEquals(1 + 3 + 9, new DirTree(3, 3).parents());
        assertEquals(11, new DirTree(5, 10).lookupsPerWalk());
    }

    @Test
    void aKeyIsTheParentIdBigEndianThenTheNameInAscii() {
        UnsafeBuffer key = new UnsafeBuffer(new byte[32]);
        int length = DirTree.key(0x0102030405060708L, 12, key);
        byte[] bytes = new byte[length];
        key.getBytes(0, bytes);
        byte[] expected = new byte[8 + 18];
        for (int i = 0; i < 8; i++) {
            expected[i] = (byte) (i + 1);
        }
        System.arraycopy("/abcdefghifklmno12".getBytes(StandardCharsets.US_ASCII), 0, expected, 8, 18);
        assertArrayEquals(expected, bytes);
        assertEquals(26, new DirTree(13, 2).maxKeySize());
    }

    @Test
    void badShapesAreOneLineEach() {
        assertEquals(
                "fanout=0: fanout must be a whole number of at least 1",
                assertThrows(IllegalArgumentException.class, () -> new DirTree(0, 3))
                        .getMessage());
        assertEquals(
                "depth=0: depth must be a whole number of at least 1",
                assertThrows(IllegalArgumentException.class, () -> new DirTree(3, 0))
                        .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new DirTree(1000, 10))
                .getMessage()
                .contains("use a smaller fanout or depth"));
    }

    @Test
    void everyEncodingWalksToTheLeavesWithOneMiss() {
        DirTree tree = new DirTree(12, 3);
        for (Encoding encoding : Encoding.values()) {
            try (Store store = open(encoding.name(), tree, encoding)) {
                for (boolean all : new boolean[] {false, true}) {
                    DirWalk walk = new DirWalk("lmdb", tree, encoding, all, 7);
                    for (int i = 0; i < 200; i++) {
                        long leaf = walk.walk(store);
                        assertTrue(leaf > tree.parents() - 1, encoding + ": " + leaf);
                    }
                }
            }
        }
    }

    @Test
    void aWalkOnAShallowerTreeEndsEarlyAndFails() {
        try (Store store = open("shallow", new DirTree(3, 2), Encoding.LONG)) {
            DirWalk walk = new DirWalk("lmdb", new DirTree(3, 3), Encoding.LONG, false, 1);
            VerificationException e = assertThrows(VerificationException.class, () -> walk.walk(store));
            assertTrue(e.getMessage().startsWith("dirWalk on lmdb: expected 3 levels found no child"), e.getMessage());
        }
    }

    @Test
    void aWalkOnADeeperTreeFindsAValueBelowTheLeafAndFails() {
        try (Store store = open("deep", new DirTree(3, 3), Encoding.LONG)) {
            DirWalk walk = new DirWalk("lmdb", new DirTree(3, 2), Encoding.LONG, false, 1);
            VerificationException e = assertThrows(VerificationException.class, () -> walk.walk(store));
            assertTrue(e.getMessage().contains("expected a miss below the leaf"), e.getMessage());
        }
    }

    @Test
    void recordsOfAnotherEncodingFailTheWalk() {
        DirTree tree = new DirTree(3, 3);
        try (Store store = open("proto", tree, Encoding.PROTO)) {
            DirWalk walk = new DirWalk("lmdb", tree, Encoding.FLAT_BUFFER, false, 1);
            assertThrows(VerificationException.class, () -> walk.walk(store));
            DirWalk asLong = new DirWalk("lmdb", tree, Encoding.LONG, false, 1);
            assertThrows(VerificationException.class, () -> asLong.walk(store));
        }
    }

    private Store open(String name, DirTree tree, Encoding encoding) {
        Store store = Stores.open("lmdb", dir.resolve(name), tree.shape(encoding));
        long flat = tree.write(store, encoding, 1000);
        assertTrue(flat >= tree.entries() * 8, "flat bytes " + flat);
        return store;
    }
}
