package io.paygate.notification.service;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.CallbackRegistration;
import io.paygate.model.net.CallbackUrlPolicy;
import io.paygate.notification.repository.MerchantCallbacksEntity;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.net.URI;
import java.time.Instant;
import java.util.Optional;

/**
 * Where a merchant's disbursement and binding notifications go (docs/contract.md §6, {@code PUT /pg/merchant/callbacks}).
 * A PUT replaces the registration: a missing URL unregisters it. Each URL must pass the callback URL rules, including
 * the host's current addresses ({@code 4000601 Invalid Field Format <field>}); delivery checks again.
 */
@ApplicationScoped
public class CallbackRegistrations {

    private static final Logger LOG = Logger.getLogger(CallbackRegistrations.class);

    private final CallbackUrlPolicy policy;

    CallbackRegistrations(CallbackUrlPolicy policy) {
        this.policy = policy;
    }

    public CallbackRegistration register(String merchantId, CallbackRegistration request) {
        check("disbursementCallbackUrl", request.disbursementCallbackUrl(), merchantId);
        check("bindingCallbackUrl", request.bindingCallbackUrl(), merchantId);
        QuarkusTransaction.requiringNew().run(() -> MerchantCallbacksEntity.upsert(merchantId,
                request.disbursementCallbackUrl(), request.bindingCallbackUrl(), Instant.now()));
        LOG.infof("merchant %s registered callbacks: disbursement %s, binding %s", merchantId,
                hostOf(request.disbursementCallbackUrl()), hostOf(request.bindingCallbackUrl()));
        return request;
    }

    public CallbackRegistration get(String merchantId) {
        Optional<MerchantCallbacksEntity> entity = QuarkusTransaction.joiningExisting()
                .call(() -> MerchantCallbacksEntity.<MerchantCallbacksEntity>findByIdOptional(merchantId));
        return entity.map(e -> new CallbackRegistration(e.disbursementCallbackUrl, e.bindingCallbackUrl))
                .orElse(new CallbackRegistration(null, null));
    }

    private void check(String field, String url, String merchantId) {
        if (url == null) {
            return;
        }
        Optional<String> refused = policy.check(url);
        if (refused.isPresent()) {
            LOG.infof("merchant %s: %s refused (%s)", merchantId, field, refused.get());
            throw ApiException.invalidFormat(field);
        }
    }

    /** Only the host goes to the log: a URL's path or query may carry a merchant's token. */
    private static String hostOf(String url) {
        if (url == null) {
            return "none";
        }
        try {
            return URI.create(url).getHost();
        } catch (IllegalArgumentException e) {
            return "?";
        }
    }
}
