package dev.kvbench.trial;

import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;

/** The parameter values of a JMH trial, as JMH reports them (and the CSV and side file list them). */
public final class JmhParams {

    private JmhParams() {}

    public static Map<String, String> of(BenchmarkParams params) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String key : params.getParamsKeys()) {
            values.put(key, params.getParam(key));
        }
        return values;
    }
}
