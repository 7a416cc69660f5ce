package io.paygate.kit.error;

import io.paygate.model.error.ServiceCode;

/**
 * Which service code (docs/contract.md §0, the {@code SS} of {@code HTTP+SS+case}) a request's errors carry. Every service
 * provides one, so that errors raised before a resource runs (authentication, body size, media type, malformed
 * JSON) are coded like the ones it raises itself.
 */
public interface ServiceCodeResolver {

    ServiceCode resolve(String method, String path);
}
