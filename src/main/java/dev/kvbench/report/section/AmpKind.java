package dev.kvbench.report.section;

import dev.kvbench.report.folder.Amplification;
import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import java.util.ArrayList;
import java.util.List;

/**
 * The amplification test: per engine and sync setting, bytes written per user byte for the load and the overwrites,
 * and the store's size against its keys and values; what the counters count is said first.
 */
final class AmpKind extends SyncKind {

    AmpKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
    }

    @Override
    void write(TestRun test, Group group, String stem, List<String> specList) {
        String fs = test.meta.getOrDefault("work.fs", "unknown");
        md.paragraph("Written bytes are this JVM's I/O accounting (`/proc/self/io`: `write_bytes` less "
                + "`cancelled_write_bytes`), the engine's own threads included; each phase ends with the store's close and "
                + "a sync of the file system (" + fs
                + "), so that everything it dirtied has gone to the device. The kernel "
                + "counts a page when it becomes dirty: a page rewritten before it is written back counts once, as the "
                + "device writes it once, and a file deleted before writeback (a log after a flush, without sync) is taken "
                + "off. Where the kernel keeps a file's pages in large folios (ext4 from Linux 6.16, up to 2 MiB: see the "
                + "Kernel row), a change of any byte dirties, counts and writes back the whole folio, so an engine that "
                + "syncs scattered pages at every commit is charged for whole folios, and the device counter shows the "
                + "same bytes. It misses the file system's journal and metadata, written by the kernel's own thread. The device "
                + "counter (`/sys/block/DEV/stat`, sectors written) is the cross-check: it has the journal, but also every "
                + "other process's writes to that disk during the phase. Space amplification is the store folder's allocated "
                + "bytes (stat) over its keys and values. The null limit row keeps nothing: its figures are the harness's "
                + "own writes. JMH's time for this test is the whole trial's, not a result.");
        List<String> skipped = new ArrayList<>();
        for (String spec : specList) {
            for (String sync : group.values("sync")) {
                group.find(spec, "amp", "sync", sync)
                        .filter(r -> r.status() == Result.Status.OK)
                        .map(Amplification::of)
                        .filter(a -> a.overwritesSkipped(spec))
                        .ifPresent(a -> {
                            if (!skipped.contains(specs.label(spec))) {
                                skipped.add(specs.label(spec));
                            }
                        });
            }
        }
        if (!skipped.isEmpty()) {
            md.paragraph(
                    "**These overwrites put each key's own value again** (results recorded before 2026-11-26, without "
                            + "`amp.overwriteChanges`), and " + String.join(", ", skipped)
                            + " writes nothing for a put of the value "
                            + "a key already holds: " + (skipped.size() == 1 ? "its" : "their")
                            + " overwrite figures measure no "
                            + "overwriting, are marked in the table and left out of the sentences below. The test's overwrites "
                            + "now change every key's bytes.");
        }
        table(tables.amp(group, specList));
        md.bullets(findings.amp(group, specList));
    }
}
