package dev.kvbench.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.Map;
import java.util.zip.Deflater;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import site.ycsb.RandomByteIterator;

class RecordsTest {

    @Test
    void fnvIsFnv1aOverTheLongsBytesLowestFirst() {
        // reference values from an independent FNV-1a implementation
        assertEquals(6284781860667377211L, Fnv.hash64(0));
        assertEquals(8517097267634966620L, Fnv.hash64(1));
        assertEquals(1792800413050876852L, Fnv.hash64(12345));
    }

    @Test
    void keysAreYcsbsUserStrings() {
        Records hashed = new Records(WorkloadProperties.of(Map.of()));
        assertEquals("user6284781860667377211", hashed.keyText(0));
        Records ordered = new Records(WorkloadProperties.of(Map.of("insertorder", "ordered", "zeropadding", "5")));
        assertEquals("user00042", ordered.keyText(42));
    }

    @Test
    void keyDigitsAreLongToStringsDigits() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        byte[] to = new byte[19];
        for (int i = 0; i < 100_000; i++) {
            long n = switch (i) {
                case 0 -> 0;
                case 1 -> Long.MAX_VALUE;
                default ->
                    i < 40
                            ? (long) Math.pow(10, Math.floorDiv(i, 2)) - i % 2
                            : random.nextLong(Long.MAX_VALUE) >>> random.nextInt(63);
            };
            int from = Records.digits(n, to);
            assertEquals(
                    Long.toString(n),
                    new String(to, from, to.length - from, java.nio.charset.StandardCharsets.US_ASCII));
        }
    }

    @Test
    void binaryKeysEndInTheNumberBigEndian() {
        Records binary = new Records(
                WorkloadProperties.of(Map.of("keyformat", "binary", "keysize", "12", "insertorder", "ordered")));
        DirectBuffer key = binary.key(258);
        assertEquals(12, key.capacity());
        assertEquals(0, key.getInt(0));
        assertEquals(1, key.getByte(10));
        assertEquals(2, key.getByte(11));
    }

    @Test
    void valuesCompressAsLittleAsYcsbsOwn() {
        // 2,000 records of YCSB's default 10 fields of 100 bytes: kvbench's, after their header, and YCSB 0.17.0's
        Records records = new Records(WorkloadProperties.of(Map.of()));
        ByteArrayOutputStream ours = new ByteArrayOutputStream();
        ByteArrayOutputStream ycsb = new ByteArrayOutputStream();
        for (int k = 0; k < 2_000; k++) {
            DirectBuffer value = records.value(k, 1 + k % 3);
            byte[] bytes = new byte[value.capacity() - Records.HEADER];
            value.getBytes(Records.HEADER, bytes);
            ours.writeBytes(bytes);
            for (int field = 0; field < 10; field++) {
                ycsb.writeBytes(new RandomByteIterator(100).toArray());
            }
        }
        double ourRatio = deflated(ours.toByteArray());
        double ycsbRatio = deflated(ycsb.toByteArray());
        assertEquals(
                ycsbRatio,
                ourRatio,
                0.02,
                "Deflate's size over the values' size: kvbench " + ourRatio + ", YCSB " + ycsbRatio);
        for (byte b : ours.toByteArray()) {
            assertTrue(b >= ' ', "ASCII from ' ' on, as YCSB's: " + b);
        }
    }

    /** {@code bytes}' size after Deflate at its best, over their size. */
    private static double deflated(byte[] bytes) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        deflater.setInput(bytes);
        deflater.finish();
        byte[] out = new byte[bytes.length + 1024];
        long size = 0;
        while (!deflater.finished()) {
            size += deflater.deflate(out);
        }
        deflater.end();
        return (double) size / bytes.length;
    }

    @Test
    void aValueIsCheckedAgainstItsKeyNumberAndVersion() {
        Records records = new Records(WorkloadProperties.of(Map.of("fieldlengthdistribution", "uniform")));
        DirectBuffer value = copy(records.value(7, 3));
        assertNull(records.problem(7, value));
        assertEquals(3, Records.versionOf(value));
        assertEquals(records.length(7, 3), value.capacity());
        assertNotNull(records.problem(8, value), "another key's record");
        UnsafeBuffer changed = copy(value);
        changed.putByte(changed.capacity() - 1, (byte) (changed.getByte(changed.capacity() - 1) + 1));
        assertNotNull(records.problem(7, changed), "a changed last byte");
        UnsafeBuffer otherVersion = copy(value);
        otherVersion.putInt(8, 4, java.nio.ByteOrder.BIG_ENDIAN);
        assertNotNull(records.problem(7, otherVersion), "a header that lies about the version");
    }

    @Test
    void lengthsFollowTheFieldLengthDistribution() {
        Records records = new Records(WorkloadProperties.of(Map.of(
                "fieldcount",
                "1",
                "fieldlength",
                "200",
                "minfieldlength",
                "100",
                "fieldlengthdistribution",
                "uniform")));
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int v = 1; v <= 10_000; v++) {
            int length = records.length(v, 1);
            min = Math.min(min, length);
            max = Math.max(max, length);
        }
        assertEquals(100, min);
        assertEquals(200, max);
        assertTrue(new Records(WorkloadProperties.of(Map.of())).length(1, 1) == 1000);
    }

    private static UnsafeBuffer copy(DirectBuffer buffer) {
        byte[] bytes = new byte[buffer.capacity()];
        buffer.getBytes(0, bytes);
        return new UnsafeBuffer(bytes);
    }
}
