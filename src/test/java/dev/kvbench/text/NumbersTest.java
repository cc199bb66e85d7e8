package dev.kvbench.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NumbersTest {

    @Test
    void writesNumbersTheSameWayEverywhere() {
        assertEquals("1,040,000", Numbers.count(1_040_000));
        assertEquals("0.0123", Numbers.sig3(0.012345));
        assertEquals("12.3", Numbers.sig3(12.345));
        assertEquals("1,235", Numbers.sig3(1234.5));
        assertEquals("0.050", Numbers.sig2(0.05));
        assertEquals("1,200", Numbers.sig2(1234));
        assertEquals("65.42", Numbers.percent(65.4221));
        assertEquals("1.04×", Numbers.times(1.04));
        assertEquals("2.1×", Numbers.times(2.105));
        assertEquals("14×", Numbers.times(14.35));
        assertEquals("104 MB", Numbers.bytes(104_000_000));
        assertEquals("1 h 02 min", Numbers.duration(3725));
        assertEquals("3 min 05 s", Numbers.duration(185));
    }
}
