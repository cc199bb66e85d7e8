package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ycsb-peer suite: its time estimate holds YCSB's own client beside each round, and in rounds the client runs before
 * each of kvbench's (a stand-in client, compiled here, in place of YCSB's; each JMH run stood in for by the fixture's files).
 */
class YcsbPeerTest {

    @Test
    void theEstimateAddsYcsbsClientPerPhaseAndOperationInEveryRound() {
        List<PlannedTest> plan =
                Planner.plan(new Suite("ycsb-peer", YcsbSuites.ycsbPeer(Map.of())), UserArgs.of(List.of()));
        // A with RocksDB: two JVMs (2 x 1.5 s), 100,000 inserts and 100,000 operations at 50,000/s: 7 s
        assertEquals(7.0, YcsbPeer.seconds(plan.get(0)), 1e-9);
        assertEquals(
                plan.get(0).seconds() + 7, YcsbPeer.withClientTime(plan.get(0)).seconds());
        // E: its scans at 15,000/s: 3 + 2 + 6.67 s
        assertEquals(3 + 2 + 100_000 / 15_000.0, YcsbPeer.seconds(plan.get(4)), 1e-9);
        // the client's cost with BasicDB: one JVM, 1,000,000 operations at 1,000,000/s
        assertEquals(2.5, YcsbPeer.seconds(plan.get(6)), 1e-9);
        // in 3 rounds (KVBENCH_ROUNDS=3), YCSB's client runs three times
        PlannedTest three = RoundCommands.withRounds(YcsbPeer.withClientTime(plan.get(0)), new Rounds(3, 3, 0.05, 1));
        assertEquals(3 * (plan.get(0).seconds() + 7), three.seconds());
        // a test without a YCSB binding beside it (no such test in the suite, but the rule holds): nothing added
        PlannedTest quick = Planner.plan(Suites.named("smoke", Scaler.none()), UserArgs.of(List.of()))
                .get(0);
        assertEquals(0.0, YcsbPeer.seconds(quick));
    }

    @Test
    void eachRoundOfYcsbsClientWritesFilesOfItsOwnAsKvbenchsRoundsDo() {
        assertEquals("ycsb-3", YcsbPeer.stem(3, 1));
        assertEquals("ycsb-3.r2", YcsbPeer.stem(3, 2));
    }

    @TempDir
    Path root;

    /**
     * A stand-in for {@code ycsb.sh build}'s folder: {@code ycsb-peer.jar} holding a {@code site.ycsb.Client} that prints
     * YCSB's overall lines, and an empty {@code lib/core-0.17.0.jar}.
     */
    private Path fakeClient() throws IOException {
        Path src = Files.createDirectories(root.resolve("client-src/site/ycsb"));
        Files.writeString(
                src.resolve("Client.java"),
                "package site.ycsb;\n"
                        + "public class Client {\n"
                        + "    public static void main(String[] args) {\n"
                        + "        boolean load = java.util.Arrays.asList(args).contains(\"-load\");\n"
                        + "        System.out.println(\"[OVERALL], RunTime(ms), 10\");\n"
                        + "        System.out.println(\"[OVERALL], Throughput(ops/sec), \" + (load ? 1000 : 2000));\n"
                        + "    }\n"
                        + "}\n");
        Path classes = Files.createDirectories(root.resolve("client-classes"));
        assertEquals(
                0,
                ToolProvider.getSystemJavaCompiler()
                        .run(
                                null,
                                null,
                                null,
                                "-d",
                                classes.toString(),
                                src.resolve("Client.java").toString()));
        Path dir = Files.createDirectories(root.resolve("ycsb-peer"));
        Files.createDirectories(dir.resolve("lib"));
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(dir.resolve("ycsb-peer.jar")))) {
            jar.putNextEntry(new JarEntry("site/ycsb/Client.class"));
            jar.write(Files.readAllBytes(classes.resolve("site/ycsb/Client.class")));
            jar.closeEntry();
        }
        new JarOutputStream(Files.newOutputStream(dir.resolve("lib/core-0.17.0.jar"))).close();
        return dir;
    }

    @Test
    void inRoundsYcsbsClientRunsBeforeEachOfKvbenchsRoundsAndItsFilesArriveWithTheTest() throws IOException {
        Map<String, String> env = new HashMap<>(Map.of(
                "KVBENCH_DIR",
                Files.createDirectories(root.resolve("work")).toString(),
                "KVBENCH_YCSB",
                fakeClient().toString(),
                Rounds.ENVIRONMENT,
                "2"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        SuiteRunner.Config config = new SuiteRunner.Config(
                root,
                env,
                LocalDate.of(2026, 11, 25),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        FixtureJmh jmh = new FixtureJmh(n -> Path.of("src/test/resources/fixtures/ycsb-peer-results/out-" + n));
        // shard 1 of 6: test 1 (RocksDB beside YCSB's RocksDBClient: load and run) and test 7 (null beside BasicDB:
        // run)
        int exit = new SuiteRunner(config, workDir -> jmh, results -> 0, () -> List.of("java.version: test"))
                .run(List.of("ycsb-peer", "-p", "recordcount=1000", "-p", "operationcount=1000", "--shard", "1/6"));
        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
        assertEquals(List.of(1, 1, 7, 7), jmh.ran);
        Path results = root.resolve("results/20261125-ycsb-peer-shard1of6");
        for (String name : List.of(
                "ycsb-1.load.txt",
                "ycsb-1.run.txt",
                "ycsb-1.r2.load.txt",
                "ycsb-1.r2.run.txt",
                "ycsb-7.run.txt",
                "ycsb-7.r2.run.txt")) {
            String text = Files.readString(results.resolve(name));
            assertTrue(
                    text.startsWith("# command: ")
                            && text.contains("[OVERALL], Throughput(ops/sec), ")
                            && text.endsWith("# exit: 0\n"),
                    name + ": " + text);
        }
        assertFalse(Files.exists(results.resolve("ycsb-7.load.txt")), "BasicDB has no load phase");
        assertTrue(Files.exists(results.resolve("out-1.r2.csv")) && Files.exists(results.resolve("ycsb-1.properties")));
        assertTrue(
                out.toString(StandardCharsets.UTF_8)
                        .contains("YCSB 0.17.0's client, run phase with RocksDBClient, round 2"),
                out.toString(StandardCharsets.UTF_8));
    }
}
