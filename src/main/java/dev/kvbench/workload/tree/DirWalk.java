package dev.kvbench.workload.tree;

import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Workload;
import java.util.SplittableRandom;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * dirWalk, one walking thread: from the root, look up a random child at each level, decode its
 * id and descend, until a lookup finds nothing. In a tree of {@code depth} levels that is
 * {@code depth + 1} lookups, the last one (below a leaf) the only miss.
 *
 * <p>Each walk is one reader (one read transaction or snapshot), as an application resolving one
 * path would open. Every walk is verified as it goes, at no extra lookup: each id found must be
 * the one the tree gives that child ({@link DirTree#childId}), the walk must reach the leaves,
 * and the lookup below a leaf must miss. Anything else is a {@link VerificationException}.
 */
public final class DirWalk {

    private final String spec;
    private final DirTree tree;
    private final Encoding encoding;
    private final boolean allFields;
    private final SplittableRandom random;
    private final UnsafeBuffer key;
    private final UnsafeBuffer keyView = new UnsafeBuffer(0, 0);
    private final Decoder decoder = new Decoder();

    /**
     * @param spec      the store spec, for messages
     * @param allFields decode every field of a record ({@code fields=all}), not only the id
     * @param seed      this thread's seed: each thread walks its own random paths
     */
    public DirWalk(String spec, DirTree tree, Encoding encoding, boolean allFields, long seed) {
        this.spec = spec;
        this.tree = tree;
        this.encoding = encoding;
        this.allFields = allFields;
        this.random = new SplittableRandom(seed);
        this.key = new UnsafeBuffer(new byte[tree.maxKeySize()]);
    }

    /**
     * One verified walk over {@code store}.
     *
     * @return the leaf's id plus the decoder's fold of the fields read, for the benchmark to consume
     */
    public long walk(Store store) {
        long parent = 0;
        int fanout = tree.fanout();
        int depth = tree.depth();
        long fold = 0;
        try (Reader reader = store.reader()) {
            for (int level = 1; level <= depth + 1; level++) {
                int index = random.nextInt(fanout);
                keyView.wrap(key, 0, DirTree.key(parent, index, key));
                DirectBuffer value = reader.get(keyView);
                if (level > depth) {
                    if (value != null) {
                        throw wrong("a miss below the leaf " + parent, "a value of " + value.capacity() + " bytes");
                    }
                    break;
                }
                if (value == null) {
                    throw wrong(depth + " levels", "no child " + index + " of " + parent + " at level " + level);
                }
                long expected = tree.childId(parent, index);
                long id;
                try {
                    id = decoder.id(encoding, value, allFields, parent);
                } catch (RuntimeException e) {
                    throw wrong("the record of " + expected + " (" + encoding + ")", e.getMessage());
                }
                if (id != expected) {
                    throw wrong("id " + expected + " at level " + level, "id " + id);
                }
                fold += decoder.fold;
                parent = id;
            }
        }
        return parent + fold;
    }

    private VerificationException wrong(String expected, String found) {
        return new VerificationException(spec, Workload.DIR_WALK, expected, found);
    }
}
