package io.paygate.payment.credential;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.api.binding.InternalBinding;
import io.paygate.model.status.BindingStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The bindings payment-service may charge, as binding-service tells them (docs/contract.md §1b: no shared tables; asked
 * before every direct-debit purchase and every subscription cycle, never remembered).
 */
@ApplicationScoped
public class Bindings {

    /** What a binding id can look like; anything else is unknown without asking. */
    private static final Pattern WELL_FORMED = Pattern.compile("^[A-Za-z0-9._-]{1,64}$");

    /** binding-service could not be asked (down, slow, refusing): nothing may be charged now; ask again later. */
    public static final class Unavailable extends RuntimeException {
        Unavailable(String message) {
            super(message, null, false, false);
        }
    }

    private final BindingLookupClient client;
    private final GatewayConfig config;

    Bindings(@RestClient BindingLookupClient client, GatewayConfig config) {
        this.client = client;
        this.config = config;
    }

    /**
     * The merchant's binding {@code bindingId}, in whatever state it is; empty when it is unknown or another merchant's.
     *
     * @throws Unavailable when binding-service did not answer
     */
    public Optional<InternalBinding> find(String merchantId, String bindingId) {
        if (bindingId == null || !WELL_FORMED.matcher(bindingId).matches()) {
            return Optional.empty();
        }
        if (config.internal().token().isEmpty()) {
            throw new Unavailable("gateway.internal.token is not set");
        }
        try {
            InternalBinding found = client.find("Bearer " + config.internal().token().get(), bindingId, merchantId);
            return found != null && bindingId.equals(found.bindingId()) ? Optional.of(found) : Optional.empty();
        } catch (WebApplicationException e) {
            if (e.getResponse() != null && e.getResponse().getStatus() == 404) {
                return Optional.empty();
            }
            throw new Unavailable("binding-service answered " + (e.getResponse() == null ? "nothing"
                    : e.getResponse().getStatus()));
        } catch (RuntimeException e) {
            throw new Unavailable("binding-service did not answer (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** The binding when it may be charged now for {@code customerId}: ACTIVE and that customer's. */
    public Optional<InternalBinding> chargeable(String merchantId, String bindingId, String customerId) {
        return find(merchantId, bindingId)
                .filter(b -> b.status() == BindingStatus.ACTIVE && b.customerId() != null
                        && b.customerId().equals(customerId));
    }
}
