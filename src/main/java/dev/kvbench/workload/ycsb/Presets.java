package dev.kvbench.workload.ycsb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * YCSB's core workloads A-F, shipped as kvbench's own files ({@code src/main/resources/ycsb/}) with
 * the same numbers as YCSB's {@code workloads/workloada} ... {@code workloadf}. A workload
 * argument that names no file but a preset ({@code workloada}, or just {@code a}) is the preset.
 */
public final class Presets {

    public static final List<String> NAMES =
            List.of("workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf");

    private Presets() {}

    /** The preset {@code name} ({@code workloada} or {@code a}), or null when it is none. */
    public static String presetName(String name) {
        String full = name.length() == 1 ? "workload" + name.toLowerCase(Locale.ROOT) : name.toLowerCase(Locale.ROOT);
        return NAMES.contains(full) ? full : null;
    }

    /**
     * The workload {@code argument} names: a file when one exists there, else a preset; overrides
     * on top.
     */
    public static WorkloadProperties resolve(String argument, Map<String, String> overrides) {
        Path file = Path.of(argument);
        String preset = presetName(argument);
        if (java.nio.file.Files.isRegularFile(file) || preset == null) {
            return WorkloadProperties.read(file, overrides);
        }
        return WorkloadProperties.of(load(preset), overrides, preset);
    }

    /** The properties of preset {@code name} ({@code workloada} ...). */
    public static Properties load(String name) {
        Properties properties = new Properties();
        try (InputStream in = Presets.class.getResourceAsStream("/ycsb/" + name)) {
            if (in == null) {
                throw new IllegalStateException("preset " + name + " missing from the jar");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }
}
