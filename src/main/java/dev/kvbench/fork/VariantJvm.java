package dev.kvbench.fork;

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
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import dev.kvbench.store.BuildFacts;
import dev.kvbench.store.Engine;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;

/**
 * A store spec's variant ({@link StoreSpec#variant()}) as the JVM that runs it: which {@code java}, which flags, which
 * class path. An upgrade is measured as its own row in the same interleaved rotations as what it replaces, so each
 * variant gets its own JVM, started from the run's own command with only what the variant names changed:
 * <ul>
 * <li>{@code version}: the engine's library jar of that version ({@link Engine#artifact()}), resolved by Maven into the
 * local repository, first on the class path, and the project's jar of that library taken off it (from a copy of the
 * benchmark jar without its entries), so that no class of the project's version is left to mix with the other's;
 * the library's own dependencies stay the project's;
 * <li>{@code jdk}: another JDK, by major version (found among the JDKs of this machine) or by its folder;
 * <li>{@code collector}: a collector ({@link #COLLECTORS}), generational ZGC where the JDK has it;
 * <li>{@code unsafe}: {@code sun.misc.Unsafe}'s memory access in place of the run's {@code allow} (JDK 23 on);
 * <li>{@code jvmArgs}: further flags, after all the others.
 * </ul>
 * Everything is checked before any store opens, one line each ({@link #check}).
 */
public final class VariantJvm {

    /** The oldest JDK kvbench runs on. */
    public static final int OLDEST_JDK = 17;
    /** The first JDK with {@code --sun-misc-unsafe-memory-access} (JEP 471). */
    static final int UNSAFE_OPTION_JDK = 23;
    /** The first JDK whose ZGC is generational by a flag (JEP 439); from 23 on it is the default, from 24 the only mode. */
    static final int GENERATIONAL_ZGC_JDK = 21;
    static final int GENERATIONAL_ZGC_DEFAULT_JDK = 23;
    /** The collectors a variant may name, by name, with the flag that selects each. */
    public static final Map<String, String> COLLECTORS = collectors();
    /** The values of {@code unsafe}. */
    public static final List<String> UNSAFE_MODES = List.of("allow", "warn", "debug", "deny");
    /** The run's own setting of Unsafe's memory access, among kvbench's JVM flags. */
    static final String UNSAFE_FLAG = "--sun-misc-unsafe-memory-access=";
    /** Folders whose subfolders are JDKs, besides the parent of the running JDK; {@code KVBENCH_JDKS} adds more. */
    static final List<Path> JDK_FOLDERS = List.of(Path.of("/usr/lib/jvm"), Path.of("/opt/java"),
            Path.of(System.getProperty("user.home"), ".sdkman", "candidates", "java"));
    /** The longest Maven may take to fetch one jar. */
    static final long RESOLVE_SECONDS = 600;

    private static final Map<String, Path> JARS = new ConcurrentHashMap<>();

    private VariantJvm() {
    }

    private static Map<String, String> collectors() {
        Map<String, String> gcs = new LinkedHashMap<>();
        gcs.put("G1", "-XX:+UseG1GC");
        gcs.put("ZGC", "-XX:+UseZGC");
        gcs.put("Parallel", "-XX:+UseParallelGC");
        gcs.put("Serial", "-XX:+UseSerialGC");
        gcs.put("Shenandoah", "-XX:+UseShenandoahGC");
        gcs.put("CMS", "-XX:+UseConcMarkSweepGC"); // removed in JDK 14: named so that asking for it says so
        return Collections.unmodifiableMap(gcs);
    }

    /**
     * The command up to the main class for {@code spec}: {@code java}, {@code flags}, {@code -cp classpath} (the run's
     * own) with what its variant changes; the run's own command when it names none.
     */
    public static List<String> command(StoreSpec spec, String java, List<String> flags, String classpath) {
        Map<String, String> variant = spec.variant();
        List<String> command = new ArrayList<>();
        command.add(variant.containsKey(StoreSpec.JDK) ? home(spec).resolve("bin").resolve("java").toString() : java);
        for (String flag : flags) {
            if (flag.startsWith(UNSAFE_FLAG) && variant.containsKey(StoreSpec.UNSAFE)) {
                command.add(UNSAFE_FLAG + variant.get(StoreSpec.UNSAFE));
            } else {
                command.add(flag);
            }
        }
        command.addAll(addedFlags(spec));
        command.add("-cp");
        command.add(variant.containsKey(StoreSpec.VERSION) ? swapped(spec, classpath) : classpath);
        return command;
    }

