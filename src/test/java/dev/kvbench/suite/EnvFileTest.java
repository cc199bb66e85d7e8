package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EnvFileTest {

    @AfterEach
    void clear() {
        System.clearProperty(EnvFile.LOAD_BEFORE_BUILD);
    }

    private static List<String> beforeBuild() {
        return EnvFile.machineLines("smoke", "./run.sh smoke", Path.of("."), 0).stream()
                .filter(line -> line.startsWith("load.beforeBuild"))
                .toList();
    }

    @Test
    void theLoadBeforeRunShBuiltTheJarIsRecordedBesideTheLoadAtTheStart() {
        assertEquals(List.of(), beforeBuild(), "no build in this run: no line");
        System.setProperty(EnvFile.LOAD_BEFORE_BUILD, "0.44");
        assertEquals(List.of("load.beforeBuild: 0.44"), beforeBuild());
        assertTrue(EnvFile.machineLines("smoke", "./run.sh smoke", Path.of("."), 0).stream()
                .anyMatch(line -> line.startsWith("load.start: ")));
        System.setProperty(EnvFile.LOAD_BEFORE_BUILD, "not a load");
        assertEquals(List.of(), beforeBuild(), "only a number is recorded");
    }
}
