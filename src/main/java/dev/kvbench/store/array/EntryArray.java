package dev.kvbench.store.array;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Entries in slots of {@code keySlot + valSlot} bytes, the key then the value: the array store's committed,
 * immutable array, and also its writer's unsorted batch. {@code lengths} holds each entry's key and value lengths,
 * or is null when every key and value fills its slot. Apart from {@link ArrayStore} so that the store reads as its
 * lifecycle (open, write, read, close) and this as the one thing it keeps: a sorted array, searched, sorted and merged.
 */
final class EntryArray {

    /** A batch entry's value length when the entry is a delete. */
    static final int DELETED = -1;

    final UnsafeBuffer memory;
    final int count;
    final int[] lengths;
    private final int keySlot;
    private final int valSlot;
    private final int slot;

    EntryArray(ByteBuffer memory, int count, int[] lengths, int keySlot, int valSlot) {
        this.memory = new UnsafeBuffer(memory);
        this.count = count;
        this.lengths = lengths;
        this.keySlot = keySlot;
        this.valSlot = valSlot;
        this.slot = keySlot + valSlot;
    }

    int keyAt(int i) {
        return i * slot;
    }

    int keyLength(int i) {
        return lengths == null ? keySlot : lengths[2 * i];
    }

    int valueAt(int i) {
        return i * slot + keySlot;
    }

    int valueLength(int i) {
        return lengths == null ? valSlot : lengths[2 * i + 1];
    }

    int compareKeys(int i, EntryArray other, int j) {
        return compare(memory, keyAt(i), keyLength(i), other.memory, other.keyAt(j), other.keyLength(j));
    }

    /** The first entry whose key is {@code >= key}: {@link #count} when there is none. */
    int lowerBound(DirectBuffer key) {
        int low = 0;
        int high = count;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (compare(memory, keyAt(middle), keyLength(middle), key, 0, key.capacity()) < 0) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    boolean keyEquals(int i, DirectBuffer key) {
        return compare(memory, keyAt(i), keyLength(i), key, 0, key.capacity()) == 0;
    }

    /** This batch's entry numbers in key order; equal keys stay in the order they were written. */
    int[] sortedOrder() {
        int n = count;
        int[] order = new int[n];
        boolean inOrder = true;
        for (int i = 0; i < n; i++) {
            order[i] = i;
            inOrder &= i == 0 || compareKeys(i - 1, this, i) <= 0;
        }
        if (inOrder) {
            return order;
        }
        int[] from = order;
        int[] to = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int low = 0; low < n; low += 2 * width) {
                int middle = Math.min(low + width, n);
                int high = Math.min(low + 2 * width, n);
                int i = low;
                int j = middle;
                for (int k = low; k < high; k++) {
                    if (i < middle && (j >= high || compareKeys(from[i], this, from[j]) <= 0)) {
                        to[k] = from[i++];
                    } else {
                        to[k] = from[j++];
                    }
                }
            }
            int[] swap = from;
            from = to;
            to = swap;
        }
        return from;
    }

    /** A new array: this one with {@code batch}'s last write of each key applied, the batch's entries in {@code order}. */
    EntryArray merge(EntryArray batch, int[] order) {
        EntryArray old = this;
        int capacity = old.count + batch.count;
        ByteBuffer memory = ByteBuffer.allocateDirect(capacity * slot);
        UnsafeBuffer out = new UnsafeBuffer(memory);
        int[] lengths = new int[2 * capacity];
        boolean full = true;
        int count = 0;
        int i = 0;
        int k = 0;
        while (i < old.count || k < order.length) {
            int b = -1;
            if (k < order.length) {
                b = order[k];
                while (k + 1 < order.length && batch.compareKeys(b, batch, order[k + 1]) == 0) {
                    b = order[++k]; // the last write of this key wins
                }
            }
            int c = b < 0 ? -1 : i < old.count ? old.compareKeys(i, batch, b) : 1;
            EntryArray source;
            int entry;
            if (c < 0) {
                source = old;
                entry = i++;
            } else {
                k++;
                if (c == 0) {
                    i++;
                }
                if (batch.valueLength(b) == DELETED) {
                    continue;
                }
                source = batch;
                entry = b;
            }
            int keyLength = source.keyLength(entry);
            int valueLength = source.valueLength(entry);
            out.putBytes(count * slot, source.memory, source.keyAt(entry), keyLength);
            out.putBytes(count * slot + keySlot, source.memory, source.valueAt(entry), valueLength);
            lengths[2 * count] = keyLength;
            lengths[2 * count + 1] = valueLength;
            full &= keyLength == keySlot && valueLength == valSlot;
            count++;
        }
        return new EntryArray(memory, count, full ? null : lengths, keySlot, valSlot);
    }

    /** Unsigned byte order of {@code a[aAt, aAt + aLength)} and {@code b[bAt, bAt + bLength)}; a prefix sorts first. */
    static int compare(DirectBuffer a, int aAt, int aLength, DirectBuffer b, int bAt, int bLength) {
        int common = Math.min(aLength, bLength);
        int i = 0;
        for (; i + Long.BYTES <= common; i += Long.BYTES) {
            long x = a.getLong(aAt + i, ByteOrder.BIG_ENDIAN);
            long y = b.getLong(bAt + i, ByteOrder.BIG_ENDIAN);
            if (x != y) {
                return Long.compareUnsigned(x, y);
            }
        }
        if (i + Integer.BYTES <= common) {
            int x = a.getInt(aAt + i, ByteOrder.BIG_ENDIAN);
            int y = b.getInt(bAt + i, ByteOrder.BIG_ENDIAN);
            if (x != y) {
                return Integer.compareUnsigned(x, y);
            }
            i += Integer.BYTES;
        }
        for (; i < common; i++) {
            int x = a.getByte(aAt + i) & 0xff;
            int y = b.getByte(bAt + i) & 0xff;
            if (x != y) {
                return x - y;
            }
        }
        return aLength - bLength;
    }
}
