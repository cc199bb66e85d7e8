package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class InterleaverTest {

    @Test
    void theLogSaysWhyARunWithoutWarmUpRotationsHasNone() {
        assertEquals("none (every JVM settled each workload first)", Interleaver.warmupText(0));
        assertEquals("1 rotation", Interleaver.warmupText(1));
        assertEquals("3 rotations", Interleaver.warmupText(3));
    }
}
