package dev.kvbench.store;

import java.util.List;

/**
 * What every engine declares, held once: a subclass passes its name, label, colour and options
 * to the constructor and writes only {@link #libraryVersion()} and {@link #open}.
 */
public abstract class BaseEngine implements Engine {

    private final String name;
    private final String label;
    private final int colour;
    private final List<Option> options;

    protected BaseEngine(String name, String label, int colour, List<Option> options) {
        this.name = name;
        this.label = label;
        this.colour = colour;
        this.options = List.copyOf(options);
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
}
