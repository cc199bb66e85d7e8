package dev.kvbench.fork;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The JDKs of this machine, for a variant's {@code jdk}: a JDK named by its major version is looked for where JDKs are
 * installed, and one named by its folder is checked to be a JDK kvbench runs on. Apart from the rest of a variant's
 * JVM because finding a JDK is a question about the machine, not about the variant.
 */
public final class Jdks {

    /** The oldest JDK kvbench runs on. */
    public static final int OLDEST_JDK = 17;
    /** Folders whose subfolders are JDKs, besides the parent of the running JDK; {@code KVBENCH_JDKS} adds more. */
    static final List<Path> JDK_FOLDERS = List.of(
            Path.of("/usr/lib/jvm"),
            Path.of("/opt/java"),
            Path.of(System.getProperty("user.home"), ".sdkman", "candidates", "java"));

    private Jdks() {}

    /**
     * The JDK {@code jdk} names: a folder (with {@code bin/java}), or a major version found among this machine's JDKs
     * ({@link #JDK_FOLDERS}, {@code KVBENCH_JDKS}, the running JDK's parent).
     *
     * @throws IllegalArgumentException when it is no JDK, is older than 17, or no such version is installed
     */
    public static Path find(String jdk) {
        if (jdk.matches("\\d+")) {
            int wanted = Integer.parseInt(jdk);
            if (wanted < OLDEST_JDK) {
                throw new IllegalArgumentException(
                        "jdk=" + jdk + " is older than kvbench runs on; give " + OLDEST_JDK + " or newer");
            }
            Map<Integer, Path> found = installed();
            Path home = found.get(wanted);
            if (home == null) {
                throw new IllegalArgumentException("jdk=" + jdk + ": no JDK " + jdk + " is installed here (found "
                        + (found.isEmpty()
                                ? "none"
                                : String.join(
                                        ", ",
                                        found.keySet().stream()
                                                .map(String::valueOf)
                                                .toList()))
                        + " in "
                        + String.join(
                                ", ", folders().stream().map(Path::toString).toList())
                        + "); install one, or give jdk=PATH, a JDK's folder");
            }
            return home;
        }
        Path home = Path.of(jdk).toAbsolutePath().normalize();
        if (!Files.isDirectory(home)) {
            throw new IllegalArgumentException(
                    "jdk=" + jdk + " is neither a JDK's major version (17, 25) nor a folder");
        }
        if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
            throw new IllegalArgumentException("jdk=" + jdk + " is not a JDK: it has no bin/java");
        }
        int major = major(home);
        if (major < 0) {
            throw new IllegalArgumentException("jdk=" + jdk + " is not a JDK: its release file gives no JAVA_VERSION");
        }
        if (major < OLDEST_JDK) {
            throw new IllegalArgumentException(
                    "jdk=" + jdk + " is JDK " + major + "; kvbench needs " + OLDEST_JDK + " or newer");
        }
        return home;
    }

    /** The JDKs of this machine by major version, the first found of each. */
    static Map<Integer, Path> installed() {
        Map<Integer, Path> found = new TreeMap<>();
        Set<Path> seen = new LinkedHashSet<>();
        for (Path folder : folders()) {
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

    private static List<Path> folders() {
        List<Path> folders = new ArrayList<>();
        String extra = System.getenv("KVBENCH_JDKS");
        if (extra != null && !extra.isBlank()) {
            Arrays.stream(extra.split(File.pathSeparator))
                    .filter(s -> !s.isBlank())
                    .map(Path::of)
                    .forEach(folders::add);
        }
        Path running = Path.of(System.getProperty("java.home")).getParent();
        if (running != null) {
            folders.add(running);
        }
        folders.addAll(JDK_FOLDERS);
        return folders.stream().distinct().toList();
    }

    /** The major version in {@code home}'s {@code release} file ({@code JAVA_VERSION="25.0.1"}); -1 when it has none. */
    static int major(Path home) {
        Properties release = new Properties();
        try (InputStream in = Files.newInputStream(home.resolve("release"))) {
            release.load(in);
        } catch (IOException e) {
            return -1;
        }
        String version =
                release.getProperty("JAVA_VERSION", "").replace("\"", "").trim();
        if (version.startsWith("1.")) {
            version = version.substring(2);
        }
        String feature = version.split("[.+-]")[0];
        return feature.matches("\\d+") ? Integer.parseInt(feature) : -1;
    }
}
