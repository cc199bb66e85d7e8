package dev.kvbench.workload.ycsb;

import java.util.Arrays;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.function.LongPredicate;

/**
 * The key numbers of a YCSB workload in the order of their keys (unsigned bytes, as every engine
 * iterates them), so that a scan can be checked for a record it skipped: which key numbers lie
 * between two keys it returned is a walk along this order, not a search of the store.
 *
 * <p>The key numbers that exist when it is made (the loaded ones, before the run phase and its
 * clock) are sorted once into an array, with each one's position in it. Those inserted later go
 * into a concurrent skip list when their insert is taken: a few comparisons of two longs, on the
 * timed insert, under the write lock so that a key is in it before any reader can see it.
 *
 * <p>Keys are compared without being made ({@link Place}): sorting a million loaded keys takes
 * about a second, and 8 bytes a key stay (the order and the positions), besides the workload's
 * tick per key. {@code KeyOrderTest} shows the order is the keys' own in every key format.
 */
final class KeyOrder {

    /** 10^0 .. 10^18. */
    private static final long[] POWERS_OF_TEN = powersOfTen();
    /** The digits a YCSB key's number is aligned to when comparing: every non-negative long's. */
    private static final int ALIGNED_DIGITS = 19;

    private final Records records;
    private final boolean binary;
    private final int zeroPadding;
    private final long first;
    private final int[] sorted;
    private final int[] position;
    private final NavigableSet<Place> inserted = new ConcurrentSkipListSet<>();

    /** The order of key numbers {@code first} to {@code end - 1}, the ones inserted so far. */
    KeyOrder(WorkloadProperties properties, long first, long end) {
        this.records = new Records(properties);
        this.binary = properties.binaryKeys();
        this.zeroPadding = properties.zeroPadding();
        this.first = first;
        Place[] places = new Place[Math.toIntExact(end - first)];
        for (int i = 0; i < places.length; i++) {
            places[i] = place(first + i);
        }
        Arrays.sort(places); // on this thread: a pool's threads would count as the engine's background CPU
        this.sorted = new int[places.length];
        this.position = new int[places.length];
        for (int p = 0; p < places.length; p++) {
            sorted[p] = (int) places[p].number;
            position[(int) (places[p].number - first)] = p;
        }
    }

    /** Adds a key number taken for an insert after this order was made (call under the write lock). */
    void insert(long keyNumber) {
        if (!loaded(keyNumber)) {
            inserted.add(place(keyNumber));
        }
    }

    /**
     * The first key number a scan skipped, or -1: one whose key lies from the scan's start key to
     * the last key it returned (to the end when it ran out before its length) and that
     * {@code mustSee} says it had to return, but that is not among {@code returned}, the key
     * numbers of the records it returned, in its (ascending) order.
     *
     * <p>Cost: one step per key number in the range, returned or not, so about the scan's
     * length (more where deleted or not yet committed key numbers lie in it); plus, when the
     * run has inserted keys into the range, a skip list lookup and one comparison per inserted
     * key returned or lying in it. Keys lying outside the range are never visited.
     */
    long skipped(long start, long[] returned, int count, boolean toTheEnd, LongPredicate mustSee) {
        if (count == 0 && !toTheEnd) {
            return -1; // a scan of length 0
        }
        long last = count > 0 ? returned[count - 1] : start;
        int from = loaded(start) ? position(start) : before(start, false);
        int to = toTheEnd ? sorted.length : loaded(last) ? position(last) + 1 : before(last, true);
        int next = from;
        for (int i = 0; i < count; i++) {
            if (loaded(returned[i])) {
                int at = position(returned[i]);
                long missing = firstOf(next, at, mustSee);
                if (missing >= 0) {
                    return missing;
                }
                next = Math.max(next, at + 1);
            }
        }
        long missing = firstOf(next, to, mustSee);
        if (missing >= 0) {
            return missing;
        }
        NavigableSet<Place> range = toTheEnd
                ? inserted.tailSet(place(start), true)
                : inserted.subSet(place(start), true, place(last), true);
        int i = 0;
        for (Place place : range) {
            while (i < count && (loaded(returned[i]) || place(returned[i]).compareTo(place) < 0)) {
                i++; // loaded ones are not in the skip list, nor one whose insert is not yet in it
            }
            if (i < count && returned[i] == place.number) {
                i++;
            } else if (mustSee.test(place.number)) {
                return place.number;
            }
        }
        return -1;
    }

    /** The first key number at positions {@code from} to {@code to - 1} that {@code mustSee} says exists, or -1. */
    private long firstOf(int from, int to, LongPredicate mustSee) {
        for (int p = from; p < to; p++) {
            if (mustSee.test(sorted[p])) {
                return sorted[p];
            }
        }
        return -1;
    }

    private boolean loaded(long keyNumber) {
        return keyNumber >= first && keyNumber - first < sorted.length;
    }

    private int position(long keyNumber) {
        return position[(int) (keyNumber - first)];
    }

    /** How many loaded keys sort before {@code keyNumber}'s key (or also at it, {@code orAt}): a binary search. */
    private int before(long keyNumber, boolean orAt) {
        Place place = place(keyNumber);
        int low = 0;
        int high = sorted.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            int c = place(sorted[mid]).compareTo(place);
            if (c < 0 || (orAt && c == 0)) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /**
     * Where {@code keyNumber}'s key ({@link Records#key}) sorts. A binary key is zeros and then
     * the number's 8 big-endian bytes: the number, unsigned. A YCSB key is "user", zeros up to
     * {@code zeropadding} digits and the number's digits: with 19 digits or more of padding
     * every key has the same length and they sort as their numbers; with fewer, a key of L
     * digits sorts as its number times 10^(19 - L) (the digits aligned to the left: below 10^19,
     * so an unsigned long), then the shorter first ("user1" before "user10"). FNV's one negative
     * hash, Long.MIN_VALUE, is "user-9223372036854775808": its '-' sorts before every digit.
     */
    Place place(long keyNumber) {
        long n = records.keyValue(keyNumber);
        if (binary) {
            return new Place(n, 0, keyNumber);
        }
        if (n < 0) {
            return new Place(0, -1, keyNumber);
        }
        if (zeroPadding >= ALIGNED_DIGITS) {
            return new Place(n, 0, keyNumber);
        }
        int length = Math.max(zeroPadding, digits(n));
        return new Place(n * POWERS_OF_TEN[ALIGNED_DIGITS - length], length, keyNumber);
    }

    private static int digits(long n) {
        int digits = 1;
        while (digits < ALIGNED_DIGITS && n >= POWERS_OF_TEN[digits]) {
            digits++;
        }
        return digits;
    }

    private static long[] powersOfTen() {
        long[] powers = new long[ALIGNED_DIGITS];
        powers[0] = 1;
        for (int i = 1; i < powers.length; i++) {
            powers[i] = powers[i - 1] * 10;
        }
        return powers;
    }

    /**
     * A key number with where its key sorts: {@code high} (unsigned), then {@code low}; two key
     * numbers whose keys are equal (an FNV collision: one record for both) then by number.
     */
    record Place(long high, int low, long number) implements Comparable<Place> {
        @Override
        public int compareTo(Place other) {
            int c = Long.compareUnsigned(high, other.high);
            if (c == 0) {
                c = Integer.compare(low, other.low);
            }
            return c != 0 ? c : Long.compare(number, other.number);
        }
    }
}
