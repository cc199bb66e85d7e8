package dev.kvbench.crash;

import java.io.PrintStream;

/**
 * A crash writer that hangs silently, for tests: {@link CrashWriter} itself, whose stdout passes its first
 * {@link #ACKS} acknowledgments and then nothing more, so that it goes on writing, then waits to be killed,
 * alive and silent, never ending.
 */
public final class SilentWriter {

    /** The acknowledgments the parent sees. */
    static final int ACKS = 3;

    private SilentWriter() {}

    public static void main(String[] args) throws InterruptedException {
        System.setOut(new PrintStream(System.out, true) {
            private int acks;

            @Override
            public void println(String line) {
                if (acks < ACKS) {
                    super.println(line);
                    acks += line.startsWith("committed ") ? 1 : 0;
                }
            }
        });
        CrashWriter.main(args);
    }
}
