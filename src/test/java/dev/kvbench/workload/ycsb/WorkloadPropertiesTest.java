package dev.kvbench.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadPropertiesTest {

    @TempDir
    Path dir;

    @Test
    void anEditorsByteOrderMarkIsNotPartOfTheFirstPropertysName() throws IOException {
        Path file = dir.resolve("bom");
        Files.write(
                file, "\uFEFFrecordcount=123\noperationcount=10\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(123, WorkloadProperties.read(file, Map.of()).recordCount());
    }

    @Test
    void aFileThatSetsNothingOrIsAFolderIsRefusedInOneLine() throws IOException {
        Path empty = dir.resolve("empty");
        Files.writeString(empty, "# only a comment\n\n");
        WorkloadFileException e =
                assertThrows(WorkloadFileException.class, () -> WorkloadProperties.read(empty, Map.of()));
        assertTrue(
                e.getMessage().startsWith("workload file " + empty + " sets no property (it is empty or all comments)"),
                e.getMessage());
        e = assertThrows(WorkloadFileException.class, () -> WorkloadProperties.read(dir, Map.of()));
        assertTrue(e.getMessage().startsWith("workload file " + dir + " is a folder"), e.getMessage());
    }

    @Test
    void readsYcsbsWorkloadFileUnchanged() throws IOException {
        Path file = dir.resolve("workloade");
        Files.writeString(file, """
                # Yahoo! Cloud System Benchmark
                # Workload E: Short ranges
                recordcount=1000
                operationcount=1000
                workload=site.ycsb.workloads.CoreWorkload

                readallfields=true

                readproportion=0
                updateproportion=0
                scanproportion=0.95
                insertproportion=0.05

                requestdistribution=zipfian

                maxscanlength=100

                scanlengthdistribution=uniform
                """);
        WorkloadProperties p = WorkloadProperties.read(file, Map.of());
        assertEquals(1000, p.recordCount());
        assertEquals(0.95, p.proportion(Op.SCAN));
        assertEquals("zipfian", p.requestDistribution());
        assertEquals(100, p.maxScanLength());
        assertTrue(p.scans());
        assertEquals(new ValueLength(10, "constant", 1, 100, 0.99), p.valueLength());
        assertEquals("100", p.inForce().get("maxscanlength"));
        assertEquals("10", p.inForce().get("fieldcount"));
    }

    @Test
    void defaultsAreYcsbs() {
        WorkloadProperties p = WorkloadProperties.of(Map.of());
        assertEquals(0.95, p.proportion(Op.READ));
        assertEquals(0.05, p.proportion(Op.UPDATE));
        assertEquals("uniform", p.requestDistribution());
        assertEquals(0.99, p.zipfianConstant());
        assertEquals(0.2, p.hotspotDataFraction());
        assertEquals(0.8, p.hotspotOpnFraction());
        assertFalse(p.orderedInserts());
        assertEquals(1000, p.maxScanLength());
        assertEquals(1000, p.valueLength().maxRecord());
        assertEquals(1, p.threadCount());
    }

    @Test
    void overridesWinOverTheFile() {
        WorkloadProperties p = WorkloadProperties.of(
                Presets.load("workloada"),
                Map.of("recordcount", "5000", "requestdistribution", "uniform"),
                "workloada");
        assertEquals(5000, p.recordCount());
        assertEquals("uniform", p.requestDistribution());
    }

    @Test
    void everyPresetIsValidAndHasYcsbsNumbers() {
        for (String name : Presets.NAMES) {
            WorkloadProperties p = WorkloadProperties.of(Presets.load(name), Map.of(), name);
            assertEquals(1000, p.recordCount(), name);
        }
        assertEquals("latest", Presets.resolve("d", Map.of()).requestDistribution());
        assertEquals(0.5, Presets.resolve("workloadf", Map.of()).proportion(Op.READMODIFYWRITE));
    }

    @Test
    void anUnknownPropertyNamesTheNearestKnownOne() {
        WorkloadFileException e = assertThrows(
                WorkloadFileException.class,
                () -> WorkloadProperties.of(Map.of("readproprtion", "1", "updateproportion", "0")));
        assertEquals(
                "unknown property 'readproprtion' in -p; did you mean 'readproportion'? (YCSB would ignore it"
                        + " silently)",
                e.getMessage());
    }

    @Test
    void proportionsThatDoNotAddUpToOneAreNamedWithTheirOrigin() {
        WorkloadFileException e = assertThrows(
                WorkloadFileException.class,
                () -> WorkloadProperties.of(Map.of("readproportion", "0.5", "insertproportion", "0.5")));
        assertEquals(
                "the proportions in -p add up to 1.05000, not 1: readproportion=0.5 + updateproportion=0.05"
                        + " (YCSB's default) + insertproportion=0.5; set them so that they add up to 1",
                e.getMessage());
    }

    @Test
    void anUnknownDistributionListsTheValidOnes() {
        WorkloadFileException e = assertThrows(
                WorkloadFileException.class, () -> WorkloadProperties.of(Map.of("requestdistribution", "zipf")));
        assertEquals(
                "requestdistribution=zipf in -p is not one kvbench knows; valid: uniform, zipfian, latest,"
                        + " hotspot, sequential, exponential (nearest: zipfian)",
                e.getMessage());
    }

    @Test
    void badNumbersAndShapesAreOneLineEach() {
        Map<String, String> bad = new LinkedHashMap<>();
        bad.put("recordcount", "lots");
        bad.put("threadcount", "0");
        bad.put("zipfianconstant", "x");
        bad.put("readallfields", "yes");
        bad.put("keysize", "4");
        bad.put("workload", "site.ycsb.workloads.TimeSeriesWorkload");
        bad.forEach((name, value) -> {
            Map<String, String> one = new LinkedHashMap<>();
            one.put(name, value);
            if (name.equals("keysize")) {
                one.put("keyformat", "binary");
            }
            WorkloadFileException e = assertThrows(WorkloadFileException.class, () -> WorkloadProperties.of(one), name);
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            assertTrue(e.getMessage().contains(name), e.getMessage());
        });
        assertThrows(
                WorkloadFileException.class,
                () -> WorkloadProperties.of(
                        Map.of("valuelength", "100", "minvaluelength", "8", "valuelengthdistribution", "uniform")),
                "a value too short for the header");
        assertEquals(
                16,
                WorkloadProperties.of(Map.of("fieldcount", "1", "fieldlength", "8"))
                        .valueLength()
                        .minRecord(),
                "a YCSB record shorter than the header is stored as the header");
    }

    @Test
    void knownYcsbPropertiesWithoutEffectAreAcceptedAndListed() {
        WorkloadProperties p = WorkloadProperties.of(Map.of("measurementtype", "hdrhistogram", "table", "t"));
        assertEquals(2, p.ignored().size());
        assertFalse(p.inForce().containsKey("measurementtype"));
    }

    @Test
    void aMissingFileNamesThePresets() {
        WorkloadFileException e = assertThrows(
                WorkloadFileException.class,
                () -> Presets.resolve(dir.resolve("nope").toString(), Map.of()));
        assertTrue(e.getMessage().contains("workloada"), e.getMessage());
    }
}
