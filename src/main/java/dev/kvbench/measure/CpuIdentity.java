package dev.kvbench.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which CPU this is, from the first processor of {@code /proc/cpuinfo}: vendor, family, model, stepping and
 * microcode. The model name alone does not tell hosts apart: a Zen 4 and a Zen 5 EPYC guest both call themselves
 * "AMD EPYC", and rankings within about 1.5× have flipped between them. The host class, vendor, family and model, does.
 * ARM kernels say it as implementer, part and variant; where neither is there, the class is unknown.
 *
 * @param vendor    {@code vendor_id} ("AuthenticAMD", "GenuineIntel"), or "ARM implementer 0x41"; "" if unknown
 * @param family    {@code cpu family}, or ARM's architecture; "" if unknown
 * @param model     {@code model}, or ARM's part; "" if unknown
 * @param stepping  {@code stepping}, or ARM's variant and revision; "" if unknown
 * @param microcode {@code microcode}; "" where the kernel does not say it (ARM, some guests)
 */
public record CpuIdentity(String vendor, String family, String model, String stepping, String microcode) {

    static final Path CPUINFO = Path.of("/proc/cpuinfo");

    /** This machine's, or an unknown one where /proc/cpuinfo cannot be read. */
    public static CpuIdentity read() {
        try {
            return parse(Files.readString(CPUINFO, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new CpuIdentity("", "", "", "", "");
        }
    }

    /** The identity of the first processor described in {@code cpuinfo}, the text of /proc/cpuinfo. */
    public static CpuIdentity parse(String cpuinfo) {
        Map<String, String> first = firstProcessor(cpuinfo);
        if (first.containsKey("vendor_id")) {
            return new CpuIdentity(
                    first.get("vendor_id"),
                    first.getOrDefault("cpu family", ""),
                    first.getOrDefault("model", ""),
                    first.getOrDefault("stepping", ""),
                    first.getOrDefault("microcode", ""));
        }
        if (first.containsKey("CPU implementer")) {
            String variant = first.getOrDefault("CPU variant", "");
            String revision = first.getOrDefault("CPU revision", "");
            return new CpuIdentity(
                    "ARM implementer " + first.get("CPU implementer"),
                    first.getOrDefault("CPU architecture", ""),
                    first.getOrDefault("CPU part", ""),
                    variant.isEmpty() ? revision : variant + " r" + revision,
                    "");
        }
        return new CpuIdentity("", "", "", "", "");
    }

    /** The keys of the first block of {@code cpuinfo} (up to its first blank line), first value of each kept. */
    private static Map<String, String> firstProcessor(String cpuinfo) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String line : cpuinfo.split("\n", -1)) {
            if (line.isBlank()) {
                if (!keys.isEmpty()) {
                    break;
                }
                continue;
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                keys.putIfAbsent(
                        line.substring(0, colon).trim(),
                        line.substring(colon + 1).trim());
            }
        }
        return keys;
    }

    /** Whether the vendor, family and model are known. */
    public boolean known() {
        return !vendor.isEmpty() && !family.isEmpty() && !model.isEmpty();
    }

    /**
     * "AuthenticAMD family 25 model 17": what makes two hosts one class for a comparison; "unknown" where the kernel
     * did not say.
     */
    public String hostClass() {
        return known() ? vendor + " family " + family + " model " + model : "unknown";
    }

    /** Its lines of {@code env.txt}: {@code cpu.vendor}, {@code cpu.family}... and {@code host.class}. */
    public List<String> envLines() {
        List<String> lines = new ArrayList<>();
        line(lines, "cpu.vendor", vendor);
        line(lines, "cpu.family", family);
        line(lines, "cpu.modelNumber", model);
        line(lines, "cpu.stepping", stepping);
        line(lines, "cpu.microcode", microcode);
        lines.add("host.class: " + hostClass());
        return lines;
    }

    private static void line(List<String> lines, String key, String value) {
        lines.add(key + ": " + (value.isEmpty() ? "unknown" : value));
    }
}
