package dev.kvbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The preflight probe, in this JVM: what it reports for a store that keeps data and for one that keeps nothing. */
class ProbeTest {

    @TempDir
    Path scratch;

    @Test
    void reportsCapabilitiesOfStoresThatKeepDataAndOfTheNullStore() {
        List<String> lines =
                probe("heap", "100", "true", "100", "null", "100", "true", "100", "fs", "100", "false", "8");
        assertEquals(
                List.of(
                        "kvbench-probe\t0\tok\tORDERED",
                        "kvbench-probe\t1\tok\tDISCARDS,ORDERED",
                        "kvbench-probe\t2\tok\t"),
                lines);
    }

    private List<String> probe(String... groups) {
        String[] args = new String[groups.length + 1];
        args[0] = scratch.toString();
        System.arraycopy(groups, 0, args, 1, groups.length);
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            Probe.main(args);
        } finally {
            System.setOut(original);
        }
        return out.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(line -> line.startsWith(Probe.PREFIX + "\t"))
                .toList();
    }
}
