package dev.kvbench.interleave;

import dev.kvbench.interleave.Interleaver.Settings;

/** The coordinator's side of one turn: the {@code turn} line a {@link PassServer} is sent, and its answer read. */
final class TurnRequest {

    private TurnRequest() {}

    /**
     * One turn of {@code server} ({@code ops} operations for YCSB, else the turn's rotation, which numbers a turn of a
     * fixed number of operations and whole passes ignore; a warm-up turn or a measured one): each
     * timed pass's time, ns, or null when the JVM failed, died or hung.
     */
    static long[] turn(Settings settings, EngineJvm server, long ops, boolean warmup) throws InterruptedException {
        String timed = ask(settings, server, String.valueOf(ops), warmup ? "warmup" : "measured");
        if (timed == null) {
            return null;
        }
        int warm = timed.indexOf(" warm");
        String[] parts = (warm < 0 ? timed : timed.substring(0, warm)).trim().split(" ");
        long[] nanos = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            nanos[i] = Long.parseLong(parts[i]);
        }
        return nanos;
    }

    /** One {@code turn} line of {@code kind} to {@code server}; its answer after "passes ", or null if it has none. */
    static String ask(Settings settings, EngineJvm server, String ops, String kind) throws InterruptedException {
        if (!server.send("turn " + settings.turnMillis() + " " + settings.warmMillis() + " " + ops + " " + kind)) {
            server.await(10);
            return null;
        }
        String answer = server.await(settings.timeoutSeconds());
        return answer == null || !answer.startsWith("passes ") ? null : answer.substring("passes ".length());
    }
}
