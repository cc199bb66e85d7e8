package dev.kvbench.workload.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kvbench.workload.Concurrent;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AppParamsTest {

    private static String error(String name, String value) {
        return assertThrows(IllegalArgumentException.class, () -> AppParams.check(name, value))
                .getMessage();
    }

    @Test
    void badValuesAreOneLineThatNamesTheParameterAndWhatItAccepts() {
        assertEquals("readers=0 must be >= 1 (reader threads, or cores)", error("readers", "0"));
        assertEquals("readers=many is not a whole number >= 1 (reader threads, or cores)", error("readers", "many"));
        assertEquals("writesPerSec=-1 must be >= 0 (0 = as fast as it can)", error("writesPerSec", "-1"));
        assertEquals("duration=0 must be >= 1 (seconds)", error("duration", "0"));
        assertEquals("keysPerPrefix=0 must be >= 1 (keys per 12-byte prefix)", error("keysPerPrefix", "0"));
        assertEquals("writer=yes is not true or false", error("writer", "yes"));
        assertEquals("latency=1 is not true or false", error("latency", "1"));
    }

    @Test
    void coresMeansOneReaderPerAvailableCore() {
        assertEquals(Runtime.getRuntime().availableProcessors(), AppParams.readers("cores"));
        assertEquals(3, AppParams.readers("3"));
    }

    @Test
    void aTrialsParametersDescribeItsConcurrentRun() {
        Concurrent shape =
                AppParams.concurrent(Map.of("readers", "2", "writesPerSec", "0", "duration", "5", "latency", "false"));
        assertEquals(new Concurrent(2, true, 0, 5, false), shape);
        assertEquals(
                false,
                AppParams.concurrent(Map.of("readers", "1", "writesPerSec", "10", "duration", "1", "writer", "false"))
                        .writer());
    }
}
