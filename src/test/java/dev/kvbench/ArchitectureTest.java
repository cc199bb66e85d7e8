package dev.kvbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md against the code: its package table names every package of
 * {@code src/main/java/dev/kvbench} and nothing else, and every import keeps to the directions the
 * table states (a package uses only the packages its row lists; an adapter never imports another).
 */
class ArchitectureTest {

    private static final Path DOC = Path.of("docs/architecture.md");
    private static final Path MAIN = Path.of("src/main/java/dev/kvbench");
    private static final String ADAPTERS = "store.<engine>";
    /** The row of a workload family's own package: one row for every family registered outside {@code trial}. */
    private static final String FAMILIES = "workload.<family>";

    private static final Pattern ROW = Pattern.compile("^\\| `([a-z.<>]+)` \\|.*\\| ([^|]*) \\|$");
    private static final Pattern NAME = Pattern.compile("`([a-z.<>]+)`");
    private static final Pattern IMPORT =
            Pattern.compile("^import (?:static )?dev\\.kvbench\\.([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern QUALIFIED = Pattern.compile("(?<![\\w.])dev\\.kvbench\\.([a-z][\\w.]*?\\.[A-Z]\\w*)");

    @Test
    void everyPackageIsInTheTableAndEveryPackageItNamesExists() throws IOException {
        Map<String, Set<String>> table = table();
        Set<String> adapters = adapterPackages();
        Set<String> families = familyPackages(table);
        Set<String> packages = packages();
        for (String pkg : packages) {
            String row = rowOf(pkg, adapters, families);
            assertTrue(table.containsKey(row), "package " + pkg + " is not in " + DOC + ": add a row for it");
        }
        Set<String> named = new TreeSet<>(table.keySet());
        table.values().forEach(named::addAll);
        for (String name : named) {
            assertTrue(
                    name.equals(ADAPTERS) ? !adapters.isEmpty() : name.equals(FAMILIES) || packages.contains(name),
                    DOC + " names " + name + ", which is not a package of src/main/java/dev/kvbench");
        }
    }

    @Test
    void everyImportKeepsToTheDirectionsTheTableStates() throws IOException {
        Map<String, Set<String>> table = table();
        Set<String> adapters = adapterPackages();
        Set<String> families = familyPackages(table);
        List<String> wrong = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String from = packageOf(file.getParent());
                String fromRow = rowOf(from, adapters, families);
                for (String to : usedPackages(Files.readString(file, StandardCharsets.UTF_8))) {
                    String toRow = rowOf(to, adapters, families);
                    if (to.equals(from)) {
                        continue;
                    }
                    if (fromRow.equals(ADAPTERS) && toRow.equals(ADAPTERS)) {
                        wrong.add(MAIN.relativize(file) + " imports " + to + ": an adapter never imports another");
                    } else if (!table.getOrDefault(fromRow, Set.of()).contains(toRow)) {
                        wrong.add(MAIN.relativize(file) + " (" + fromRow + ") uses " + toRow + ", which its row in "
                                + DOC + " does not list");
                    }
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void theTableParsesAsItIsWritten() throws IOException {
        Map<String, Set<String>> table = table();
        assertEquals(Set.of(), table.get("store"));
        assertEquals(Set.of("store"), table.get("workload"));
        assertFalse(table.containsKey("dev.kvbench.store"), "short names, as the table writes them");
    }

    /**
     * Every registered family is in a package of its own under {@code workload} (the table's family rows), none in
     * {@code trial}, which holds only what families share, nor in {@code workload} itself.
     */
    @Test
    void everyRegisteredFamilyIsInAPackageOfItsOwn() throws IOException {
        Set<String> packages = registered("dev.kvbench.trial.WorkloadFamily");
        assertFalse(packages.isEmpty(), "no family is registered");
        for (String pkg : packages) {
            assertTrue(
                    pkg.startsWith("workload.") && !pkg.equals("workload"),
                    "a registered family is in " + pkg + ", not in a workload.<family> package of its own");
        }
    }

    /** The package table: each row's package and the packages it uses ("nothing": none). */
    private static Map<String, Set<String>> table() throws IOException {
        Map<String, Set<String>> table = new LinkedHashMap<>();
        for (String line : Files.readAllLines(DOC, StandardCharsets.UTF_8)) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                Set<String> uses = new TreeSet<>();
                Matcher name = NAME.matcher(row.group(2));
                while (name.find()) {
                    uses.add(name.group(1));
                }
                table.put(row.group(1), uses);
            }
        }
        assertFalse(table.isEmpty(), DOC + " has no package table");
        return table;
    }

    /** Every package with a source file, plus those generated from src/main/proto, as short names ("store.lmdb"). */
    private static Set<String> packages() throws IOException {
        Set<String> packages = new TreeSet<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> packages.add(packageOf(f.getParent())));
        }
        try (Stream<Path> protos = Files.walk(Path.of("src/main/proto"))) {
            for (Path proto :
                    protos.filter(f -> f.toString().endsWith(".proto")).toList()) {
                Matcher option = Pattern.compile("option java_package = \"dev\\.kvbench\\.([\\w.]+)\";")
                        .matcher(Files.readString(proto, StandardCharsets.UTF_8));
                if (option.find()) {
                    packages.add(option.group(1));
                }
            }
        }
        return packages;
    }

    /** The row in the table that {@code pkg} answers to. */
    private static String rowOf(String pkg, Set<String> adapters, Set<String> families) {
        return adapters.contains(pkg) ? ADAPTERS : families.contains(pkg) ? FAMILIES : pkg;
    }

    /**
     * The packages of the registered workload families (META-INF/services) that have no row of their own, as short
     * names: a new family's package, which {@link #FAMILIES} stands for.
     */
    private static Set<String> familyPackages(Map<String, Set<String>> table) throws IOException {
        Set<String> families = new TreeSet<>(registered("dev.kvbench.trial.WorkloadFamily"));
        families.removeAll(table.keySet());
        return families;
    }

    /** The packages of the registered engines (META-INF/services), as short names. */
    private static Set<String> adapterPackages() throws IOException {
        return registered("dev.kvbench.store.Engine");
    }

    /** The packages of the classes src/main's services file of {@code service} lists, as short names. */
    private static Set<String> registered(String service) throws IOException {
        Set<String> packages = new TreeSet<>();
        for (String line : Files.readAllLines(Path.of("src/main/resources/META-INF/services/" + service))) {
            String name = line.trim();
            if (!name.isEmpty() && !name.startsWith("#")) {
                packages.add(name.substring("dev.kvbench.".length(), name.lastIndexOf('.')));
            }
        }
        return packages;
    }

    /** The kvbench packages a source file uses: its imports and the fully qualified names in its code. */
    static Set<String> usedPackages(String source) {
        Set<String> used = new TreeSet<>();
        Matcher imports = IMPORT.matcher(source);
        while (imports.find()) {
            used.add(packageOfClass(imports.group(1)));
        }
        String code = source.replaceAll("(?s)/\\*.*?\\*/", "")
                .replaceAll("//[^\n]*", "")
                .replaceAll("\"(?:\\\\.|[^\"\\\\\n])*\"", "\"\"");
        Matcher qualified = QUALIFIED.matcher(code.replaceAll("(?m)^import .*$", ""));
        while (qualified.find()) {
            used.add(packageOfClass(qualified.group(1)));
        }
        return used;
    }

    /** "store.lmdb" for "store.lmdb.LmdbStore" or "store.lmdb.LmdbStore.Reader". */
    private static String packageOfClass(String name) {
        List<String> parts = new ArrayList<>();
        for (String part : name.split("\\.")) {
            if (Character.isUpperCase(part.charAt(0))) {
                break;
            }
            parts.add(part);
        }
        return String.join(".", parts);
    }

    private static String packageOf(Path dir) {
        return MAIN.relativize(dir).toString().replace('/', '.');
    }
}
