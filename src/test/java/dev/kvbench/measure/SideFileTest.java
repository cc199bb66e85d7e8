package dev.kvbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SideFileTest {

    @TempDir
    Path dir;

    @Test
    void theSideFileSitsBesideTheResultFileWithTheSameStem() {
        assertEquals(dir.resolve("out-4.side.jsonl"), SideFile.besideResult(dir.resolve("out-4.csv").toString()));
        assertEquals(Path.of("kvbench-side.jsonl").toAbsolutePath(), SideFile.besideResult(null));
    }

    @Test
    void eachRecordIsOneLineOfJsonThatReadsBack() throws IOException {
        SideFile side = new SideFile(dir.resolve("out.side.jsonl"));
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("storage.afterCloseBytes", 171_601_920L);
        metrics.put("cpu.backgroundMs", 12.5);
        metrics.put("verify.checksum", null);
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("benchmark", "dev.kvbench.bench.ReadKeyBenchmark.readKey");
        record.put("params", Map.of("store", "lmdb:sync=true+metaSync=true"));
        record.put("status", "failed");
        record.put("reason", "a \"quoted\"\tline\\");
        record.put("metrics", metrics);
        side.append(record);
        side.append(Map.of("status", "ok"));
        List<String> lines = Files.readAllLines(side.path());
        assertEquals(2, lines.size());
        assertEquals(record, Json.parse(lines.get(0)));
        assertEquals(Map.of("status", "ok"), Json.parse(lines.get(1)));
    }
}
