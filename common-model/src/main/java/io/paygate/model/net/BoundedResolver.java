package io.paygate.model.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * A {@link CallbackUrlPolicy.HostResolver} that answers within a time limit: the system resolver (or any other) runs
 * on a small pool of its own threads and the caller waits at most {@code timeout}; a name that has not resolved by
 * then is treated as one that does not resolve ({@link UnknownHostException}). Callers asking for a name whose lookup
 * is already running wait for that lookup instead of starting another, and at most {@code maxLookups} names are looked
 * up at once ({@value #WAITING_PER_THREAD} times as many wait for a thread; beyond that a name is refused at once), so
 * a hanging DNS server cannot pile up threads or requests. The system resolver answers an address literal itself
 * (no DNS): {@link #system} does so on the caller's thread.
 * A lookup that times out keeps running on its thread until the system resolver gives up; the JDK caches what it
 * answers ({@code networkaddress.cache.ttl}, 30 s by default), so a repeated name costs only the hand-over.
 */
public final class BoundedResolver implements CallbackUrlPolicy.HostResolver {

    /** How many names may wait for a lookup thread, per thread. */
    static final int WAITING_PER_THREAD = 64;

    private static final Pattern DOTTED_QUAD = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}");

    private final CallbackUrlPolicy.HostResolver delegate;
    private final boolean literalsInline;
    private final Duration timeout;
    private final ThreadPoolExecutor lookups;
    private final Map<String, CompletableFuture<List<InetAddress>>> running = new ConcurrentHashMap<>();

    /** The system resolver ({@link InetAddress#getAllByName}) within {@code timeout}. */
    public static BoundedResolver system(Duration timeout, int maxLookups) {
        return new BoundedResolver(host -> Arrays.asList(InetAddress.getAllByName(host)), timeout, maxLookups, true);
    }

    public BoundedResolver(CallbackUrlPolicy.HostResolver delegate, Duration timeout, int maxLookups) {
        this(delegate, timeout, maxLookups, false);
    }

    private BoundedResolver(CallbackUrlPolicy.HostResolver delegate, Duration timeout, int maxLookups,
                            boolean literalsInline) {
        if (timeout.isNegative() || timeout.isZero() || maxLookups < 1) {
            throw new IllegalArgumentException("timeout and maxLookups must be positive");
        }
        this.delegate = delegate;
        this.literalsInline = literalsInline;
        this.timeout = timeout;
        AtomicInteger threads = new AtomicInteger();
        this.lookups = new ThreadPoolExecutor(maxLookups, maxLookups, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(maxLookups * WAITING_PER_THREAD),
                task -> {
                    Thread thread = new Thread(task, "callback-dns-" + threads.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        this.lookups.allowCoreThreadTimeOut(true);
    }

    @Override
    public List<InetAddress> resolve(String host) throws UnknownHostException {
        if (literalsInline && isLiteral(host)) {
            return List.copyOf(delegate.resolve(host));
        }
        CompletableFuture<List<InetAddress>> mine = new CompletableFuture<>();
        CompletableFuture<List<InetAddress>> lookup = running.putIfAbsent(host, mine);
        if (lookup == null) {
            lookup = mine;
            start(host, mine);
        }
        try {
            return lookup.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new UnknownHostException(host + ": no answer within " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownHostException unknown) {
                throw unknown;
            }
            throw new UnknownHostException(host + ": " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnknownHostException(host + ": interrupted");
        }
    }

    /** Whether {@code host} is an address literal (answered without DNS): an IPv6 literal or a dotted quad. */
    public static boolean isLiteralAddress(String host) {
        return isLiteral(host);
    }

    /** An IPv6 literal or a dotted quad: {@link InetAddress#getAllByName} parses these without asking DNS. */
    static boolean isLiteral(String host) {
        return host.indexOf(':') >= 0 || DOTTED_QUAD.matcher(host).matches();
    }

    private void start(String host, CompletableFuture<List<InetAddress>> lookup) {
        try {
            lookups.execute(() -> {
                try {
                    lookup.complete(List.copyOf(delegate.resolve(host)));
                } catch (Throwable t) {
                    lookup.completeExceptionally(t);
                } finally {
                    running.remove(host, lookup);
                }
            });
        } catch (RejectedExecutionException e) {
            running.remove(host, lookup);
            lookup.completeExceptionally(new UnknownHostException(host + ": too many lookups in progress"));
        }
    }
}
