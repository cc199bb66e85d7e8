package dev.kvbench.store;

import java.util.List;

/**
 * What the limit rows ({@code array}, {@code heap}, {@code null}) declare alike: each is a
 * {@link #isReference() reference}, drawn in every chart and never ranked, built on the JDK alone
 * (its version is the library version), with no options.
 */
public abstract class LimitEngine extends BaseEngine {

    protected LimitEngine(String name, String label, int colour) {
        super(name, label, colour, List.of());
    }

    @Override
    public final boolean isReference() {
        return true;
    }

    @Override
    public final String libraryVersion() {
        return "JDK " + Runtime.version();
    }
}