    /**
     * The flags this variant adds to or changes in the run's own (the collector, Unsafe's access, its own flags), for
     * the report's list of what each variant ran with.
     */
    public static List<String> ownFlags(StoreSpec spec) {
        List<String> flags = new ArrayList<>();
        if (spec.variant().containsKey(StoreSpec.UNSAFE)) {
            flags.add(UNSAFE_FLAG + spec.variant().get(StoreSpec.UNSAFE));
        }
        flags.addAll(addedFlags(spec));
        return flags;
    }

    /** The flags a variant adds after the run's own: its collector's, then its own. */
    private static List<String> addedFlags(StoreSpec spec) {
        Map<String, String> variant = spec.variant();
        List<String> flags = new ArrayList<>();
        if (variant.containsKey(StoreSpec.GC)) {
            flags.addAll(gcFlags(variant.get(StoreSpec.GC), major(spec)));
        }
        if (variant.containsKey(StoreSpec.JVM_ARGS)) {
            flags.addAll(jvmArgs(variant.get(StoreSpec.JVM_ARGS)));
        }
        return flags;
    }

    /** The JDK {@code spec} runs on: the one its variant names, else the running one. */
    private static Path home(StoreSpec spec) {
        return spec.variant().containsKey(StoreSpec.JDK) ? jdk(spec.variant().get(StoreSpec.JDK))
                : Path.of(System.getProperty("java.home"));
    }

    /** The major version of the JDK {@code spec} runs on. */
    private static int major(StoreSpec spec) {
        return spec.variant().containsKey(StoreSpec.JDK) ? major(home(spec)) : Runtime.version().feature();
    }

    /**
     * Checks every key of {@code spec}'s variant, resolving a library version into the local Maven repository: the
     * JDK exists, is a JDK and is 17 or newer; the collector is one this JDK has; Unsafe's mode is one this JDK knows;
     * the engine has a library to swap and Maven finds that version; the JVM accepts the variant's flags.
     *
     * @throws IllegalArgumentException one line naming the spec, what is wrong and what is allowed
     */
    public static void check(StoreSpec spec) {
        Map<String, String> variant = spec.variant();
        if (variant.isEmpty()) {
            return;
        }
        String name = spec.toString();
        try {
            Path home = home(spec);
            int major = major(spec);
            String gc = variant.get(StoreSpec.GC);
            if (gc != null) {
                collector(gc); // before Maven fetches anything
            }
            String unsafe = variant.get(StoreSpec.UNSAFE);
            if (unsafe != null) {
                if (!UNSAFE_MODES.contains(unsafe)) {
                    throw new IllegalArgumentException("unsafe=" + unsafe + " is not a mode of sun.misc.Unsafe's memory"
                            + " access; give one of " + String.join(", ", UNSAFE_MODES));
                }
                if (major < UNSAFE_OPTION_JDK) {
                    throw new IllegalArgumentException("unsafe=" + unsafe + " needs JDK " + UNSAFE_OPTION_JDK + " or newer"
                            + " (JEP 471), and this variant runs JDK " + major + "; add jdk=25");
                }
            }
            if (variant.containsKey(StoreSpec.VERSION)) {
                jar(spec);
            }
            String java = home.resolve("bin").resolve("java").toString();
            if (gc != null) {
                try {
                    ForkFlags.checkUserFlags(java, "collector=" + gc, gcFlags(gc, major));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("collector=" + gc + ": JDK " + major + " (" + home + ") has no such"
                            + " collector; give another collector or another jdk", e);
                }
            }
            List<String> flags = new ArrayList<>(ownFlags(spec));
            if (!flags.isEmpty()) {
                ForkFlags.checkUserFlags(java, "JDK " + major, flags);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("store spec " + name + ": " + e.getMessage(), e);
        }
    }

    /**
     * The collector's name as {@link #COLLECTORS} spells it, whatever its case.
     *
     * @throws IllegalArgumentException when it is none of them
     */
    static String collector(String gc) {
        return COLLECTORS.keySet().stream().filter(name -> name.equalsIgnoreCase(gc)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("collector=" + gc + " is not a collector kvbench knows;"
                        + " give one of " + String.join(", ", COLLECTORS.keySet())));
    }

    /** The flags that select collector {@code gc} on JDK {@code major}: generational ZGC where that JDK has it. */
    static List<String> gcFlags(String gc, int major) {
        String name = collector(gc);
        List<String> flags = new ArrayList<>(List.of(COLLECTORS.get(name)));
        if (name.equals("ZGC") && major >= GENERATIONAL_ZGC_JDK && major < GENERATIONAL_ZGC_DEFAULT_JDK) {
            flags.add("-XX:+ZGenerational");
        }
        return flags;
    }

    private static List<String> jvmArgs(String text) {
        return Arrays.stream(text.trim().split("\\s+")).filter(flag -> !flag.isEmpty()).toList();
    }

    // --- JDKs ---

    /**
     * The JDK {@code jdk} names: a folder (with {@code bin/java}), or a major version found among this machine's JDKs
     * ({@link #JDK_FOLDERS}, {@code KVBENCH_JDKS}, the running JDK's parent).
     *
     * @throws IllegalArgumentException when it is no JDK, is older than 17, or no such version is installed
     */
    public static Path jdk(String jdk) {
        if (jdk.matches("\\d+")) {
            int wanted = Integer.parseInt(jdk);
            if (wanted < OLDEST_JDK) {
                throw new IllegalArgumentException("jdk=" + jdk + " is older than kvbench runs on; give " + OLDEST_JDK
                        + " or newer");
            }
            Map<Integer, Path> found = installedJdks();
            Path home = found.get(wanted);
            if (home == null) {
                throw new IllegalArgumentException("jdk=" + jdk + ": no JDK " + jdk + " is installed here (found "
                        + (found.isEmpty() ? "none" : String.join(", ", found.keySet().stream().map(String::valueOf).toList()))
                        + " in " + String.join(", ", jdkFolders().stream().map(Path::toString).toList())
                        + "); install one, or give jdk=PATH, a JDK's folder");
            }
            return home;
        }
        Path home = Path.of(jdk).toAbsolutePath().normalize();
        if (!Files.isDirectory(home)) {
            throw new IllegalArgumentException("jdk=" + jdk + " is neither a JDK's major version (17, 25) nor a folder");
        }
        if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
            throw new IllegalArgumentException("jdk=" + jdk + " is not a JDK: it has no bin/java");
        }
        int major = major(home);
        if (major < 0) {
            throw new IllegalArgumentException("jdk=" + jdk + " is not a JDK: its release file gives no JAVA_VERSION");
        }
        if (major < OLDEST_JDK) {
            throw new IllegalArgumentException("jdk=" + jdk + " is JDK " + major + "; kvbench needs " + OLDEST_JDK
                    + " or newer");
        }
        return home;
    }

