package dev.kvbench.workload.tree;

import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The Ozone benchmark's directory tree: {@code fanout} children under every directory,
 * {@code depth} levels below the root, {@code fanout + fanout² + ... + fanout^depth} entries.
 *
 * <p>Ids are given level by level: the root is 0 and child {@code i} (0-based) of directory
 * {@code p} is {@code p × fanout + i + 1}, so a walk knows every id it must find without a table.
 *
 * <p>Key: the parent's id as 8 bytes big-endian, then the child's name {@code /abcdefghifklmno}
 * plus its index in decimal, one ASCII byte per character: 25 bytes for a one-digit index. The
 * reference encoded the name with Java's {@code "UTF-16"} charset, two bytes per character
 * after a two-byte byte-order mark, so its keys were 44 bytes for the same name; the order of
 * keys is the same in both (ASCII bytes and UTF-16BE code units sort alike).
 */
public record DirTree(int fanout, int depth) {

    /** The most entries a tree may have (sizes and loops stay in ints per level). */
    public static final long MAX_ENTRIES = Integer.MAX_VALUE;

    public DirTree {
        if (fanout < 1) {
            throw new IllegalArgumentException("fanout=" + fanout + ": fanout must be a whole number of at least 1");
        }
        if (depth < 1) {
            throw new IllegalArgumentException("depth=" + depth + ": depth must be a whole number of at least 1");
        }
        if (count(fanout, depth) > MAX_ENTRIES) {
            throw new IllegalArgumentException("fanout=" + fanout + " and depth=" + depth + " make a tree of over "
                    + MAX_ENTRIES + " entries; use a smaller fanout or depth");
        }
    }

    /** Entries: every directory but the root. */
    public long entries() {
        return count(fanout, depth);
    }

    /** Directories that have children: the root and every level but the last. */
    public long parents() {
        return 1 + count(fanout, depth - 1);
    }

    /** Lookups per walk: one per level, then the one below a leaf that finds nothing. */
    public int lookupsPerWalk() {
        return depth + 1;
    }

    /** The id of child {@code index} of directory {@code parent}. */
    public long childId(long parent, int index) {
        return parent * fanout + index + 1;
    }

    /** The longest key: 8 id bytes, the name prefix and the digits of the largest index. */
    public int maxKeySize() {
        return Encoding.ID_BYTES + Directory.nameLength(fanout - 1);
    }

    /** Writes the key of child {@code index} of {@code parent} into {@code key}; returns its length. */
    public static int key(long parent, int index, MutableDirectBuffer key) {
        key.putLong(0, parent, ByteOrder.BIG_ENDIAN);
        key.putBytes(Encoding.ID_BYTES, Directory.NAME_PREFIX_BYTES);
        int end = Encoding.ID_BYTES + Directory.nameLength(index);
        int v = index;
        for (int i = end - 1; i >= Encoding.ID_BYTES + Directory.NAME_PREFIX_BYTES.length; i--) {
            key.putByte(i, (byte) ('0' + v % 10));
            v /= 10;
        }
        return end;
    }

    /** The record of the last entry: the largest id and index, so the longest value of any encoding. */
    public Directory largest() {
        long parent = parents() - 1;
        return new Directory(childId(parent, fanout - 1), parent, fanout - 1);
    }

    /** The shape a store is opened with for this tree in {@code encoding}. */
    public Shape shape(Encoding encoding) {
        int valSize = encoding.encode(largest(), new SplittableRandom(0)).length;
        return new Shape(entries(), maxKeySize(), valSize, false);
    }

    /**
     * Writes every directory of the tree into {@code store}, parent by parent, committing every
     * {@code batchSize} entries. Keys arrive grouped by parent, but not in byte order within a
     * parent once it has more than ten children ({@code ...10} sorts before {@code ...2}), so no
     * append path is asked for. Padding bytes come from a fixed seed, the same for every engine.
     *
     * @return bytes of every key and value written (the flat size of the tree)
     */
    public long write(Store store, Encoding encoding, int batchSize) {
        SplittableRandom random = new SplittableRandom(42);
        UnsafeBuffer key = new UnsafeBuffer(new byte[maxKeySize()]);
        UnsafeBuffer keyView = new UnsafeBuffer(0, 0);
        UnsafeBuffer value = new UnsafeBuffer(0, 0);
        long flatBytes = 0;
        long inBatch = 0;
        try (Writer writer = store.writer(false)) {
            for (long parent = 0, parents = parents(); parent < parents; parent++) {
                for (int i = 0; i < fanout; i++) {
                    int keyLength = key(parent, i, key);
                    keyView.wrap(key, 0, keyLength);
                    byte[] bytes = encoding.encode(new Directory(childId(parent, i), parent, i), random);
                    value.wrap(bytes);
                    writer.put(keyView, value);
                    flatBytes += keyLength + bytes.length;
                    if (++inBatch == batchSize) {
                        writer.commit();
                        inBatch = 0;
                    }
                }
            }
            writer.commit();
        }
        return flatBytes;
    }

    /** {@code fanout + fanout² + ... + fanout^levels}, saturating at {@code Long.MAX_VALUE}. */
    static long count(long fanout, int levels) {
        long total = 0;
        long level = 1;
        for (int l = 0; l < levels; l++) {
            level = level > Long.MAX_VALUE / fanout ? Long.MAX_VALUE : level * fanout;
            total = total > Long.MAX_VALUE - level ? Long.MAX_VALUE : total + level;
            if (total == Long.MAX_VALUE) {
                return total;
            }
        }
        return total;
    }
}
