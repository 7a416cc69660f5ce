package io.paygate.kit.snap;

import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.snap.SnapServices;
import jakarta.annotation.Priority;
import jakarta.decorator.Decorator;
import jakarta.decorator.Delegate;
import jakarta.inject.Inject;

/**
 * The SNAP paths' service codes ahead of every service's own table (docs/contract.md §9: {@code xx} in
 * {@code HTTP + xx + case} is the standard's code of the path, {@link SnapServices}): a CDI decorator of the service's
 * {@link ServiceCodeResolver}, so every reply coded by the path (authentication, rate limits, body size and type,
 * malformed JSON, field errors, 500 and 503) carries the SNAP code on {@code /v1.0/} paths without the services
 * knowing. Other paths are the service's.
 */
@Decorator
@Priority(1)
public class SnapServiceCodes implements ServiceCodeResolver {

    private final ServiceCodeResolver delegate;

    @Inject
    SnapServiceCodes(@Delegate ServiceCodeResolver delegate) {
        this.delegate = delegate;
    }

    @Override
    public ServiceCode resolve(String method, String path) {
        return SnapServices.of(path).orElseGet(() -> delegate.resolve(method, path));
    }
}
