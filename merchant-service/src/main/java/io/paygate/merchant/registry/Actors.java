package io.paygate.merchant.registry;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.CurrentOperator;
import io.paygate.kit.observability.LogContext;
import io.paygate.kit.web.ClientAddresses;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.RequestScoped;

/**
 * The {@link Actor} of the request being served: the authenticated operator or merchant, the request id, and the
 * client address as service-kit's {@code web.ClientAddresses} names it (the rate limits' key: an IPv4 address, or an
 * IPv6 client's /64).
 */
@RequestScoped
public class Actors {

    private final CurrentOperator operator;
    private final CurrentMerchant merchant;
    private final ClientAddresses addresses;
    private final HttpServerRequest request;

    Actors(CurrentOperator operator, CurrentMerchant merchant, ClientAddresses addresses, HttpServerRequest request) {
        this.operator = operator;
        this.merchant = merchant;
        this.addresses = addresses;
        this.request = request;
    }

    /** On an {@code @OpsAuthenticated} endpoint. */
    public Actor operator() {
        return Actor.operator(operator.name(), LogContext.currentRequestId(), clientAddress());
    }

    /** On a {@code @MerchantAuthenticated} endpoint. */
    public Actor merchant() {
        return Actor.merchant(merchantId(), LogContext.currentRequestId(), clientAddress());
    }

    /** The authenticated merchant's id. */
    public String merchantId() {
        return merchant.get().id();
    }

    /** The client address the request came from. */
    public String clientAddress() {
        return addresses.clientOf(request);
    }
}
