package dev.kvbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host's class from {@code /proc/cpuinfo} and its caches from sysfs: two AMD EPYC guests that give the same model
 * name (Zen 4, family 25; Zen 5, family 26) are two classes, and an Intel host a third.
 */
class HostClassTest {

    /** The first processor of a Zen 4 EPYC guest; a second processor follows, as on a real host. */
    static final String ZEN4 = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            cpu family\t: 25
            model\t\t: 17
            model name\t: AMD EPYC
            stepping\t: 1
            microcode\t: 0x1000065
            cpu MHz\t\t: 2595.124
            cache size\t: 512 KB
            flags\t\t: fpu vme de pse tsc msr pae mce

            processor\t: 1
            vendor_id\t: AuthenticAMD
            cpu family\t: 25
            model\t\t: 17
            model name\t: AMD EPYC
            stepping\t: 1
            microcode\t: 0x1000065
            """;

    static final String ZEN5 = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            cpu family\t: 26
            model\t\t: 2
            model name\t: AMD EPYC
            stepping\t: 1
            microcode\t: 0xb002116
            """;

    static final String INTEL = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            cpu family\t: 6
            model\t\t: 143
            model name\t: Intel(R) Xeon(R) Platinum 8488C
            stepping\t: 8
            microcode\t: 0x2b000603
            """;

    static final String ARM = """
            processor\t: 0
            BogoMIPS\t: 243.75
            CPU implementer\t: 0x41
            CPU architecture: 8
            CPU variant\t: 0x1
            CPU part\t: 0xd0c
            CPU revision\t: 1
            """;

    @TempDir
    Path sys;

    @Test
    void twoEpycGenerationsOfOneModelNameAreTwoClasses() {
        CpuIdentity zen4 = CpuIdentity.parse(ZEN4);
        assertEquals(new CpuIdentity("AuthenticAMD", "25", "17", "1", "0x1000065"), zen4);
        assertEquals("AuthenticAMD family 25 model 17", zen4.hostClass());
        assertEquals("AuthenticAMD family 26 model 2", CpuIdentity.parse(ZEN5).hostClass());
        assertEquals(
                List.of(
                        "cpu.vendor: GenuineIntel",
                        "cpu.family: 6",
                        "cpu.modelNumber: 143",
                        "cpu.stepping: 8",
                        "cpu.microcode: 0x2b000603",
                        "host.class: GenuineIntel family 6 model 143"),
                CpuIdentity.parse(INTEL).envLines());
    }

    @Test
    void anArmHostIsNamedByImplementerAndPartAndAnEmptyCpuinfoIsUnknown() {
        CpuIdentity arm = CpuIdentity.parse(ARM);
        assertEquals("ARM implementer 0x41 family 8 model 0xd0c", arm.hostClass());
        assertEquals("0x1 r1", arm.stepping());
        CpuIdentity none = CpuIdentity.parse("");
        assertFalse(none.known());
        assertEquals("unknown", none.hostClass());
        assertTrue(none.envLines().contains("cpu.microcode: unknown"), "never an empty value");
    }

    @Test
    void cachesAreReadByLevelAndTypeAndTheInstructionCacheIsLeftOut() throws IOException {
        index(0, "1", "Data", "48K");
        index(1, "1", "Instruction", "32K");
        index(2, "2", "Unified", "1024K");
        index(3, "3", "Unified", "32768K");
        assertEquals(new Caches(48 << 10, 1 << 20, 32 << 20), Caches.read(sys));
        assertEquals(new Caches(-1, -1, -1), Caches.read(sys.resolve("absent")));
        assertEquals(8L << 20, Caches.size("8M"));
        assertEquals(-1, Caches.size("lots"));
    }

    @Test
    void theHugePageModeIsTheBracketedWord() {
        assertEquals("madvise", Caches.transparentHugePages("always [madvise] never"));
        assertEquals("never", Caches.transparentHugePages("always madvise [never]\n"));
        assertEquals("unknown", Caches.transparentHugePages(""));
    }

    private void index(int n, String level, String type, String size) throws IOException {
        Path dir = Files.createDirectories(sys.resolve("index" + n));
        Files.writeString(dir.resolve("level"), level + "\n");
        Files.writeString(dir.resolve("type"), type + "\n");
        Files.writeString(dir.resolve("size"), size + "\n");
    }
}
