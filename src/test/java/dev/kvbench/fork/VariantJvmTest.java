package dev.kvbench.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.StoreSpec;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A variant's JVM: the JDK it names, its collector and flags in its command, the library jar it swaps in. */
class VariantJvmTest {

    private static final List<String> FLAGS =
            List.of("-XX:+IgnoreUnrecognizedVMOptions", "--sun-misc-unsafe-memory-access=allow", "-Dkvbench.x=1");

    @TempDir
    Path dir;

    @Test
    void aJdkNamedByItsMajorVersionIsOneOfThisMachinesJdksOfThatVersion() {
        int running = Runtime.version().feature();
        Path home = Jdks.find(Integer.toString(running));
        assertEquals(running, Jdks.major(home));
        assertTrue(Files.isExecutable(home.resolve("bin/java")), home.toString());
        assertEquals(Jdks.find(home.toString()), home, "a JDK's folder names it too");
    }

    @Test
    void aJdkThatIsNoneOrTooOldOrNotInstalledIsOneLineThatSaysWhatToGive() {
        assertEquals("jdk=11 is older than kvbench runs on; give 17 or newer", refused("11"));
        assertEquals("jdk=" + dir + " is not a JDK: it has no bin/java", refused(dir.toString()));
        assertTrue(refused("99").startsWith("jdk=99: no JDK 99 is installed here (found "), refused("99"));
        assertEquals("jdk=nineteen is neither a JDK's major version (17, 25) nor a folder", refused("nineteen"));
    }

