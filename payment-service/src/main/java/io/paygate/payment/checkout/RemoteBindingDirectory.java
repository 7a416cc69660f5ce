package io.paygate.payment.checkout;

import io.paygate.kit.config.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import java.util.List;

/**
 * The customer's ACTIVE direct-debit bindings, asked of binding-service. When binding-service is down, slow or
 * refuses, the answer is "none": the hosted page still works and offers card only (docs/contract.md §2), and a
 * direct-debit charge through an unconfirmed binding is refused.
 */
@ApplicationScoped
public class RemoteBindingDirectory implements BindingDirectory {

    private static final Logger LOG = Logger.getLogger(RemoteBindingDirectory.class);

    private final BindingServiceClient client;
    private final GatewayConfig config;

    RemoteBindingDirectory(@RestClient BindingServiceClient client, GatewayConfig config) {
        this.client = client;
        this.config = config;
    }

    @Override
    public List<ActiveBinding> activeBindings(String merchantId, String customerId) {
        if (config.internal().token().isEmpty()) {
            LOG.warn("gateway.internal.token is not set: direct debit is not offered");
            return List.of();
        }
        try {
            return client.active("Bearer " + config.internal().token().get(), merchantId, customerId).bindings()
                    .stream()
                    .map(b -> new ActiveBinding(b.bindingId(), b.sourceOfFundsType(), b.label()))
                    .toList();
        } catch (RuntimeException e) {
            LOG.warnf("binding-service did not answer for merchant %s (%s): direct debit is not offered", merchantId,
                    e.getClass().getSimpleName());
            return List.of();
        }
    }
}