    /** The JDKs of this machine by major version, the first found of each. */
    static Map<Integer, Path> installedJdks() {
        Map<Integer, Path> found = new java.util.TreeMap<>();
        Set<Path> seen = new LinkedHashSet<>();
        for (Path folder : jdkFolders()) {
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (Stream<Path> children = Files.list(folder)) {
                for (Path home : children.sorted().toList()) {
                    Path real;
                    try {
                        real = home.toRealPath();
                    } catch (IOException e) {
                        continue;
                    }
                    if (seen.add(real) && Files.isExecutable(real.resolve("bin").resolve("java"))) {
                        int major = major(real);
                        if (major > 0) {
                            found.putIfAbsent(major, real);
                        }
                    }
                }
            } catch (IOException e) {
                // a folder we cannot list holds no JDK we can run
            }
        }
        return found;
    }

    private static List<Path> jdkFolders() {
        List<Path> folders = new ArrayList<>();
        String extra = System.getenv("KVBENCH_JDKS");
        if (extra != null && !extra.isBlank()) {
            Arrays.stream(extra.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).forEach(folders::add);
        }
        Path running = Path.of(System.getProperty("java.home")).getParent();
        if (running != null) {
            folders.add(running);
        }
        folders.addAll(JDK_FOLDERS);
        return folders.stream().distinct().toList();
    }

    /** The major version in {@code home}'s {@code release} file ({@code JAVA_VERSION="25.0.1"}); -1 when it has none. */
    public static int major(Path home) {
        Properties release = new Properties();
        try (InputStream in = Files.newInputStream(home.resolve("release"))) {
            release.load(in);
        } catch (IOException e) {
            return -1;
        }
        String version = release.getProperty("JAVA_VERSION", "").replace("\"", "").trim();
        if (version.startsWith("1.")) {
            version = version.substring(2);
        }
        String feature = version.split("[.+-]")[0];
        return feature.matches("\\d+") ? Integer.parseInt(feature) : -1;
    }

    // --- library versions ---

