package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code -p jvm=...}: every store once per JVM, as its own row. */
class JvmVariantsTest {

    @Test
    void aJdkACollectorTheRunsOwnAndKeysAreEachOneJvm() {
        assertEquals(
                List.of(
                        Map.of("jdk", "17"),
                        Map.of("collector", "ZGC"),
                        Map.of(),
                        Map.of("jdk", "25", "collector", "G1"),
                        Map.of("jdk", "25", "unsafe", "deny")),
                JvmVariants.of(List.of("quick", "-p", "jvm=17,ZGC,own,25+G1,jdk=25+unsafe=deny")));
        assertEquals(List.of(), JvmVariants.of(List.of("-p", "num=5")));
        assertEquals(List.of("-p", "num=5"), JvmVariants.without(List.of("-p", "jvm=17,25", "-p", "num=5")));
    }

    @Test
    void everyStoreTakesOneRowPerJvmAndOneThatSetsAJvmKeyIsRefused() {
        List<Map<String, String>> jvms = JvmVariants.of(List.of("-p", "jvm=17,25"));
        assertEquals(
                "lmdb:jdk=17,lmdb:jdk=25,mvstore:cacheMb=64+jdk=17,mvstore:cacheMb=64+jdk=25",
                JvmVariants.expand("lmdb,mvstore:cacheMb=64", jvms));
        UsageException own =
                assertThrows(UsageException.class, () -> JvmVariants.expand("rocksdb:jdk=25", jvms), "its own JDK");
        assertEquals(
                "-p store=rocksdb:jdk=25 sets jdk=25 itself, which -p jvm sets for each of its JVMs, so the store would"
                        + " not take one row per JVM: leave jdk out of the store (-p store=rocksdb with -p jvm gives it"
                        + " the rows rocksdb:jdk=17, rocksdb:jdk=25), or leave -p jvm out and name each row in -p store",
                own.getMessage());
        assertEquals("rocksdb:jdk=17,rocksdb:jdk=25", JvmVariants.expand("rocksdb", jvms), "the advice's rows");
        UserArgs user =
                UserArgs.of(List.of("-p", "store=rocksdb@10.10.1.1,lmdb")).withJvms(jvms);
        assertEquals(
                "rocksdb:version=10.10.1.1+jdk=17,rocksdb:version=10.10.1.1+jdk=25,lmdb:jdk=17,lmdb:jdk=25",
                user.param("store").orElseThrow());
    }

    @Test
    void aJvmNamedTwiceOrAVersionAsAJvmIsOneLine() {
        assertEquals(
                "-p jvm=17,17 names the JVM '17' twice; name each once",
                assertThrows(UsageException.class, () -> JvmVariants.of(List.of("-p", "jvm=17,17")))
                        .getMessage());
        assertEquals(
                "-p jvm=version=1: a JVM is given by jdk, collector, unsafe and jvmArgs (e.g. jdk=25+collector=ZGC); a library"
                        + " version is an engine's own: -p store=rocksdb@10.10.1.1",
                assertThrows(UsageException.class, () -> JvmVariants.of(List.of("-p", "jvm=version=1")))
                        .getMessage());
        assertEquals(
                "-p jvm=17 and -p jvm=25: give -p jvm once, its values comma-separated (-p jvm=17,25)",
                assertThrows(UsageException.class, () -> JvmVariants.of(List.of("-p", "jvm=17", "-p", "jvm=25")))
                        .getMessage());
    }

    @Test
    void theUpgradeSuiteWithoutAVariantSaysHowToGiveOne() {
        UsageException e = assertThrows(
                UsageException.class,
                () -> YcsbSuites.checkUpgradeVariants(UserArgs.of(List.of("-p", "store=rocksdb,lmdb"))));
        assertEquals(
                "the upgrade suite compares variants of an engine: give them, e.g. -p store=rocksdb@10.10.1.1,rocksdb"
                        + " (a library version), -p store=lmdb:jdk=17,lmdb:jdk=25, or -p jvm=17,25 (every engine on both JDKs);"
                        + " -p store=rocksdb,lmdb names none",
                e.getMessage());
        YcsbSuites.checkUpgradeVariants(UserArgs.of(List.of("-p", "store=rocksdb@10.10.1.1,rocksdb")));
    }
}
