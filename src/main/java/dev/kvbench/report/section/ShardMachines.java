package dev.kvbench.report.section;

import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.text.KeyValueFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * In a folder merged from shards ({@code ./process.sh --merge}), the machine of each test: its shard's
 * {@code env.txt}, kept as {@code out-N.env.txt}. Tests of one machine share a row. Nothing for a
 * folder that one machine wrote.
 */
public final class ShardMachines {

    private ShardMachines() {}

    static void write(Markdown md, ResultsFolder folder) {
        Map<Map<String, String>, List<Integer>> byMachine = new LinkedHashMap<>();
        for (TestRun test : folder.tests) {
            Map<String, String> env;
            try {
                env = KeyValueFile.read(folder.dir.resolve(ResultsFolder.envFile(test.number)), ":");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (!env.isEmpty()) {
                byMachine.computeIfAbsent(env, k -> new ArrayList<>()).add(test.number);
            }
        }
        if (byMachine.isEmpty()) {
            return;
        }
        boolean selections = byMachine.keySet().stream().anyMatch(env -> env.containsKey("tests"));
        boolean shards = byMachine.keySet().stream().anyMatch(env -> env.containsKey("shard"));
        String how = shards && selections
                ? "`./run.sh SUITE --shard i/n` or `--tests LIST`"
                : selections ? "`./run.sh SUITE --tests LIST`" : "`./run.sh SUITE --shard i/n`";
        md.paragraph("This folder merges " + folder.env.getOrDefault("shards", String.valueOf(byMachine.size()))
                + " runs of parts of the suite, each run on its own (" + how + ", merged with "
                + "`./process.sh --merge`); the table above is the first part's `env.txt`. Each test's engines ran in one "
                + "run on one machine, so a test's ranking holds; compare numbers across tests of different runs with care. "
                + "Each test's run:");
        List<List<String>> rows = new ArrayList<>();
        byMachine.forEach((env, tests) -> rows.add(List.of(
                String.join(", ", tests.stream().map(String::valueOf).toList()),
                env.containsKey("shard")
                        ? env.get("shard")
                        : env.containsKey("tests") ? "tests " + env.get("tests") : "—",
                env.getOrDefault("cpu.model", "not recorded")
                        + (env.containsKey("cpu.cores") ? ", " + env.get("cpu.cores") + " cores" : ""),
                env.getOrDefault("load.start", "not recorded"),
                env.getOrDefault("started", "not recorded"),
                EnvironmentSection.commit(env.getOrDefault("git.commit", ""), env.getOrDefault("git.clean", "")),
                env.getOrDefault("java.version", "not recorded"),
                env.getOrDefault("work.dir", "")
                        + (env.containsKey("work.fs") ? " (" + env.get("work.fs") + ")" : ""))));
        md.table(
                List.of("Tests", "Shard", "CPU", "Load at the start", "Started", "Commit", "Java", "Work folder"),
                rows);
    }
}
