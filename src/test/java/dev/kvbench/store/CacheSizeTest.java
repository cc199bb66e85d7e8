package dev.kvbench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CacheSizeTest {

    @Test
    void aMillionHundredByteEntriesGetRoomForEveryBlock() {
        // (1M x 104 B + 1M x 16 B) x 1.5 = 180,000,000 B = 171.7 MiB, rounded up, + 8 MiB
        assertEquals(180, CacheSize.forData(new Shape(1_000_000, 4, 100, false)));
    }

    @Test
    void aTinyDataSetGetsTheSlack() {
        assertEquals(9, CacheSize.forData(new Shape(10, 4, 8, false)));
    }

    @Test
    void anOptionAboveZeroWins() {
        assertEquals(64, CacheSize.orFromData(64, new Shape(1_000_000, 4, 100, false)));
        assertEquals(180, CacheSize.orFromData(0, new Shape(1_000_000, 4, 100, false)));
    }
}