    @Test
    void aFolderWithAJavaButAnOldReleaseIsRefusedAsTooOld() throws IOException {
        Path jdk = dir.resolve("jdk11");
        Files.createDirectories(jdk.resolve("bin"));
        Path java = Files.writeString(jdk.resolve("bin/java"), "#!/bin/sh\n");
        assertTrue(java.toFile().setExecutable(true));
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"11.0.2\"\n");
        assertEquals("jdk=" + jdk + " is JDK 11; kvbench needs 17 or newer", refused(jdk.toString()));
    }

    private static String refused(String jdk) {
        return assertThrows(IllegalArgumentException.class, () -> Jdks.find(jdk))
                .getMessage();
    }

    @Test
    void zgcIsGenerationalWhereTheJdkHasIt() {
        assertEquals(List.of("-XX:+UseZGC"), VariantJvm.gcFlags("ZGC", 17));
        assertEquals(List.of("-XX:+UseZGC", "-XX:+ZGenerational"), VariantJvm.gcFlags("zgc", 21));
        assertEquals(List.of("-XX:+UseZGC"), VariantJvm.gcFlags("ZGC", 25), "the only ZGC from 24 on is generational");
        assertEquals(List.of("-XX:+UseParallelGC"), VariantJvm.gcFlags("Parallel", 25));
    }

    @Test
    void theRunsOwnSpecRunsTheRunsOwnCommand() {
        assertEquals(
                List.of(
                        "java",
                        "-XX:+IgnoreUnrecognizedVMOptions",
                        "--sun-misc-unsafe-memory-access=allow",
                        "-Dkvbench.x=1",
                        "-cp",
                        "a.jar"),
                VariantJvm.command(StoreSpec.parse("lmdb:sync=true"), "java", FLAGS, "a.jar"));
    }

    @Test
    void aJvmVariantsJdkCollectorUnsafeModeAndFlagsReachItsCommand() {
        int running = Runtime.version().feature();
        StoreSpec spec = StoreSpec.parse(
                "lmdb:jdk=" + running + "+collector=Serial+unsafe=deny+jvmArgs=-Xmx1g -XX:+AlwaysPreTouch");
        List<String> command = VariantJvm.command(spec, "java", FLAGS, "a.jar");
        assertEquals(Jdks.find(Integer.toString(running)).resolve("bin/java").toString(), command.get(0));
        assertEquals(
                List.of(
                        "-XX:+IgnoreUnrecognizedVMOptions",
                        "--sun-misc-unsafe-memory-access=deny",
                        "-Dkvbench.x=1",
                        "-XX:+UseSerialGC",
                        "-Xmx1g",
                        "-XX:+AlwaysPreTouch",
                        "-cp",
                        "a.jar"),
                command.subList(1, command.size()),
                "the run's Unsafe mode replaced in place, the collector after the run's flags, the variant's own last");
    }

    @Test
    void unsafeDenyNeedsAJdkThatKnowsTheOption() {
        String message = assertThrows(
                        IllegalArgumentException.class,
                        () -> VariantJvm.check(StoreSpec.parse("lmdb:jdk=17+unsafe=deny")))
                .getMessage();
        assertEquals(
                "store spec lmdb:jdk=17+unsafe=deny: unsafe=deny needs JDK 23 or newer (JEP 471), and this variant"
                        + " runs JDK 17; add jdk=25",
                message);
        assertTrue(
                assertThrows(
                                IllegalArgumentException.class,
                                () -> VariantJvm.check(StoreSpec.parse("lmdb:unsafe=never")))
                        .getMessage()
                        .endsWith(
                                "unsafe=never is not a mode of sun.misc.Unsafe's memory access; give one of allow, warn, debug, deny"));
    }

    @Test
    void aCollectorTheJdkLacksIsRefusedByThatJdkItself() {
        String message = assertThrows(
                        IllegalArgumentException.class,
                        () -> VariantJvm.check(StoreSpec.parse("lmdb:jdk=17+collector=CMS")))
                .getMessage();
        assertTrue(message.startsWith("store spec lmdb:jdk=17+collector=CMS: collector=CMS: JDK 17 ("), message);
        assertTrue(message.endsWith(") has no such collector; give another collector or another jdk"), message);
    }

    @Test
    void anEngineWithoutALibraryJarTakesNoVersion() {
        String message = assertThrows(
                        IllegalArgumentException.class, () -> VariantJvm.check(StoreSpec.parse("heap@1.0")))
                .getMessage();
        assertTrue(
                message.startsWith("store spec heap:version=1.0: engine 'heap' has no library jar of its own to swap,"
                        + " so it takes no version; engines that do: "),
                message);
        assertTrue(message.contains("rocksdb"), message);
    }

    @Test
    void whyMavenFailedSaysWhetherTheVersionOrTheNetworkIsTheCause() {
        assertEquals(
                "Maven's repositories have no such version (check the version on Maven Central)",
                LibrarySwap.resolveCause("[ERROR] ... org.rocksdb:rocksdbjni:jar:9.99.99 (absent): Could not find", 1));
        assertEquals(
                "Maven's repository cannot be reached from here (the network is the cause, not the version)",
                LibrarySwap.resolveCause(
                        "[ERROR] Could not transfer artifact ...: Unknown host repo.maven.apache.org", 1));
        assertEquals("Maven said: something else", LibrarySwap.resolveCause("[INFO] x\n[ERROR] something else\n", 1));
    }

    @Test
    void anIncompatibleVersionIsToldByWhatTheAdapterCallsThatItLacks() {
        StoreSpec old = StoreSpec.parse("rocksdb@5.18.4");
        assertEquals(
                "the adapter calls 'void org.rocksdb.BloomFilter.<init>(double)' (in x.Y.open), which rocksdb 5.18.4"
                        + " lacks",
                VariantJvm.incompatibility(
                        old, "NoSuchMethodError: 'void org.rocksdb.BloomFilter.<init>(double)' (in x.Y.open)"));
        assertEquals(
                "the adapter uses the class org.h2.mvstore.type.X (in a.B.c), which rocksdb 5.18.4 lacks",
                VariantJvm.incompatibility(old, "NoClassDefFoundError: org/h2/mvstore/type/X (in a.B.c)"));
        assertEquals(
                "sun.misc.Unsafe's memory access is denied, and the engine's library calls Unsafe.putLong (in a.B)",
                VariantJvm.incompatibility(
                        StoreSpec.parse("lmdb:jdk=25+unsafe=deny"), "UnsupportedOperationException: putLong (in a.B)"));
        assertEquals(
                "it failed under this variant: IllegalStateException: no",
                VariantJvm.incompatibility(old, "IllegalStateException: no"));
    }

    @Test
    void theBenchmarkJarLosesTheProjectsEntriesOfTheSwappedLibraryAndKeepsTheOthers() throws IOException {
        Path original = jar(
                dir.resolve("lib-1.0.jar"),
                "org/lib/A.class",
                "org/lib/native/liblib.so",
                "META-INF/services/java.sql.Driver",
                "META-INF/MANIFEST.MF");
        Path benchmarks = jar(
                dir.resolve("target/benchmarks.jar"),
                "org/lib/A.class",
                "org/lib/native/liblib.so",
                "META-INF/services/java.sql.Driver",
                "META-INF/MANIFEST.MF",
                "dev/kvbench/Main.class",
                "org/other/B.class");
        Path copy = LibrarySwap.without(benchmarks, original);
        assertEquals(dir.resolve("target/variants/benchmarks-without-lib-1.0.jar"), copy);
        assertEquals(
                List.of(
                        "META-INF/MANIFEST.MF",
                        "META-INF/services/java.sql.Driver",
                        "dev/kvbench/Main.class",
                        "org/other/B.class"),
                entries(copy).stream().sorted().toList(),
                "the merged service file and the manifest stay");
        assertEquals(copy, LibrarySwap.without(benchmarks, original), "made once per benchmark jar");
    }

    private static Path jar(Path path, String... entries) throws IOException {
        Files.createDirectories(path.getParent());
        try (OutputStream out = Files.newOutputStream(path);
                ZipOutputStream zip = new ZipOutputStream(out)) {
            for (String entry : entries) {
                zip.putNextEntry(new ZipEntry(entry));
                zip.write(entry.getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return path;
    }

    private static List<String> entries(Path jar) throws IOException {
        List<String> names = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            zip.stream().filter(e -> !e.isDirectory()).forEach(e -> names.add(e.getName()));
        }
        return names;
    }

    /** Resolves rocksdbjni 10.10.1.1 with Maven (from the local repository once it is there). */
    @Test
    void aVersionIsResolvedAndTakesThePlaceOfTheProjectsJarOnTheClassPath() {
        StoreSpec spec = StoreSpec.parse("rocksdb@10.10.1.1");
        Path jar = LibrarySwap.jar(spec);
        assertTrue(jar.endsWith("org/rocksdb/rocksdbjni/10.10.1.1/rocksdbjni-10.10.1.1.jar"), jar.toString());
        String classpath = System.getProperty("java.class.path");
        assertTrue(classpath.contains("rocksdbjni-" + LibrarySwap.projectVersion("org.rocksdb:rocksdbjni")), classpath);
        List<String> swapped = List.of(LibrarySwap.swapped(spec, classpath).split(File.pathSeparator));
        assertEquals(jar.toString(), swapped.get(0), "first, so that its classes are the ones loaded");
        assertFalse(
                swapped.stream()
                        .anyMatch(entry ->
                                entry.contains("rocksdbjni-" + LibrarySwap.projectVersion("org.rocksdb:rocksdbjni"))),
                swapped.toString());
        assertEquals(classpath.split(File.pathSeparator).length, swapped.size(), "one jar in place of the other");
    }
}
