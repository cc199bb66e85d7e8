package dev.kvbench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spec strings: the syntax, and the one-line errors a user gets for a bad one. */
class StoreSpecTest {

    private static final Shape SHAPE = new Shape(10, 4, 10, false);

    @TempDir
    Path dir;

    @Test
    void plainEngineNameHasNoOptions() {
        assertEquals(new StoreSpec("lmdb", Map.of()), StoreSpec.parse("lmdb"));
    }

    @Test
    void optionsAreSeparatedByCommaOrPlus() {
        Map<String, String> expected = Map.of("sync", "true", "writeMap", "false");
        assertEquals(expected, StoreSpec.parse("lmdb:sync=true,writeMap=false").options());
        assertEquals(expected, StoreSpec.parse("lmdb:sync=true+writeMap=false").options());
    }

    @Test
    void unknownEngineIsRejectedListingTheValidOnes() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Stores.open("nosuchdb", dir, SHAPE));
        assertTrue(e.getMessage().startsWith("unknown engine 'nosuchdb'; valid engines: "), e.getMessage());
        for (String name : Stores.names()) {
            assertTrue(e.getMessage().contains(name), e.getMessage());
        }
    }

    @Test
    void unknownOptionIsRejectedListingTheValidOnes() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Stores.open("lmdb:turbo=true", dir, SHAPE));
        assertEquals(
                "engine 'lmdb' has no option 'turbo'; valid options: sync (default false), "
                        + "metaSync (default false), writeMap (default true), mapSizeMb (default 0), "
                        + "maxReaders (default 256), readAhead (default true), checks (default false), integerKeys (default auto)",
                e.getMessage());
    }

    @Test
    void optionOfTheWrongTypeSaysWhatItAccepts() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Stores.open("lmdb:sync=maybe", dir, SHAPE));
        assertEquals("lmdb option sync=maybe is not a boolean; use true or false", e.getMessage());
    }

    @Test
    void optionValuesAreCheckedByTypeBeforeTheStoreOpens() {
        assertEquals("rocksdb option blockCacheMb=-1 is not a whole number >= 0", rejected("rocksdb:blockCacheMb=-1"));
        assertEquals(
                "lmdb option integerKeys=yes is not valid; use auto, true or false", rejected("lmdb:integerKeys=yes"));
        assertEquals("leveldb option writeBufferMb=4096 must be at most 2047", rejected("leveldb:writeBufferMb=4096"));
        assertEquals("lmdb option mapSizeMb=lots is not a whole number >= 0", rejected("lmdb:mapSizeMb=lots"));
        assertEquals(
                "mapdb option valuesOutsideNodes=maybe is not valid; use auto, true or false",
                rejected("mapdb:valuesOutsideNodes=maybe"));
    }

    private static String rejected(String spec) {
        return assertThrows(IllegalArgumentException.class, () -> Stores.options(StoreSpec.parse(spec)))
                .getMessage();
    }

    @Test
    void malformedSpecsSayWhatTheSyntaxIs() {
        for (String bad : new String[] {"", "  ", ":sync=true", "lmdb:sync", "lmdb:=true", "lmdb:sync=true,"}) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> StoreSpec.parse(bad), "'" + bad + "'");
            assertTrue(e.getMessage().contains(StoreSpec.SYNTAX), e.getMessage());
        }
    }

    @Test
    void optionSetTwiceIsRejected() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> StoreSpec.parse("lmdb:sync=true,sync=false"));
        assertEquals("store spec 'lmdb:sync=true,sync=false' sets option 'sync' twice", e.getMessage());
    }

    @Test
    void rejectedSpecCreatesNoFolder() {
        Path folder = dir.resolve("never");
        assertThrows(IllegalArgumentException.class, () -> Stores.open("lmdb:turbo=1", folder, SHAPE));
        assertFalse(Files.exists(folder));
    }

    @Test
    void everyEngineHasALabelAndAVersion() {
        for (String name : Stores.names()) {
            Engine engine = Stores.engine(name);
            assertFalse(engine.label().isBlank(), name);
            assertFalse(engine.libraryVersion().isBlank(), name);
            assertEquals(name.toLowerCase(java.util.Locale.ROOT), name, "spec names are lowercase");
        }
    }

    @Test
    void aSpecReadsBackFromItsTextWithItsOptionsInOrder() {
        StoreSpec spec = StoreSpec.parse("lmdb:writeMap=false,sync=true");
        assertEquals("lmdb:writeMap=false+sync=true", spec.toString());
        assertEquals(spec, StoreSpec.parse(spec.toString()));
        assertEquals("lmdb", StoreSpec.parse("lmdb").toString());
        assertEquals(
                "lmdb:writeMap=false+sync=false", spec.with("sync", "false").toString());
        assertEquals(
                "lmdb:sync=true", StoreSpec.parse("lmdb").with("sync", "true").toString());
    }

    @Test
    void aVariantKeepsItsKeysApartFromTheEngineOptionsAndReadsBack() {
        StoreSpec version = StoreSpec.parse("rocksdb@10.10.1.1");
        assertEquals(Map.of(StoreSpec.VERSION, "10.10.1.1"), version.variant());
        assertEquals(Map.of(), version.options());
        assertEquals("rocksdb:version=10.10.1.1", version.toString());
        assertEquals(version, StoreSpec.parse(version.toString()));
        assertEquals(StoreSpec.parse("rocksdb"), version.base());

        StoreSpec jvm = StoreSpec.parse("lmdb:collector=ZGC+writeMap=false+jdk=25");
        assertEquals(Map.of("writeMap", "false"), jvm.options());
        assertEquals(List.of("jdk", "collector"), List.copyOf(jvm.variant().keySet()), "in the variant's own order");
        assertEquals("lmdb:writeMap=false+jdk=25+collector=ZGC", jvm.toString());
        assertTrue(jvm.isVariant());
        assertFalse(StoreSpec.parse("lmdb:writeMap=false").isVariant());
    }

    @Test
    void jvmArgsTakeTheRestOfTheSpecWithItsPlusSigns() {
        StoreSpec spec = StoreSpec.parse("mvstore:jdk=25+jvmArgs=-XX:+AlwaysPreTouch -Xmx2g");
        assertEquals("-XX:+AlwaysPreTouch -Xmx2g", spec.variant().get(StoreSpec.JVM_ARGS));
        assertEquals("25", spec.variant().get(StoreSpec.JDK));
        assertEquals(spec, StoreSpec.parse(spec.toString()));
        assertEquals(
                "-Xmx1g", StoreSpec.parse("mvstore:jvmArgs=-Xmx1g").variant().get(StoreSpec.JVM_ARGS));
    }

    @Test
    void aVersionGivenTwiceOrEmptyIsRejected() {
        assertEquals(
                "store spec 'rocksdb@1@2': '@' takes one library version, e.g. rocksdb@10.10.1.1",
                assertThrows(IllegalArgumentException.class, () -> StoreSpec.parse("rocksdb@1@2"))
                        .getMessage());
        assertEquals(
                "store spec 'rocksdb@10:version=9' sets the version twice",
                assertThrows(IllegalArgumentException.class, () -> StoreSpec.parse("rocksdb@10:version=9"))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> StoreSpec.parse("rocksdb@"));
    }

    @Test
    void theEngineNeverSeesAVariantsKeys() {
        assertEquals(
                "true",
                Stores.options(StoreSpec.parse("lmdb@0.9.1:sync=true+collector=ZGC"))
                        .string("sync"));
    }

    @Test
    void noEngineHasAnOptionNamedAsAVariantsKey() {
        for (String name : Stores.names()) {
            for (Option option : Stores.engine(name).options()) {
                assertFalse(
                        StoreSpec.VARIANT_KEYS.contains(option.name()),
                        name + "'s option " + option.name() + " would be taken for a variant's key");
            }
        }
    }
}
