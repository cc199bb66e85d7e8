package dev.kvbench.report.section;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The report's engine-specific sentences come from the engines themselves. */
class EngineNotesTest {

    @Test
    void theEnginesThatSizeACacheFromTheDataSetNameIt() {
        assertEquals(List.of("LevelDB's cache", "RocksDB's block cache"), EngineNotes.dataSizedCaches());
        assertTrue(EngineNotes.sizesCacheFromData("rocksdb:blockCacheMb=64"));
        assertFalse(EngineNotes.sizesCacheFromData("lmdb"));
    }

    @Test
    void aSpecsPrefixOptionsAreSaidByItsEngine() {
        assertEquals(
                Optional.of("prefix extractor on (12 bytes), memtable prefix bloom on"),
                EngineNotes.engine("rocksdb:prefixBytes=12+prefixBloom=true")
                        .flatMap(e -> e.prefixOptions(Map.of("prefixBytes", "12", "prefixBloom", "true"))));
        assertEquals(Optional.empty(), EngineNotes.engine("lmdb").flatMap(e -> e.prefixOptions(Map.of())));
    }

    @Test
    void anEngineThisBuildLacksHasNoNotes() {
        assertEquals(Optional.empty(), EngineNotes.engine("nosuchdb:x=1"));
        assertFalse(EngineNotes.sizesCacheFromData("nosuchdb"));
    }

    @Test
    void theSettingsNotesAreInRegistrationOrder() {
        List<String> notes = EngineNotes.settings();
        assertEquals(2, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("LMDB (every binding)"), notes.get(0));
        assertTrue(notes.get(1).startsWith("Chronicle Map is built"), notes.get(1));
    }
}
