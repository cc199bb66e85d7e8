package dev.kvbench.fork;

import dev.kvbench.store.BuildFacts;
import dev.kvbench.store.Engine;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A variant's {@code version}: the engine's library jar of that version ({@link Engine#artifact()}), fetched by Maven
 * into the local repository, and the class path with it first and the project's jar of that library taken off (from a
 * copy of the benchmark jar without its entries), so that no class of the project's version is left to mix with the
 * other's. Apart from the rest of a variant's JVM because it is the one part that reaches Maven and rewrites jars.
 */
final class LibrarySwap {

    /** The longest Maven may take to fetch one jar. */
    static final long RESOLVE_SECONDS = 600;

    private static final Map<String, Path> JARS = new ConcurrentHashMap<>();

    private LibrarySwap() {}

    /** The engine's library artifact, {@code groupId:artifactId}, for a version variant. */
    static String artifact(StoreSpec spec) {
        Engine engine = Stores.engine(spec.engine());
        return engine.artifact()
                .orElseThrow(() -> new IllegalArgumentException("engine '" + spec.engine()
                        + "' has no library jar of its own to swap, so it takes no version; engines that do: "
                        + String.join(
                                ", ",
                                Stores.names().stream()
                                        .filter(n -> Stores.engine(n).artifact().isPresent())
                                        .toList())));
    }

    /** The local Maven repository: {@code KVBENCH_M2_REPO}, else {@code ~/.m2/repository}. */
    static Path repository() {
        String given = System.getenv("KVBENCH_M2_REPO");
        return given != null && !given.isBlank()
                ? Path.of(given)
                : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    /** Where the jar of {@code artifact} ({@code groupId:artifactId}) at {@code version} lies in the local repository. */
    static Path jarPath(String artifact, String version) {
        String[] ga = artifact.split(":");
        return repository()
                .resolve(ga[0].replace('.', '/'))
                .resolve(ga[1])
                .resolve(version)
                .resolve(ga[1] + "-" + version + ".jar");
    }

    /**
     * The jar of {@code spec}'s library version, fetched by Maven into the local repository when it is not there yet.
     *
     * @throws IllegalArgumentException when Maven cannot resolve it (the version or the network is the cause)
     */
    static Path jar(StoreSpec spec) {
        String artifact = artifact(spec);
        String version = spec.variant().get(StoreSpec.VERSION);
        String coordinates = artifact + ":" + version;
        return JARS.computeIfAbsent(coordinates, c -> {
            Path jar = jarPath(artifact, version);
            if (!Files.isRegularFile(jar)) {
                resolve(coordinates);
            }
            if (!Files.isRegularFile(jar)) {
                throw new IllegalArgumentException("Maven resolved " + coordinates + " but " + jar + " is not there");
            }
            return jar;
        });
    }

    /** Runs Maven (the project's wrapper, where kvbench.root names it or here, else mvn on the path) to fetch one jar. */
    private static void resolve(String coordinates) {
        // the project's wrapper: where the suite says the project is, else here (the tests, a user in the project)
        String root = System.getProperty("kvbench.root", "");
        Path wrapper = Path.of(root, "mvnw").toAbsolutePath();
        List<String> command = new ArrayList<>();
        command.add(Files.isExecutable(wrapper) ? wrapper.toString() : "mvn");
        // -U: a failure Maven cached (a version mistyped before, a network that was down) is tried again
        command.addAll(List.of("-q", "-B", "-U", "dependency:get", "-Dartifact=" + coordinates, "-Dtransitive=false"));
        String said;
        int exit;
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            if (Files.isExecutable(wrapper)) {
                builder.directory(wrapper.getParent().toFile());
            }
            Process process = builder.start();
            process.getOutputStream().close();
            byte[] out;
            try (InputStream in = process.getInputStream()) {
                out = in.readAllBytes();
            }
            if (!process.waitFor(RESOLVE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalArgumentException("Maven took over " + RESOLVE_SECONDS + " s to fetch " + coordinates);
            }
            exit = process.exitValue();
            said = new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot run " + command.get(0) + " to fetch " + coordinates + ": "
                    + e.getMessage() + " (run from the project, whose mvnw fetches it, or install Maven)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("interrupted while Maven fetched " + coordinates);
        }
        if (exit != 0) {
            throw new IllegalArgumentException("Maven cannot resolve " + coordinates + ": " + resolveCause(said, exit));
        }
    }

    /** Why Maven could not fetch a jar, from what it said: no such version, no network, or its own first error. */
    static String resolveCause(String said, int exit) {
        if (said.contains("(absent)") || said.contains("Could not find artifact")) {
            return "Maven's repositories have no such version (check the version on Maven Central)";
        }
        if (said.matches("(?s).*(Unknown host|UnknownHost|Could not transfer|Connection refused|Connect timed out"
                + "|Network is unreachable|No route to host).*")) {
            return "Maven's repository cannot be reached from here (the network is the cause, not the version)";
        }
        String error = said.lines()
                .map(String::strip)
                .filter(line -> line.startsWith("[ERROR]"))
                .map(line -> line.substring("[ERROR]".length()).strip())
                .filter(line -> !line.isEmpty())
                .findFirst()
                .orElse("exit status " + exit);
        return "Maven said: " + (error.length() > 240 ? error.substring(0, 240) + "..." : error);
    }

    /**
     * {@code classpath} with {@code spec}'s library version first and the project's version of that library taken off:
     * a jar of it on the class path is replaced, and a benchmark jar that packs it is replaced by a copy without its
     * entries ({@link #without}).
     */
    static String swapped(StoreSpec spec, String classpath) {
        String artifact = artifact(spec);
        String[] ga = artifact.split(":");
        Path own = jar(spec);
        Path original = jarPath(artifact, projectVersion(artifact));
        if (!Files.isRegularFile(original)) {
            throw new IllegalArgumentException("the project's " + ga[1] + " is not in the local Maven repository ("
                    + original + "), so it cannot be taken off the class path; ./mvnw package puts it there");
        }
        Path folder = repository()
                .resolve(ga[0].replace('.', '/'))
                .resolve(ga[1])
                .toAbsolutePath()
                .normalize();
        List<String> entries = new ArrayList<>();
        entries.add(own.toString());
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path path = Path.of(entry).toAbsolutePath().normalize();
            if (path.startsWith(folder)) {
                continue; // the project's jar of that library
            }
            if (entry.endsWith(".jar") && Files.isRegularFile(path) && packs(path, original)) {
                entries.add(without(path, original).toString());
            } else {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** The project's version of {@code artifact}, as the build recorded it ({@code kvbench.properties}). */
    static String projectVersion(String artifact) {
        return BuildFacts.get("library." + artifact);
    }

    /** Whether {@code jar} packs the project's jar {@code original} (a shaded jar): it holds that jar's first class. */
    private static boolean packs(Path jar, Path original) {
        try (ZipFile zip = new ZipFile(jar.toFile());
                ZipFile own = new ZipFile(original.toFile())) {
            String first = own.stream()
                    .map(ZipEntry::getName)
                    .filter(name -> name.endsWith(".class"))
                    .findFirst()
                    .orElse(null);
            return first != null && zip.getEntry(first) != null;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * A copy of {@code jar} without the entries of the project's jar {@code original} of the library (its classes,
     * native libraries and Maven files; the merged service files and the manifest stay, as other libraries' entries
     * share them), made once per benchmark jar beside it in {@code variants/}.
     */
    static Path without(Path jar, Path original) {
        String name = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        String library = original.getFileName().toString().replaceFirst("\\.jar$", "");
        Path copy = jar.resolveSibling("variants").resolve(name + "-without-" + library + ".jar");
        try {
            if (Files.isRegularFile(copy)
                    && Files.getLastModifiedTime(copy).compareTo(Files.getLastModifiedTime(jar)) >= 0) {
                return copy;
            }
            Files.createDirectories(copy.getParent());
            Set<String> drop = new LinkedHashSet<>();
            try (ZipFile zip = new ZipFile(original.toFile())) {
                zip.stream()
                        .filter(entry -> !entry.isDirectory())
                        .map(ZipEntry::getName)
                        .filter(entry ->
                                !entry.equals("META-INF/MANIFEST.MF") && !entry.startsWith("META-INF/services/"))
                        .forEach(drop::add);
            }
            Path temporary = Files.createTempFile(copy.getParent(), name, ".part");
            Files.copy(jar, temporary, StandardCopyOption.REPLACE_EXISTING);
            try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + temporary.toUri()), Map.of())) {
                for (String entry : drop) {
                    Files.deleteIfExists(zip.getPath(entry));
                }
            }
            Files.move(temporary, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + copy + ": " + e.getMessage(), e);
        }
    }
}
