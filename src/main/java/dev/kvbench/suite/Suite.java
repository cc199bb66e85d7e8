package dev.kvbench.suite;

import java.util.List;

/** A named list of tests, run in order into one results folder. */
public record Suite(String name, List<Experiment> tests) {

    public Suite {
        tests = List.copyOf(tests);
    }
}
