package dev.kvbench.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The files under a folder that this process still holds open, read from /proc/self/fd. */
final class OpenFiles {

    private OpenFiles() {}

    static List<String> under(Path folder) throws IOException {
        Path root = folder.toRealPath();
        List<String> open = new ArrayList<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    Path target = Files.readSymbolicLink(fd);
                    if (target.startsWith(root)) {
                        open.add(target.toString());
                    }
                } catch (IOException gone) {
                    // The descriptor closed while listing: it is not open.
                }
            }
        }
        return open;
    }
}
