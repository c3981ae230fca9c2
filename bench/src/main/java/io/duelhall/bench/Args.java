package io.duelhall.bench;

import java.util.HashMap;
import java.util.Map;

/** {@code --name value} and {@code --flag} arguments. */
public final class Args {
    private final Map<String, String> values = new HashMap<>();

    public Args(String[] args, int from) {
        for (int i = from; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + args[i]);
            }
            String name = args[i].substring(2);
            int eq = name.indexOf('=');
            if (eq > 0) {
                values.put(name.substring(0, eq), name.substring(eq + 1));
            } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                values.put(name, args[++i]);
            } else {
                values.put(name, "true");
            }
        }
    }

    public String get(String name, String def) {
        return values.getOrDefault(name, def);
    }

    public int getInt(String name, int def) {
        return Integer.parseInt(get(name, Integer.toString(def)));
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }
}
