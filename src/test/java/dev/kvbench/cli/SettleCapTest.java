package dev.kvbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** An interleaved JVM settles for at most {@link Interleaving#SETTLE_MS} unless the run gives its own cap. */
class SettleCapTest {

    @Test
    void anInterleavedJvmSettlesForAtMostASecondUnlessTheRunSaysOtherwise() {
        assertEquals(List.of("-Dx=1", "-Dkvbench.settle.maxMs=1000"), Interleaving.settleCapped(List.of("-Dx=1")));
        List<String> own = List.of("-Dkvbench.settle.maxMs=0", "-Dx=1");
        assertEquals(own, Interleaving.settleCapped(own));
    }
}
