package dev.kvbench.interleave;

import static dev.kvbench.interleave.AddedJvmsFixture.READ_SEQ;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.SideFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVMs added where the JVMs disagree are real engine JVMs: started on the benchmark, loaded, settled, ended. */
class AddedJvmsTest {

    @Test
    void addedJvmsOfARealEngineStartLoadedTakeTurnsUnderTheirOwnIndexAndEnd(@TempDir Path dir)
            throws InterruptedException, java.io.IOException {
        // the test JVM's own module flags (the build's kvbench.jvmFlags), which the engines' libraries need
        List<String> java = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m"));
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(flag -> flag.startsWith("--") || flag.startsWith("-XX:+IgnoreUnrecognized"))
                .forEach(java::add);
        Path side = dir.resolve("side.jsonl");
        java.addAll(List.of("-D" + SideFile.PROPERTY + "=" + side, "-cp", System.getProperty("java.class.path")));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream log = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Interleaver owner = AddedJvmsFixture.interleaver(java, side, log);
        Map<String, String> lmdb = AddedJvmsFixture.lmdb();
        List<EngineJvm> servers = new ArrayList<>();
        Map<String, Set<Map<String, String>>> ended = new LinkedHashMap<>();
        AddedJvms added = new AddedJvms(owner, READ_SEQ, servers, ended);

        List<EngineJvm> ready = added.start(List.of(lmdb), 2, 2);

        assertEquals(2, ready.size(), bytes.toString(StandardCharsets.UTF_8));
        assertEquals(
                List.of("lmdb#3", "lmdb#4"), ready.stream().map(s -> s.label).toList());
        assertEquals(List.of(2, 3), ready.stream().map(s -> s.fork).toList());
        Set<String> ids = new HashSet<>();
        Turns turns = new Turns(2);
        for (EngineJvm server : ready) {
            ids.add(server.id());
            long[] passes = TurnRequest.turn(AddedJvmsFixture.SETTINGS, server, 0, false);
            assertNotNull(passes, bytes.toString(StandardCharsets.UTF_8));
            turns.add(MoreJvms.key(0, server.fork, 2, AddedJvmsFixture.SETTINGS.maxRotations()), server.fork, passes);
        }
        assertEquals(2, ids.size());
        assertEquals("3 4", turns.jvmsText());
        assertTrue(turns.steady().jvms().size() == 2 && turns.score() > 0);
        for (EngineJvm server : ready) {
            added.end(server);
        }
        assertEquals(List.of(), servers);
        assertTrue(ended.get(READ_SEQ).contains(lmdb), bytes.toString(StandardCharsets.UTF_8));
        assertTrue(!bytes.toString(StandardCharsets.UTF_8).contains("FAILED"), bytes.toString(StandardCharsets.UTF_8));
        // each added JVM ended its trial as the first ones do, with its own line in the run's side file
        assertEquals(
                2,
                Files.readAllLines(side).stream()
                        .filter(line -> line.contains("\"ok\""))
                        .count());
    }
}
