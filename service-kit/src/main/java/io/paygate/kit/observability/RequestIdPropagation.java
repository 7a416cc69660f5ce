package io.paygate.kit.observability;

import io.paygate.model.ids.RequestIds;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;

/**
 * Sends the current request id along on a call to another paygate service (register it on the REST client with
 * {@code @RegisterProvider}), so that service's log lines about the call carry the same id. Only for the gateway's own
 * services: a third party has no use for it.
 */
public class RequestIdPropagation implements ClientRequestFilter {

    @Override
    public void filter(ClientRequestContext request) {
        String id = LogContext.currentRequestId();
        if (id != null && !request.getHeaders().containsKey(RequestIds.HEADER)) {
            request.getHeaders().putSingle(RequestIds.HEADER, id);
        }
    }
}