    /** The engine's library artifact, {@code groupId:artifactId}, for a version variant. */
    static String artifact(StoreSpec spec) {
        Engine engine = Stores.engine(spec.engine());
        return engine.artifact().orElseThrow(() -> new IllegalArgumentException("engine '" + spec.engine()
                + "' has no library jar of its own to swap, so it takes no version; engines that do: "
                + String.join(", ", Stores.names().stream().filter(n -> Stores.engine(n).artifact().isPresent()).toList())));
    }

    /** The local Maven repository: {@code KVBENCH_M2_REPO}, else {@code ~/.m2/repository}. */
    static Path repository() {
        String given = System.getenv("KVBENCH_M2_REPO");
        return given != null && !given.isBlank() ? Path.of(given)
                : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    /** Where the jar of {@code artifact} ({@code groupId:artifactId}) at {@code version} lies in the local repository. */
    static Path jarPath(String artifact, String version) {
        String[] ga = artifact.split(":");
        return repository().resolve(ga[0].replace('.', '/')).resolve(ga[1]).resolve(version)
                .resolve(ga[1] + "-" + version + ".jar");
    }

    /**
     * The jar of {@code spec}'s library version, fetched by Maven into the local repository when it is not there yet.
     *
     * @throws IllegalArgumentException when Maven cannot resolve it (the version or the network is the cause)
     */
    public static Path jar(StoreSpec spec) {
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
        String error = said.lines().map(String::strip).filter(line -> line.startsWith("[ERROR]"))
                .map(line -> line.substring("[ERROR]".length()).strip()).filter(line -> !line.isEmpty())
                .findFirst().orElse("exit status " + exit);
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
        Path folder = repository().resolve(ga[0].replace('.', '/')).resolve(ga[1]).toAbsolutePath().normalize();
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
        try (ZipFile zip = new ZipFile(jar.toFile()); ZipFile own = new ZipFile(original.toFile())) {
            String first = own.stream().map(ZipEntry::getName).filter(name -> name.endsWith(".class")).findFirst()
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
            if (Files.isRegularFile(copy) && Files.getLastModifiedTime(copy).compareTo(Files.getLastModifiedTime(jar)) >= 0) {
                return copy;
            }
            Files.createDirectories(copy.getParent());
            Set<String> drop = new LinkedHashSet<>();
            try (ZipFile zip = new ZipFile(original.toFile())) {
                zip.stream().filter(entry -> !entry.isDirectory()).map(ZipEntry::getName)
                        .filter(entry -> !entry.equals("META-INF/MANIFEST.MF") && !entry.startsWith("META-INF/services/"))
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

    /**
     * Why a variant could not run the adapter, in words, from the error its check gave ({@code NoSuchMethodError: ...}):
     * the adapter calls a method or class the version lacks, its native library lacks a function, or the library needs
     * a newer JDK; else the error as it was.
     */
    public static String incompatibility(StoreSpec spec, String error) {
        String what = spec.variant().containsKey(StoreSpec.VERSION)
                ? spec.engine() + " " + spec.variant().get(StoreSpec.VERSION) : "this variant";
        String detail = error.contains(": ") ? error.substring(error.indexOf(": ") + 2).strip() : error;
        String kind = error.contains(":") ? error.substring(0, error.indexOf(':')).strip() : error;
        kind = kind.substring(kind.lastIndexOf('.') + 1);
        return switch (kind) {
            case "NoSuchMethodError", "AbstractMethodError" -> "the adapter calls " + detail + ", which " + what + " lacks";
            case "NoSuchFieldError" -> "the adapter reads the field " + detail + ", which " + what + " lacks";
            case "NoClassDefFoundError", "ClassNotFoundException" -> "the adapter uses the class " + detail.replace('/', '.')
                    + ", which " + what + " lacks";
            case "IncompatibleClassChangeError" -> "a class the adapter uses changed its kind in " + what + ": " + detail;
            case "UnsatisfiedLinkError" -> "the native library of " + what + " lacks what the adapter calls: " + detail;
            case "UnsupportedClassVersionError" -> what + " needs a newer JDK than this variant's: " + detail;
            case "UnsupportedOperationException" -> "deny".equals(spec.variant().get(StoreSpec.UNSAFE))
                    ? "sun.misc.Unsafe's memory access is denied, and " + (detail.contains("(in dev.kvbench.")
                            ? "kvbench's own code" : "the engine's library") + " calls Unsafe." + detail
                    : "it failed under this variant: " + error;
            default -> "it failed under " + (spec.isVariant() ? "this variant" : "this JVM") + ": " + error;
        };
    }
}
