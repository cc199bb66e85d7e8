package dev.kvbench.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kvbench.store.StoreSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchParamsTest {

    static Map<String, String> defaults() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("store", "lmdb");
        params.put("num", "1000");
        params.put("intKey", "true");
        params.put("sequential", "true");
        params.put("valSize", "100");
        params.put("valRandom", "false");
        params.put("batchSize", "1000000");
        params.put("sync", "false");
        return params;
    }

    private static String error(String name, String value) {
        Map<String, String> params = defaults();
        params.put(name, value);
        return assertThrows(RuntimeException.class, () -> BenchParams.parse(params))
                .getMessage();
    }

    @Test
    void badValuesAreOneLineThatNamesTheParameter() {
        assertEquals("num=0: num must be a whole number above 0", error("num", "0"));
        assertEquals("num=ten is not a whole number (at most 2147483647)", error("num", "ten"));
        assertEquals("valSize must be >= 4 (a value holds at least its key as an int), was 3", error("valSize", "3"));
        assertEquals("batchSize=-1: batchSize must be a whole number above 0", error("batchSize", "-1"));
        assertEquals("intKey=yes is not true or false", error("intKey", "yes"));
        assertEquals(
                "engine 'lmdb' has no option 'fast'; valid options: sync (default false), metaSync (default false),"
                        + " writeMap (default true), mapSizeMb (default 0), maxReaders (default 256), readAhead (default true),"
                        + " checks (default false), integerKeys (default auto)",
                error("store", "lmdb:fast=1"));
        assertEquals(true, error("store", "nosuchdb").startsWith("unknown engine 'nosuchdb'; valid engines: "));
    }

    @Test
    void theSyncParameterFillsTheEnginesSyncOptionUnlessTheSpecSetsIt() {
        assertEquals("lmdb:sync=false", effective("lmdb", false));
        assertEquals("lmdb:writeMap=false+sync=true", effective("lmdb:writeMap=false", true));
        assertEquals("lmdb:sync=true", effective("lmdb:sync=true", false));
    }

    @Test
    void anEngineWithoutSyncRunsWithoutItAndCannotBeAskedToSync() {
        assertEquals("chronicle", effective("chronicle", false));
        assertEquals(
                "chronicle has no sync option",
                assertThrows(UnsupportedOperationException.class, () -> effective("chronicle", true))
                        .getMessage());
    }

    private static String effective(String store, boolean sync) {
        return BenchParams.effectiveSpec(StoreSpec.parse(store), sync).toString();
    }

    @Test
    void parsedValuesMakeTheDataSet() {
        BenchParams params = BenchParams.parse(defaults());
        assertEquals(1000, params.data().num());
        assertEquals(4, params.data().keySize());
        assertEquals(104_000, params.data().flatBytes());
        assertEquals("lmdb", params.engine());
    }
}
