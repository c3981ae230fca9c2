package io.duelhall.infra.cluster;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.axonframework.common.Registration;
import org.axonframework.common.caching.Cache;
import org.axonframework.eventsourcing.AggregateCacheEntry;
import org.axonframework.eventsourcing.EventSourcedAggregate;
import org.axonframework.eventsourcing.NoSnapshotTriggerDefinition;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.modelling.command.inspection.AggregateModel;

/**
 * The aggregate cache of a node that shares its event store with other nodes. Another node may have
 * appended to a match since this node cached it; a stale aggregate would decide on an old state: a
 * write then fails on the store's unique (aggregate, sequence) key and is retried, but a refusal
 * (not your turn, stale version, an intent id it has not seen) would be answered from the past. So
 * each cache hit is checked against the store's last sequence number for that aggregate (one
 * indexed query, far cheaper than sourcing the whole stream again) and dropped when they differ.
 *
 * <p>Axon's caching repository reads the cache under the aggregate's lock, so the check and the
 * load are one step for this node; a write by another node between the check and the append still
 * loses on the unique key ({@code ConcurrencyException}: Axon evicts the entry on rollback, and the
 * command gateway retries on fresh state).
 */
public final class StoreCheckedCache implements Cache {
    private final Cache delegate;
    private final Supplier<EventStore> eventStore;
    private final Supplier<AggregateModel<?>> modelSource;
    private volatile AggregateModel<?> model;
    private final AtomicLong staleEvictions = new AtomicLong();

    /**
     * @param model the model of the cached aggregate type: Axon's public way to turn a cache entry
     *     back into an aggregate whose {@code version()} can be read (the entry itself keeps its
     *     version private). Asked for at the first cache hit, not before: it must be built with the
     *     application's parameter resolvers (the handlers take Spring beans such as {@code
     *     Rulesets}), which exist only once Axon's configuration, which needs this cache, is built.
     */
    public StoreCheckedCache(
            Cache delegate, Supplier<EventStore> eventStore, Supplier<AggregateModel<?>> model) {
        this.delegate = delegate;
        this.eventStore = eventStore;
        this.modelSource = model;
    }

    private AggregateModel<?> model() {
        AggregateModel<?> m = model;
        if (m == null) {
            synchronized (this) {
                m = model;
                if (m == null) {
                    model = m = modelSource.get();
                }
            }
        }
        return m;
    }

    /** Cache hits dropped because the store had moved on (another node wrote). */
    public long staleEvictions() {
        return staleEvictions.get();
    }

    @Override
    public <K, V> V get(K key) {
        V value = delegate.get(key);
        if (value == null) {
            return null;
        }
        Long cached = versionOf(value);
        if (cached == null) {
            return value; // nothing to compare (not an aggregate entry)
        }
        Optional<Long> stored = eventStore.get().lastSequenceNumberFor(String.valueOf(key));
        if (stored.isPresent() && stored.get().equals(cached)) {
            return value;
        }
        delegate.remove(key);
        staleEvictions.incrementAndGet();
        return null;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    Long versionOf(Object value) {
        if (value instanceof AggregateCacheEntry entry) {
            // Store-by-reference: the entry hands back the live aggregate it holds; a copied entry
            // is rebuilt
            // around its root. Either way only public Axon API is used, and nothing is sourced from
            // the store.
            EventSourcedAggregate<?> aggregate =
                    entry.recreateAggregate(
                            (AggregateModel) model(),
                            eventStore.get(),
                            NoSnapshotTriggerDefinition.INSTANCE);
            return aggregate.version();
        }
        if (value instanceof EventSourcedAggregate<?> aggregate) {
            return aggregate.version();
        }
        return null;
    }

    @Override
    public void put(Object key, Object value) {
        delegate.put(key, value);
    }

    @Override
    public boolean putIfAbsent(Object key, Object value) {
        return delegate.putIfAbsent(key, value);
    }

    @Override
    public <T> T computeIfAbsent(Object key, Supplier<T> valueSupplier) {
        return delegate.computeIfAbsent(key, valueSupplier);
    }

    @Override
    public boolean remove(Object key) {
        return delegate.remove(key);
    }

    @Override
    public void removeAll() {
        delegate.removeAll();
    }

    @Override
    public boolean containsKey(Object key) {
        return delegate.containsKey(key);
    }

    @Override
    public Registration registerCacheEntryListener(EntryListener cacheEntryListener) {
        return delegate.registerCacheEntryListener(cacheEntryListener);
    }

    @Override
    public <V> void computeIfPresent(Object key, UnaryOperator<V> update) {
        delegate.computeIfPresent(key, update);
    }
}
