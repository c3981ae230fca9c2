package io.duelhall.domain.casket;

import java.util.AbstractMap;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * An unmodifiable map over an {@link EnumMap} that no one else holds, so that a state's record can
 * take one without copying it again: casket's states and pilots are copied at every event, in the
 * search's rollouts thousands of times a decision, and copying their maps (an unmodifiable view
 * cannot be told from a map someone may still change) was a sixth of the search's time. Equal to
 * any map with the same entries, iterated in the keys' order as the {@code EnumMap} is.
 */
final class FrozenEnumMap<K extends Enum<K>, V> extends AbstractMap<K, V> {
    private final EnumMap<K, V> map;

    private FrozenEnumMap(EnumMap<K, V> owned) {
        this.map = owned;
    }

    /** {@code m} itself when it is one already, else a copy of it. */
    static <K extends Enum<K>, V> FrozenEnumMap<K, V> of(Class<K> keys, Map<K, V> m) {
        if (m instanceof FrozenEnumMap<K, V> f) {
            return f;
        }
        EnumMap<K, V> copy = new EnumMap<>(keys);
        copy.putAll(m);
        return new FrozenEnumMap<>(copy);
    }

    /** This map with {@code key} mapped to {@code value}. */
    FrozenEnumMap<K, V> with(K key, V value) {
        EnumMap<K, V> copy = map.clone();
        copy.put(key, value);
        return new FrozenEnumMap<>(copy);
    }

    /** A copy to change (a builder's). */
    EnumMap<K, V> mutableCopy() {
        return map.clone();
    }

    @Override
    public V get(Object key) {
        return map.get(key);
    }

    @Override
    public V getOrDefault(Object key, V fallback) {
        return map.getOrDefault(key, fallback);
    }

    @Override
    public boolean containsKey(Object key) {
        return map.containsKey(key);
    }

    @Override
    public int size() {
        return map.size();
    }

    @Override
    public boolean isEmpty() {
        return map.isEmpty();
    }

    @Override
    public void forEach(BiConsumer<? super K, ? super V> action) {
        map.forEach(action);
    }

    @Override
    public Set<K> keySet() {
        return Collections.unmodifiableSet(map.keySet());
    }

    @Override
    public Collection<V> values() {
        return Collections.unmodifiableCollection(map.values());
    }

    @Override
    public Set<Entry<K, V>> entrySet() {
        return Collections.unmodifiableMap(map).entrySet();
    }
}
