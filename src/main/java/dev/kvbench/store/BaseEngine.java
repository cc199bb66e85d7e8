package dev.kvbench.store;

import java.util.List;
import java.util.Map;

/**
 * What every engine declares, held once: a subclass passes its name, label, colour and options
 * (and, where one option decides it, its {@link DurabilityPromise}) to the constructor and writes
 * only {@link #libraryVersion()} and {@link #open}.
 */
public abstract class BaseEngine implements Engine {

    private final String name;
    private final String label;
    private final int colour;
    private final List<Option> options;
    private final DurabilityPromise promise;

    protected BaseEngine(String name, String label, int colour, List<Option> options) {
        this(name, label, colour, options, null);
    }

    /** An engine whose durability promise {@code promise} decides by one of its options. */
    protected BaseEngine(String name, String label, int colour, List<Option> options, DurabilityPromise promise) {
        this.name = name;
        this.label = label;
        this.colour = colour;
        this.options = List.copyOf(options);
        this.promise = promise;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String label() {
        return label;
    }

    @Override
    public final int colour() {
        return colour;
    }

    @Override
    public final List<Option> options() {
        return options;
    }

    /** The constructor's {@link DurabilityPromise} for {@code options}, else the engine's own (an override) or none. */
    @Override
    public String durabilityPromise(Map<String, String> options) {
        return promise != null ? promise.of(options) : Engine.super.durabilityPromise(options);
    }
}
