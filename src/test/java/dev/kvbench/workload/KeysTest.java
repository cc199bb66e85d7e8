package dev.kvbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class KeysTest {

    @Test
    void intKeysAreFourBytesBigEndian() {
        UnsafeBuffer key = new UnsafeBuffer(new byte[4]);
        Keys.encode(0x01020304, true, key, 0);
        assertEquals(1, key.getByte(0));
        assertEquals(4, key.getByte(3));
    }

    @Test
    void stringKeysAreSixteenZeroPaddedDigits() {
        UnsafeBuffer key = new UnsafeBuffer(new byte[16]);
        Keys.encode(Integer.MAX_VALUE, false, key, 0);
        assertEquals("0000002147483647", key.getStringWithoutLengthAscii(0, 16));
        Keys.encode(7, false, key, 0);
        assertEquals("0000000000000007", new String(key.byteArray(), StandardCharsets.US_ASCII));
    }

    @Test
    void keysCompareAsUnsignedBytes() {
        UnsafeBuffer low = new UnsafeBuffer(new byte[] {0x7f, 0, 0, 0, 0, 0, 0, 0, 0});
        UnsafeBuffer high = new UnsafeBuffer(new byte[] {(byte) 0x80, 0, 0, 0, 0, 0, 0, 0, 0});
        assertTrue(Keys.compare(low, high) < 0);
        assertTrue(Keys.compare(high, low) > 0);
        UnsafeBuffer tailLow = new UnsafeBuffer(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 0x7f});
        UnsafeBuffer tailHigh = new UnsafeBuffer(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, (byte) 0xff});
        assertTrue(Keys.compare(tailLow, tailHigh) < 0);
        assertTrue(Keys.compare(new UnsafeBuffer(new byte[] {1}), new UnsafeBuffer(new byte[] {1, 0})) < 0);
        assertEquals(
                0, Keys.compare(tailLow, new UnsafeBuffer(tailLow.byteArray().clone())));
    }

    @Test
    void randomKeysAreDistinctAndNonNegative() {
        BitSet seen = new BitSet();
        for (int i = 0; i < 200_000; i++) {
            int k = Keys.random(i, DataSet.SEED);
            assertTrue(k >= 0, "key " + k + " is negative");
            assertTrue(!seen.get(k), "key " + k + " repeats at " + i);
            seen.set(k);
        }
    }

    @Test
    void randomKeysDependOnTheSeedOnly() {
        assertEquals(Keys.random(12345, 42), Keys.random(12345, 42));
        assertTrue(Keys.random(12345, 42) != Keys.random(12345, 43));
    }
}
