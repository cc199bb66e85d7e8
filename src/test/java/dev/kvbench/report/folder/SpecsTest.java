package dev.kvbench.report.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SpecsTest {

    private final Specs specs = new Specs(Map.of("engine.lmdb.label", "LMDB DB", "engine.rocksdb.label", "RocksDB"));

    @Test
    void labelsShowTheOptionsOfASpec() {
        assertEquals("LMDB DB", specs.label("lmdb"));
        assertEquals("LMDB DB (sync)", specs.label("lmdb:sync=true"));
        assertEquals("LMDB DB (no writeMap)", specs.label("lmdb:writeMap=false"));
        assertEquals("RocksDB (blockCacheMb=64)", specs.label("rocksdb:blockCacheMb=64"));
        assertEquals("LMDB DB (metaSync, sync)", specs.label("lmdb:sync=true+metaSync=true"));
    }

    @Test
    void labelsSayAVariantsLibraryVersionAndJvmInWords() {
        Specs named = new Specs(Map.of(
                "engine.lmdb.label",
                "LMDB DB",
                "engine.rocksdb.label",
                "RocksDB",
                "engine.mvstore.label",
                "MVStore",
                "engine.chronicle.label",
                "Chronicle Map"));
        assertEquals("RocksDB 10.10.1.1", named.label("rocksdb:version=10.10.1.1"));
        assertEquals(
                "RocksDB 10.10.1.1", named.label("rocksdb@10.10.1.1"), "the short form of a version is the same spec");
        assertEquals("LMDB DB (JDK 25)", named.label("lmdb:jdk=25"));
        assertEquals("MVStore (ZGC)", named.label("mvstore:collector=ZGC"));
        assertEquals("MVStore (G1 GC)", named.label("mvstore:collector=G1"), "a collector's bare name says it is one");
        assertEquals("Chronicle Map (JDK 25, Unsafe deny)", named.label("chronicle:jdk=25+unsafe=deny"));
        assertEquals("LMDB DB (JDK 25, ZGC, -Xmx2g)", named.label("lmdb:jdk=25+collector=ZGC+jvmArgs=-Xmx2g"));
        assertEquals(
                "LMDB DB (no writeMap, JDK 25, ZGC)",
                named.label("lmdb:writeMap=false+jdk=25+collector=ZGC"),
                "engine options first, as they are shown without a variant");
        assertEquals(
                "RocksDB 10.10.1.1 (blockCacheMb=64, JDK 25)", named.label("rocksdb@10.10.1.1:blockCacheMb=64+jdk=25"));
        assertEquals(
                "LMDB DB (java-25-openjdk-amd64)",
                named.label("lmdb:jdk=/usr/lib/jvm/java-25-openjdk-amd64/"),
                "a JDK folder by its own name");
        assertEquals("LMDB DB (-XX:+AlwaysPreTouch -Xmx2g)", named.label("lmdb:jvmArgs=-XX:+AlwaysPreTouch -Xmx2g"));
    }

    @Test
    void aVariantBelongsToItsEngineAndComesAfterItsDefaults() {
        assertEquals("rocksdb", Specs.engine("rocksdb:version=10.10.1.1"));
        assertEquals("lmdb", Specs.engine("lmdb:jvmArgs=-XX:+AlwaysPreTouch -Xmx2g"));
        assertEquals(Map.of("writeMap", "false"), Specs.options("lmdb:writeMap=false+jdk=25"));
        assertTrue(Specs.isVariant("lmdb:jdk=25") && !Specs.hasOptions("lmdb:jdk=25"));
        assertEquals(
                List.of("lmdb", "lmdb:jdk=25", "lmdb:sync=true", "rocksdb", "rocksdb:version=10.10.1.1"),
                Stream.of("rocksdb:version=10.10.1.1", "lmdb:sync=true", "rocksdb", "lmdb:jdk=25", "lmdb")
                        .sorted(specs.order())
                        .toList());
    }

    @Test
    void variantsOfOneEngineTakeShadesOfItsColourThatDifferFromEachOther() {
        List<String> run = List.of("lmdb", "lmdb:jdk=17", "lmdb:jdk=25", "lmdb:writeMap=false+jdk=25", "rocksdb");
        Specs shaded = new Specs(Map.of(), run);
        int lmdb = shaded.rgb("lmdb");
        int jdk17 = shaded.rgb("lmdb:jdk=17");
        int jdk25 = shaded.rgb("lmdb:jdk=25");
        assertEquals(0x1f77b4, lmdb, "the run's own library and JVM keep the engine's colour");
        assertNotEquals(lmdb, jdk17);
        assertNotEquals(lmdb, jdk25);
        assertNotEquals(jdk17, jdk25);
        assertTrue(
                (between(jdk17, lmdb, 0x000000) && between(jdk25, lmdb, 0xffffff))
                        || (between(jdk17, lmdb, 0xffffff) && between(jdk25, lmdb, 0x000000)),
                Integer.toHexString(jdk17) + " " + Integer.toHexString(jdk25));
        assertEquals(jdk25, shaded.rgb("lmdb:writeMap=false+jdk=25"), "one JVM, one shade; the options hatch the bar");
        assertEquals(
                jdk25,
                new Specs(Map.of(), List.of("lmdb:jdk=25", "rocksdb", "lmdb:jdk=17")).rgb("lmdb:jdk=25"),
                "the same run in another order gives the same shades");
        assertEquals(jdk25, new Specs(Map.of(), run).rgb("lmdb:jdk=25"));
    }

    /** Whether every channel of {@code shade} lies between the engine's colour and {@code toward}, and one moved. */
    private static boolean between(int shade, int colour, int toward) {
        boolean moved = false;
        for (int shift = 16; shift >= 0; shift -= 8) {
            int s = (shade >> shift) & 0xff;
            int c = (colour >> shift) & 0xff;
            int t = (toward >> shift) & 0xff;
            if (s < Math.min(c, t) || s > Math.max(c, t)) {
                return false;
            }
            moved |= s != c;
        }
        return moved;
    }

    @Test
    void everySpecOfAnEngineHasTheEngineColour() {
        assertEquals(specs.rgb("lmdb"), specs.rgb("lmdb:sync=true"));
        assertEquals(0x1f77b4, specs.rgb("lmdb"));
    }

    @Test
    void ordersEnginesTheSameWayEverywhereDefaultsFirst() {
        assertEquals(
                List.of(
                        "lmdb",
                        "lmdb:sync=true",
                        "lmdb-bb",
                        "leveldb",
                        "rocksdb",
                        "mvstore",
                        "mapdb",
                        "xodus",
                        "chronicle",
                        "newdb"),
                Stream.of(
                                "newdb",
                                "chronicle",
                                "xodus",
                                "lmdb:sync=true",
                                "mapdb",
                                "mvstore",
                                "rocksdb",
                                "leveldb",
                                "lmdb-bb",
                                "lmdb")
                        .sorted(specs.order())
                        .toList());
    }

    @Test
    void aRegisteredEngineBringsItsOwnLabelAndColour() {
        // treemap is registered by src/test/resources/META-INF/services only: no list names it
        Specs unrecorded = new Specs(Map.of());
        assertEquals("TreeMap", unrecorded.label("treemap"));
        assertEquals(0x3b7a57, unrecorded.rgb("treemap"));
        assertEquals(0x3b7a57, unrecorded.rgb("treemap:any=1"));
    }

    @Test
    void anEngineNoLongerRegisteredIsShownByItsRecordedLabelOrSpecNameInGrey() {
        assertEquals("gonedb", specs.label("gonedb"));
        assertEquals("Gone DB", new Specs(Map.of("engine.gonedb.label", "Gone DB")).label("gonedb"));
        assertEquals(Specs.UNREGISTERED, specs.rgb("gonedb"));
        assertEquals(Specs.UNREGISTERED, specs.rgb("gonedb:sync=true"));
    }
}
