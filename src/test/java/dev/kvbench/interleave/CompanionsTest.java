package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The engines that run beside the few still-wide ones in the extra rotations, so that their turns keep a host factor. */
class CompanionsTest {

    private static final Map<String, Double> MEDIANS = Map.of("a", 5.0, "b", 1.0, "c", 3.0, "d", 2.0, "e", 9.0,
            "f", 4.0, "g", 7.0, "h", 8.0);
    private static final List<String> PRESENT = List.of("a", "b", "c", "d", "e", "f", "g", "h");

    private static List<String> companions(List<String> wide, Set<String> alive) {
        return Interleaver.companions(wide, PRESENT, alive::contains, MEDIANS::get);
    }

    @Test
    void fewWideEnginesGetTheQuickestOthersUpToAHostFactorsWorth() {
        // one wide engine needs MIN_OTHERS (5) others: the five quickest that are done and alive
        assertEquals(List.of("b", "d", "c", "f", "a"), companions(List.of("g"), Set.copyOf(PRESENT)));
        // two wide: four others; a lost JVM is never one of them
        assertEquals(List.of("c", "f", "a", "g"), companions(List.of("d", "h"), Set.of("a", "c", "d", "e", "f", "g", "h")));
    }

    @Test
    void noneWhenNothingIsWideOrEnoughAre() {
        assertEquals(List.of(), companions(List.of(), Set.copyOf(PRESENT)));
        assertEquals(List.of(), companions(List.of("a", "b", "c", "d", "e", "f"), Set.copyOf(PRESENT)));
    }

    @Test
    void fewerOthersThanNeededGiveAllThereAre() {
        assertEquals(List.of("b", "d"), companions(List.of("a"), Set.of("a", "b", "d")));
    }
}
