package dev.kvbench.cutfs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Where the cutfs binary comes from: {@code src/main/c/cutfs/build.sh} of the project folder
 * ({@code -Dkvbench.root}, else the one holding this jar, else the current folder or one above it) compiles it into
 * {@code target/cutfs/cutfs} when stale, installing its Debian packages when root. And whether
 * this machine can mount it at all: {@link #missing()}.
 */
public final class Build {

    private static final String SCRIPT = "src/main/c/cutfs/build.sh";
    private static final long BUILD_TIMEOUT_SECONDS = 900;

    private static Path binary;
    private static String missing;

    private Build() {}

    /** The compiled cutfs, built first when stale; fails with the one line that says what is missing. */
    static synchronized Path binary() {
        if (binary != null) {
            return binary;
        }
        String lack = requirements();
        if (lack != null) {
            throw new IllegalStateException(lack);
        }
        Path script = script();
        try {
            Path err = Files.createTempFile("cutfs-build", ".err");
            try {
                Process p = new ProcessBuilder("bash", script.toString())
                        .redirectError(err.toFile())
                        .start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
                if (!p.waitFor(BUILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IllegalStateException("building cutfs took over " + BUILD_TIMEOUT_SECONDS + " s");
                }
                if (p.exitValue() != 0 || out.isEmpty()) {
                    String lines = Files.readString(err, StandardCharsets.UTF_8).trim();
                    String last = lines.isEmpty()
                            ? "exit status " + p.exitValue()
                            : lines.substring(lines.lastIndexOf('\n') + 1);
                    throw new IllegalStateException(last.startsWith("cutfs") ? last : "cannot build cutfs: " + last);
                }
                binary = Path.of(out.substring(out.lastIndexOf('\n') + 1));
                return binary;
            } finally {
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot build cutfs: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while building cutfs", e);
        }
    }

    /**
     * Null when this machine can run the power-cut test (a FUSE device, root, cutfs built, and a
     * trial mount works), else one line saying what is missing. Asked once per JVM.
     */
    public static synchronized String missing() {
        if (missing == null) {
            missing = check();
        }
        return missing.isEmpty() ? null : missing;
    }

    private static String check() {
        String lack = requirements();
        if (lack != null) {
            return lack;
        }
        Path folder = null;
        try {
            binary();
            folder = Files.createTempDirectory("cutfs-check");
            CutFs.mount(folder, CutFs.Names.POSIX).close();
            return "";
        } catch (RuntimeException | IOException e) {
            return "cutfs cannot be mounted here: " + e.getMessage();
        } finally {
            if (folder != null) {
                CutFs.unmountStale(folder);
                CutFs.deleteTree(folder);
            }
        }
    }

    /** The machine's side: a FUSE device, root (mounting and the lazy unmount of a cut), the build script. */
    private static String requirements() {
        if (!Files.exists(Path.of("/dev/fuse"))) {
            return "no FUSE device (/dev/fuse): the power-cut test needs Linux with FUSE (modprobe fuse)";
        }
        if (!isRoot()) {
            return "the power-cut test needs root (it mounts and unmounts a FUSE file system)";
        }
        if (script() == null) {
            return "cutfs's source (" + SCRIPT + ") is not here: run from the kvbench folder or set -Dkvbench.root";
        }
        return null;
    }

    private static boolean isRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /** The build script: under -Dkvbench.root, else above the jar or classes folder this class came from, else above the current folder. */
    private static Path script() {
        java.util.List<Path> starts = new java.util.ArrayList<>();
        String root = System.getProperty("kvbench.root");
        if (root != null) {
            starts.add(Path.of(root));
        }
        try {
            starts.add(Path.of(Build.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI()));
        } catch (java.net.URISyntaxException | RuntimeException e) {
            // not from a file: the current folder is tried
        }
        starts.add(Path.of(System.getProperty("user.dir")));
        for (Path start : starts) {
            for (Path dir = start.toAbsolutePath(); dir != null; dir = dir.getParent()) {
                if (Files.isRegularFile(dir.resolve(SCRIPT))) {
                    return dir.resolve(SCRIPT);
                }
            }
        }
        return null;
    }
}
