package dev.kvbench.report.folder;

import dev.kvbench.text.KeyValueFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** A results folder as run.sh writes it: {@code env.txt} and, per test N, the {@code out-N.*} files. */
public final class ResultsFolder {

    private static final Pattern TEST_FILE = Pattern.compile("out-(\\d+)\\.(csv|meta|txt|side\\.jsonl)");

    public final Path dir;
    public final Map<String, String> env;
    public final List<TestRun> tests;

    private ResultsFolder(Path dir, Map<String, String> env, List<TestRun> tests) {
        this.dir = dir;
        this.env = env;
        this.tests = tests;
    }

    /** A test's machine, beside its raw files in a merged folder. */
    public static String envFile(int test) {
        return "out-" + test + ".env.txt";
    }

    public static ResultsFolder load(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(
                    dir + " is not a folder; give the results folder run.sh wrote, e.g. results/20250101-quick");
        }
        TreeSet<Integer> numbers = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.forEach(file -> {
                Matcher m = TEST_FILE.matcher(file.getFileName().toString());
                if (m.matches()) {
                    numbers.add(Integer.parseInt(m.group(1)));
                }
            });
        }
        List<TestRun> tests = new ArrayList<>();
        for (int n : numbers) {
            tests.add(TestRun.load(dir, n));
        }
        return new ResultsFolder(dir, KeyValueFile.read(dir.resolve("env.txt"), ":"), tests);
    }

    /** Whether any test has a JMH score, a side-file trial or a logged failure to report. */
    public boolean hasResults() {
        return tests.stream().anyMatch(TestRun::hasResults);
    }

    public Specs specs() {
        return new Specs(env, stores());
    }

    /** Every store spec of the folder's runs, the direct-API baselines' included, in the order they first appear. */
    public List<String> stores() {
        return tests.stream()
                .flatMap(t -> Stream.concat(t.results.stream(), t.direct.stream()))
                .map(Result::store)
                .filter(store -> !store.isEmpty())
                .distinct()
                .toList();
    }
}
