package dev.kvbench.report.section;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChartKindTest {

    @Test
    void theNamesAreTheOnesPublishedMetaFilesGive() {
        assertEquals(
                List.of(
                        "panels",
                        "settings",
                        "sweep",
                        "crash",
                        "powercut",
                        "amp",
                        "threads",
                        "concurrent",
                        "ycsb",
                        "dirWalk",
                        "scale"),
                Arrays.stream(ChartKind.values()).map(ChartKind::id).toList());
    }

    @Test
    void aKindIsFoundByItsName() {
        for (ChartKind kind : ChartKind.values()) {
            assertEquals(kind, ChartKind.named(kind.id()));
        }
    }

    @Test
    void aNameThisBuildDoesNotKnowIsDrawnAsPanels() {
        assertEquals(ChartKind.PANELS, ChartKind.named("pie"));
    }
}
