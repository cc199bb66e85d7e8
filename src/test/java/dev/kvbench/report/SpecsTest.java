package dev.kvbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    void everySpecOfAnEngineHasTheEngineColour() {
        assertEquals(specs.rgb("lmdb"), specs.rgb("lmdb:sync=true"));
        assertEquals(0x1f77b4, specs.rgb("lmdb"));
    }

    @Test
    void ordersEnginesTheSameWayEverywhereDefaultsFirst() {
        assertEquals(List.of("lmdb", "lmdb:sync=true", "lmdb-bb", "leveldb", "rocksdb", "mvstore", "mapdb", "xodus", "chronicle", "newdb"),
                Stream.of("newdb", "chronicle", "xodus", "lmdb:sync=true", "mapdb", "mvstore", "rocksdb", "leveldb", "lmdb-bb", "lmdb")
                        .sorted(specs.order()).toList());
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
