package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.RunKey;
import dev.kvbench.text.Numbers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * kvbench's storage figures beside the 2016 LmdbJava report's storage tables (tests 4 to 6), with
 * the reason for every difference beyond {@value #EXPLAIN_POINTS} percentage point.
 *
 * <p>The 2016 figures are transcribed from the reference document into
 * {@code reference/lmdbjava-2016-storage.tsv}; the reasons, each checked on this project's machine
 * or marked "not investigated", are in {@code reference/lmdbjava-2016-storage-notes.tsv}, one per
 * implementation label. A difference beyond the threshold with no reason on file is printed as
 * "not explained", never hidden.
 *
 * <p>Overhead percentages are compared, not bytes: kvbench scales the 2016 entry counts to the
 * machine, and the overhead against the flat array is what stays comparable. Only data sets the
 * 2016 tables describe are compared: random-order int keys with 100, 2,026, 4,080, 8,176 or 16,368
 * byte values, at least {@link #MIN_FLAT_BYTES} flat bytes, and only engines run with their default
 * options (labels match the 2016 report's).
 */
final class StorageReference {

    /** Differences up to this many percentage points need no reason. */
    static final double EXPLAIN_POINTS = 1.0;
    /**
     * The smallest data set compared, in flat bytes: 2016's tables are of 104 MB and more; in
     * smaller stores fixed and per-node costs weigh more (MapDB takes 31% at 100,000 × 100 B
     * against 13.93% at 1M, as in 2016), so the comparison would blame the engine for the size.
     */
    static final long MIN_FLAT_BYTES = 100_000_000;

    private static final String FIGURES = "/reference/lmdbjava-2016-storage.tsv";
    private static final String NOTES = "/reference/lmdbjava-2016-storage-notes.tsv";

    /** 2016 overhead %, by value size, then by label. */
    private final Map<String, Map<String, Double>> overheads = new LinkedHashMap<>();

    private final Map<String, String> reasons = new LinkedHashMap<>();

    private StorageReference() {
        for (String[] row : rows(FIGURES, 4)) {
            overheads
                    .computeIfAbsent(row[0], k -> new LinkedHashMap<>())
                    .putIfAbsent(row[1], Double.parseDouble(row[3]));
        }
        for (String[] row : rows(NOTES, 2)) {
            reasons.put(row[0], row[1]);
        }
    }

    private static final StorageReference INSTANCE = new StorageReference();

    static StorageReference load() {
        return INSTANCE;
    }

    /** The 2016 overhead % of {@code label} for this group's data set, if 2016 has one. */
    Optional<Double> overhead(Group group, String label) {
        return table(group).map(t -> t.get(label));
    }

    /**
     * The comparison table for this group: one row per engine that 2016 measured on the same
     * kind of data set, or empty when 2016 has no table for it.
     */
    Optional<Tables.Table> compare(Group group, List<Tables.StorageRow> rows) {
        Optional<Map<String, Double>> table = table(group);
        if (table.isEmpty()) {
            return Optional.empty();
        }
        List<List<String>> cells = new ArrayList<>();
        for (Tables.StorageRow row : rows) {
            Double then = table.get().get(row.label());
            if (then == null || Double.isNaN(row.overheadPercent())) {
                continue;
            }
            double difference = row.overheadPercent() - then;
            cells.add(List.of(
                    row.label(),
                    Numbers.percent(row.overheadPercent()),
                    Numbers.percent(then),
                    signed(difference),
                    reason(row.label(), difference)));
        }
        if (cells.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Tables.Table(
                List.of("Implementation", "Overhead % (kvbench)", "Overhead % (2016)", "Difference (points)", "Why"),
                cells));
    }

    /** The reason on file; within the threshold none is needed, beyond it a missing one is flagged. */
    String reason(String label, double difference) {
        String reason = reasons.get(label);
        if (Math.abs(difference) <= EXPLAIN_POINTS) {
            return "Within " + (int) EXPLAIN_POINTS + " point.";
        }
        return reason == null ? "**Not explained.**" : reason;
    }

    private Optional<Map<String, Double>> table(Group group) {
        RunKey key = group.first();
        if (!"true".equals(key.param("intKey"))
                || !"false".equals(key.param("sequential"))
                || !(Group.flatBytes(group.results().get(0)) >= MIN_FLAT_BYTES)) {
            return Optional.empty();
        }
        return Optional.ofNullable(overheads.get(key.param("valSize")));
    }

    private static String signed(double points) {
        String number = Numbers.percent(Math.abs(points));
        return points > 0 ? "+" + number : points < 0 ? "−" + number : number;
    }

    private static List<String[]> rows(String resource, int columns) {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = StorageReference.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] row = line.split("\t");
                if (row.length != columns) {
                    throw new IllegalStateException(
                            resource + ": expected " + columns + " tab-separated columns in: " + line);
                }
                rows.add(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }
}
