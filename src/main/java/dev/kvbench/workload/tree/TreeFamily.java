package dev.kvbench.workload.tree;

import dev.kvbench.trial.BaseFamily;
import dev.kvbench.workload.Workload;
import java.util.Set;

/** dirWalk, the Ozone directory-tree walk: a tree of {@code fanout} and {@code depth} ({@link TreeParams}). */
public final class TreeFamily extends BaseFamily {

    public TreeFamily() {
        super("dirWalk", Set.of(Workload.DIR_WALK), TreeParams.NAMES, TreeParams::parse);
    }

    /**
     * Every combination of dirWalk's values is a tree a trial accepts (one line for the first that is not: fanout,
     * depth, encoding, fields), and the largest, for the space check; the longest record, for the preflight.
     */
    @Override
    public Needs check(Given given) {
        given.require(TreeParams.NAMES);
        int valSize = 0;
        long space = 0;
        String what = null;
        for (String fanout : given.of("fanout")) {
            for (String depth : given.of("depth")) {
                for (String encoding : given.of("encoding")) {
                    for (String fields : given.of("fields")) {
                        for (String sync : given.of("sync")) {
                            TreeParams tree = TreeParams.parse(Given.trial(
                                    "fanout",
                                    fanout,
                                    "depth",
                                    depth,
                                    "encoding",
                                    encoding,
                                    "fields",
                                    fields,
                                    "sync",
                                    sync));
                            valSize = Math.max(valSize, tree.shape().valSize());
                            if (tree.spaceNeeded() > space) {
                                space = tree.spaceNeeded();
                                what = "the largest dirWalk tree (" + tree.describe() + ", "
                                        + tree.shape().flatBytes() + " flat bytes at most)";
                            }
                        }
                    }
                }
            }
        }
        // string keys (16 bytes) stand in for the tree's (8 + name bytes) keys
        return Needs.of(space, what, Probe.stringKeys(valSize));
    }

    @Override
    public String nothingTo(Workload workload) {
        return "a walk would stop at the root's first lookup";
    }
}
