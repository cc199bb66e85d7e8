package dev.kvbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.VariantLine;
import dev.kvbench.store.BuildFacts;
import dev.kvbench.store.StoreSpec;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The preflight of variants, in real JVMs of their own: each says what it is (library, JDK, collector), and one that
 * cannot run the adapter is refused with the reason while the others pass. Resolves rocksdbjni 10.10.1.1 and 5.18.4
 * with Maven (from the local repository once they are there).
 */
class VariantPreflightTest {

    @TempDir
    Path scratch;

    private ForkedPreflight preflight() {
        List<String> flags = Arrays.asList(BuildFacts.jvmFlags().trim().split("\\s+"));
        return new ForkedPreflight(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), flags, scratch, 120);
    }

    private static Set<Preflight.Check> checks(String... stores) {
        Set<Preflight.Check> checks = new LinkedHashSet<>();
        for (String store : stores) {
            checks.add(new Preflight.Check(store, StoreSpec.parse(store), 100, true, 100));
        }
        return checks;
    }

    @Test
    void aVersionVariantRunsTheLibraryItNamesBesideTheProjectsOwn() {
        ForkedPreflight preflight = preflight();
        Map<Preflight.Check, ?> passed = preflight.check(checks("rocksdb", "rocksdb:version=10.10.1.1"));
        assertEquals(2, passed.size(), preflight.refused().toString());
        Map<String, Map<String, String>> facts = preflight.facts();
        assertTrue(
                facts.get("rocksdb:version=10.10.1.1").get(VariantLine.LIBRARY).startsWith("10.10.1"),
                facts.toString());
        assertTrue(
                facts.get("rocksdb")
                        .get(VariantLine.LIBRARY)
                        .startsWith(BuildFacts.get("library.org.rocksdb:rocksdbjni")),
                facts.toString());
    }

    @Test
    void aVersionTheAdapterCannotRunIsRefusedWithWhatItLacks() {
        ForkedPreflight preflight = preflight();
        Map<Preflight.Check, ?> passed = preflight.check(checks("lmdb", "rocksdb:version=5.18.4"));
        assertEquals(1, passed.size(), "the other store passes");
        String reason = preflight.refused().get(StoreSpec.parse("rocksdb@5.18.4"));
        assertTrue(reason.startsWith("the adapter calls 'void org.rocksdb.BloomFilter.<init>(double)' (in "), reason);
        assertTrue(reason.endsWith(", which rocksdb 5.18.4 lacks"), reason);
    }

    @Test
    void aJvmVariantsJdkAndCollectorReachItsJvm() {
        ForkedPreflight preflight = preflight();
        preflight.check(checks("heap:collector=Serial", "heap:jdk=25+collector=ZGC"));
        Map<String, String> serial = preflight.facts().get("heap:collector=Serial");
        assertTrue(serial.get(VariantLine.GC).contains("MarkSweepCompact"), serial.toString());
        assertEquals("-XX:+UseSerialGC", serial.get(VariantLine.FLAGS));
        Map<String, String> zgc = preflight.facts().get("heap:jdk=25+collector=ZGC");
        assertTrue(zgc.get(VariantLine.JAVA).startsWith("25"), zgc.toString());
        assertTrue(zgc.get(VariantLine.GC).contains("ZGC"), zgc.toString());
    }

    @Test
    void anEngineThatNeedsUnsafeIsRefusedUnderDenyWithTheCallItMade() {
        ForkedPreflight preflight = preflight();
        Map<Preflight.Check, ?> passed =
                preflight.check(checks("heap:jdk=25+unsafe=deny", "chronicle:jdk=25+unsafe=deny"));
        String reason = preflight.refused().get(StoreSpec.parse("chronicle:jdk=25+unsafe=deny"));
        assertTrue(
                reason.startsWith("sun.misc.Unsafe's memory access is denied, and the engine's library calls Unsafe."),
                reason);
        assertEquals(1, passed.size(), "the heap store, which needs no Unsafe, runs: " + preflight.refused());
    }
}
