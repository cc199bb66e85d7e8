package dev.kvbench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The registry is the one engine list: what it says about each engine is complete, the README's
 * engine table agrees with it, and a test-only engine ({@code treemap}, registered only by
 * {@code src/test/resources/META-INF/services}) is tested like any other.
 */
class RegistryTest {

    private static final Path MAIN_SERVICES = Path.of("src/main/resources/META-INF/services/" + Engine.class.getName());

    /** The engines the main build registers (the test-only ones left out). */
    static List<Engine> mainEngines() throws IOException {
        List<String> classes = Files.readAllLines(MAIN_SERVICES).stream()
                .map(String::trim)
                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .toList();
        return Stores.engines().stream()
                .filter(engine -> classes.contains(engine.getClass().getName()))
                .toList();
    }

    @Test
    void aTestOnlyEngineIsRegisteredByItsServicesFileAlone() throws IOException {
        assertTrue(Stores.names().contains("treemap"), Stores.names().toString());
        assertFalse(mainEngines().stream().anyMatch(engine -> engine.name().equals("treemap")));
    }

    @Test
    void theConformanceSuiteRunsOverEveryRegisteredEngine() {
        assumeTrue(System.getProperty("kvbench.test.specs", "").isBlank(), "narrowed by -Dkvbench.test.specs");
        List<String> specs = StoreConformanceTest.specs().toList();
        assertTrue(specs.containsAll(Stores.names()), specs.toString());
        assertTrue(specs.contains("treemap"), specs.toString());
    }

    @Test
    void everyEngineHasItsOwnColourAndAVersionReadFromItsLibrary() {
        Set<Integer> colours = new HashSet<>();
        for (Engine engine : Stores.engines()) {
            assertTrue(colours.add(engine.colour()), engine.name() + " shares its colour");
            assertTrue(engine.colour() >= 0 && engine.colour() <= 0xffffff, engine.name());
            assertFalse(engine.libraryVersion().equals("unknown"), engine.name() + " has no readable version");
        }
    }

    @Test
    void everyBindingNamesARegisteredEngineThatIsNotItselfABinding() {
        for (Engine engine : Stores.engines()) {
            engine.bindingOf().ifPresent(of -> {
                assertTrue(
                        Stores.names().contains(of),
                        engine.name() + " is a binding of '" + of + "', which is not registered");
                assertFalse(of.equals(engine.name()), engine.name() + " is a binding of itself");
                assertTrue(
                        Stores.engine(of).bindingOf().isEmpty(),
                        engine.name() + " is a binding of " + of + ", which is itself a binding of "
                                + Stores.engine(of).bindingOf());
                assertFalse(
                        engine.isReference() || Stores.engine(of).isReference(),
                        engine.name() + ": a limit row has no bindings");
            });
        }
    }

    @Test
    void theSecondBindingsOfTheMainBuildAreThoseOfLmdbAndLevelDb() throws IOException {
        Map<String, String> bindings = new TreeMap<>();
        mainEngines().forEach(engine -> engine.bindingOf().ifPresent(of -> bindings.put(engine.name(), of)));
        assertEquals(
                Map.of("lmdb-bb", "lmdb", "lmdb-lwjgl", "lmdb", "lmdbjni", "lmdb", "leveldb-java", "leveldb"),
                bindings);
    }

    @Test
    void everyOptionHasADescriptionAndAValidDefault() {
        for (Engine engine : Stores.engines()) {
            for (Option option : engine.options()) {
                assertFalse(option.description().isBlank(), engine.name() + " " + option.name());
                option.check(engine.name(), option.defaultValue());
            }
        }
    }

    @Test
    void theReadmeTableListsEveryEngineOfTheMainBuildWithItsOptions() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        String table = readme.substring(readme.indexOf("## Engines"), readme.indexOf("## Adding an engine"));
        List<String> rows = table.lines().filter(line -> line.startsWith("| `")).toList();
        List<Engine> engines = mainEngines();
        assertEquals(engines.size(), rows.size(), "one README row per engine of the main build:\n" + table);
        for (Engine engine : engines) {
            Optional<String> row = rows.stream()
                    .filter(r -> r.startsWith("| `" + engine.name() + "` |"))
                    .findFirst();
            assertTrue(row.isPresent(), engine.name() + " is registered but has no row in README.md's engine table");
            for (Option option : engine.options()) {
                String documented = "`" + option.name() + "` (" + option.defaultValue();
                assertTrue(row.get().contains(documented), "README.md's " + engine.name() + " row lacks " + documented);
            }
        }
    }
}
