package dev.kvbench.report.section;

import dev.kvbench.report.folder.HostProfile;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.VariantLine;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The machine the results come from ({@code env.txt}), how busy it was at the start, and the engines' library versions. */
public final class EnvironmentSection extends Section {

    /** The 1-minute load under which a machine counts as quiet for timing. */
    public static final double QUIET_LOAD = 0.5;

    EnvironmentSection(ResultsFolder folder, Specs specs, Markdown md) {
        super(folder, specs, md);
    }

    @Override
    void write() {
        md.heading(2, "Environment");
        Map<String, String> env = new LinkedHashMap<>(folder.env);
        if (env.isEmpty()) {
            md.paragraph("No `env.txt` in this folder: the machine the results come from is not recorded.");
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        add(rows, "Suite", take(env, "suite"));
        add(rows, "Command", code(take(env, "command")));
        add(rows, "Commit", commit(take(env, "git.commit"), take(env, "git.clean")));
        add(rows, "Tests run (`--tests`)", take(env, "tests"));
        add(rows, "Shard (`--shard`)", take(env, "shard"));
        add(rows, "Started", take(env, "started"));
        String cores = take(env, "cpu.cores");
        add(rows, "CPU", join(take(env, "cpu.model"), cores.isEmpty() ? "" : cores + " cores"));
        host(rows, env);
        String load = take(env, "load.start");
        add(rows, "Load at the start (1-minute average)", load);
        String beforeBuild = take(env, "load.beforeBuild");
        add(rows, "Load before this run built kvbench", beforeBuild);
        String memory = take(env, "memory.bytes");
        add(rows, "Memory", memory.isEmpty() ? "" : Numbers.bytes(Numbers.parse(memory)));
        add(rows, "Free page reporting", pageReporting(take(env, "memory.pageReporting")));
        add(rows, "OS", take(env, "os"));
        add(rows, "Kernel", take(env, "kernel"));
        add(rows, "JVM", join(take(env, "java.vm"), take(env, "java.version")));
        add(rows, "JVM flags", code(take(env, "jvm.flags")));
        String free = take(env, "work.freeBytes");
        String fs = take(env, "work.fs");
        add(
                rows,
                "Work folder",
                join(
                        take(env, "work.dir"),
                        "file system " + (fs.isEmpty() ? "unknown" : fs)
                                + (free.isEmpty()
                                        ? ""
                                        : ", " + Numbers.bytes(Numbers.parse(free)) + " free at the start")));
        add(rows, "Open-file limit (ulimit -n)", take(env, "ulimit.n"));
        add(rows, "kvbench", take(env, "kvbench.version"));
        add(rows, "JMH", take(env, "jmh.version"));
        Map<String, String[]> engines = engines(env);
        env.forEach((key, value) -> add(rows, key, value));
        md.table(List.of("Item", "Value"), rows);
        ShardMachines.write(md, folder);
        loadNote(load, beforeBuild);
        if (!engines.isEmpty()) {
            List<List<String>> engineRows = new ArrayList<>();
            engines.entrySet().stream()
                    .sorted(Map.Entry.comparingByKey(specs.order()))
                    .forEach(e -> engineRows.add(List.of(e.getValue()[0], code(e.getKey()), e.getValue()[1])));
            md.table(List.of("Engine", "Spec name", "Library version"), engineRows);
        }
        variants();
    }

    /**
     * The host class, caches, huge page mode and measured memory profile, each only where the run recorded it (a run
     * from before them shows what it has); their keys are taken out of {@code env}.
     */
    private static void host(List<List<String>> rows, Map<String, String> env) {
        HostProfile host = HostProfile.of(env);
        add(rows, "Host class (vendor, family, model)", host.classText());
        add(rows, "Caches", host.cachesText());
        add(rows, "Transparent huge pages", take(env, "memory.transparentHugePages"));
        String latency = host.latencyText();
        String sets = take(env, "memory.workingSets");
        add(
                rows,
                "Memory latency (a dependent load)",
                latency.isEmpty() || sets.isEmpty() ? latency : latency + "; working sets " + sets);
        add(rows, "TLB miss (a page walk)", host.tlbText());
        for (String key : List.copyOf(env.keySet())) {
            if (key.equals("host.class")
                    || (key.startsWith("cpu.") && !key.equals("cpu.model") && !key.equals("cpu.cores"))
                    || key.startsWith("cache.")
                    || key.startsWith("memory.latencyNs")
                    || key.equals("memory.tlbMissNs")) {
                take(env, key);
            }
        }
    }

    /**
     * The engines' label and library version by spec name, taken out of {@code env} so that its other lines are
     * what is left for the table of items; a limit row's mark is taken too, as its label says so.
     */
    private static Map<String, String[]> engines(Map<String, String> env) {
        Map<String, String[]> engines = new LinkedHashMap<>();
        for (String key : List.copyOf(env.keySet())) {
            if (key.startsWith("engine.") && (key.endsWith(".label") || key.endsWith(".version"))) {
                String name = key.substring("engine.".length(), key.lastIndexOf('.'));
                String[] cells = engines.computeIfAbsent(name, k -> new String[] {"", ""});
                cells[key.endsWith(".label") ? 0 : 1] = take(env, key);
            } else if (key.startsWith("engine.") && key.endsWith(".reference")) {
                take(env, key); // a limit row: its label says so, and Specs reads the mark from folder.env
            }
        }
        return engines;
    }

    /** Whether the machine was quiet at the start, or only its own build made it look busy; nothing if not recorded. */
    private void loadNote(String load, String beforeBuild) {
        double startLoad = Numbers.parse(load);
        double buildLoad = beforeBuild.isEmpty() ? -1 : Numbers.parse(beforeBuild);
        if (startLoad > QUIET_LOAD && buildLoad >= 0 && buildLoad <= QUIET_LOAD) {
            md.paragraph("The machine was quiet before this run built kvbench (1-minute load " + beforeBuild
                    + ", at most "
                    + QUIET_LOAD + "). The load at the start, " + load + ", was read just after that build: a 1-minute"
                    + " average, it still counts the build, which had ended.");
        } else if (startLoad > QUIET_LOAD) {
            md.paragraph("**The machine was busy when this run started** (1-minute load " + load + ", over "
                    + QUIET_LOAD + "): other work shared its cores, so times may be slower and noisier than on a quiet"
                    + " machine. Compare engines within this run only.");
        } else if (startLoad >= 0) {
            md.paragraph("The machine was quiet when this run started (1-minute load " + load + ", at most "
                    + QUIET_LOAD + ").");
        }
    }

    /**
     * The JVM each store of a run with variants ran in, from the logs' {@code # Variant:} lines: what the store's own
     * JVM said about itself (library version, Java, VM, collectors, the flags the variant adds), not what was asked.
     */
    private void variants() {
        List<VariantLine> lines = new ArrayList<>();
        for (TestRun test : folder.tests) {
            test.log.variants().stream().filter(line -> !lines.contains(line)).forEach(lines::add);
        }
        if (lines.isEmpty()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        lines.stream()
                .sorted(Comparator.comparing(VariantLine::store, specs.order()))
                .forEach(line -> {
                    Map<String, String> facts = line.facts();
                    String flags = facts.getOrDefault(VariantLine.FLAGS, "");
                    rows.add(List.of(
                            specs.label(line.store()),
                            code(line.store()),
                            facts.getOrDefault(VariantLine.LIBRARY, ""),
                            facts.getOrDefault(VariantLine.JAVA, ""),
                            facts.getOrDefault(VariantLine.VM, ""),
                            facts.getOrDefault(VariantLine.GC, ""),
                            flags.isBlank() ? "none" : code(flags)));
                });
        md.paragraph(
                "The JVM each store ran in, as that JVM said (the `# Variant:` lines of the logs): a variant's library"
                        + " version, Java runtime, collectors, and the flags it adds to or changes in the run's own (JVM flags"
                        + " above).");
        md.table(List.of("Engine", "Spec", "Library", "Java", "VM", "Collectors", "Flags"), rows);
    }

    /** "fa4a3c4… (clean tree)", "… with uncommitted changes", or "not recorded" for a folder from before env.txt held it. */
    public static String commit(String commit, String clean) {
        if (commit.isEmpty()) {
            return "not recorded";
        }
        return commit
                + switch (clean) {
                    case "true" -> " (clean tree)";
                    case "false" -> " with uncommitted changes";
                    default -> "";
                };
    }

    /**
     * "on: freed blocks of 2 MiB go back to the hypervisor, ..." for {@code order 9}; "off"; empty for
     * results from before it was recorded.
     */
    static String pageReporting(String recorded) {
        if (!recorded.startsWith("order ")) {
            return recorded;
        }
        int order = Integer.parseInt(recorded.substring("order ".length()).trim());
        long kib = 4L << order;
        return "on: free blocks of " + (kib >= 1024 ? kib / 1024 + " MiB" : kib + " KiB")
                + " go back to the hypervisor, and memory "
                + "touched again after that costs a host page fault (a virtual machine); passes that allocate new "
                + "memory, and new forks' heaps, pay it";
    }

    private static void add(List<List<String>> rows, String name, String value) {
        if (!value.isEmpty() && !value.equals("``")) {
            rows.add(List.of(name, value));
        }
    }

    private static String take(Map<String, String> env, String key) {
        String value = env.remove(key);
        return value == null ? "" : value;
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + ", " + b;
    }

    private static String code(String text) {
        return text.isEmpty() ? "" : Markdown.code(text);
    }
}
