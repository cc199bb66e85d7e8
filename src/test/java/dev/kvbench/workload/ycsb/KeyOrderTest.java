package dev.kvbench.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.agrona.DirectBuffer;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/** The key numbers in the order of their keys, and the walk a scan's check takes along it. */
class KeyOrderTest {

    @Test
    void ordersKeyNumbersAsTheirKeysCompareInEveryKeyFormat() {
        UniformRandomProvider random = Sampling.source(11, 0);
        for (Map<String, String> format : formats()) {
            WorkloadProperties properties = WorkloadProperties.of(format);
            KeyOrder order = new KeyOrder(properties, 0, 0);
            long[] numbers = new long[2000];
            for (int i = 0; i < numbers.length; i++) {
                // small and large numbers, so that digit counts and paddings differ
                numbers[i] = i < 1000 ? i : random.nextLong(1L << (10 + i % 50));
            }
            if (properties.orderedInserts() && (properties.binaryKeys() || properties.zeroPadding() >= 20)) {
                // the one negative key value (FNV's): "user-9223372036854775808", longer than Records makes room
                // for with less padding (no key number below 2^31, the most kvbench tracks, hashes to it)
                numbers[0] = Long.MIN_VALUE;
            }
            for (int i = 0; i < 20_000; i++) {
                long a = numbers[random.nextInt(numbers.length)];
                long b = numbers[random.nextInt(numbers.length)];
                assertEquals(
                        Integer.signum(keyOf(properties, a).compareTo(keyOf(properties, b))),
                        Integer.signum(order.place(a).compareTo(order.place(b))),
                        format + ": #" + a + " and #" + b);
            }
        }
    }

    @Test
    void namesTheKeyAScanSkippedAmongLoadedAndInsertedKeys() {
        WorkloadProperties properties = WorkloadProperties.of(Map.of("recordcount", "1000"));
        KeyOrder order = new KeyOrder(properties, 0, 1000);
        for (long k = 1000; k < 1100; k++) {
            order.insert(k);
        }
        List<Long> inKeyOrder = new ArrayList<>();
        for (long k = 0; k < 1100; k++) {
            inKeyOrder.add(k);
        }
        inKeyOrder.sort(Comparator.comparing(k -> keyOf(properties, k)));
        int from = 300;
        long[] scan = inKeyOrder.subList(from, from + 200).stream()
                .mapToLong(Long::longValue)
                .toArray();
        assertEquals(-1, order.skipped(scan[0], scan, scan.length, false, KeyOrderTest::everyKey), "a whole scan");
        for (int skip : new int[] {0, 1, 57, 198}) {
            long[] skipping = without(scan, skip);
            assertEquals(
                    scan[skip],
                    order.skipped(scan[0], skipping, skipping.length, false, KeyOrderTest::everyKey),
                    "the scan without its record " + skip + ", #" + scan[skip]
                            + (scan[skip] >= 1000 ? ", an inserted key" : ", a loaded key"));
            assertEquals(
                    -1,
                    order.skipped(scan[0], skipping, skipping.length, false, k -> k != scan[skip]),
                    "the same scan when that record need not be there (written since the reader)");
        }
        long[] toTheEnd = inKeyOrder.subList(1000, 1100).stream()
                .mapToLong(Long::longValue)
                .toArray();
        assertEquals(
                -1, order.skipped(toTheEnd[0], toTheEnd, toTheEnd.length, true, KeyOrderTest::everyKey), "to the end");
        assertEquals(
                toTheEnd[99],
                order.skipped(toTheEnd[0], toTheEnd, 99, true, KeyOrderTest::everyKey),
                "a scan that stops before the last key though it was not full");
    }

    private static long[] without(long[] numbers, int index) {
        long[] fewer = new long[numbers.length - 1];
        System.arraycopy(numbers, 0, fewer, 0, index);
        System.arraycopy(numbers, index + 1, fewer, index, fewer.length - index);
        return fewer;
    }

    /** The key of {@code keyNumber}, as bytes that compare unsigned (as every engine compares keys). */
    private static Key keyOf(WorkloadProperties properties, long keyNumber) {
        DirectBuffer key = new Records(properties).key(keyNumber);
        byte[] bytes = new byte[key.capacity()];
        key.getBytes(0, bytes);
        return new Key(bytes);
    }

    @SuppressWarnings("ArrayRecordComponent") // compared only by compareTo, never by equals
    private record Key(byte[] bytes) implements Comparable<Key> {
        @Override
        public int compareTo(Key other) {
            return Arrays.compareUnsigned(bytes, other.bytes);
        }
    }

    private static List<Map<String, String>> formats() {
        List<Map<String, String>> formats = new ArrayList<>();
        for (String insertOrder : new String[] {"hashed", "ordered"}) {
            for (String padding : new String[] {"1", "7", "18", "19", "20", "25"}) {
                Map<String, String> format = new HashMap<>(Map.of("insertorder", insertOrder, "zeropadding", padding));
                formats.add(format);
            }
            formats.add(Map.of("insertorder", insertOrder, "keyformat", "binary", "keysize", "12"));
        }
        return formats;
    }

    private static boolean everyKey(long key) {
        return true;
    }
}
