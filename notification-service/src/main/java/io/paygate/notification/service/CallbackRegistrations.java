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
import java.util.Set;
import java.util.StringJoiner;

/**
 * Where a merchant's disbursement, binding and SNAP notifications go (docs/contract.md §6, §9,
 * {@code PUT /pg/merchant/callbacks}). A PUT changes the members it sends (a member sent as {@code null} unregisters
 * that URL) and leaves the others. Each URL sent must pass the callback URL rules, including the host's current
 * addresses ({@code 4000601 Invalid Field Format <field>}), before anything is written; delivery checks again.
 */
@ApplicationScoped
public class CallbackRegistrations {

    private static final Logger LOG = Logger.getLogger(CallbackRegistrations.class);

    private final CallbackUrlPolicy policy;

    CallbackRegistrations(CallbackUrlPolicy policy) {
        this.policy = policy;
    }

    /**
     * @param request the URLs sent
     * @param sent    the members the body named (with a URL or {@code null})
     * @return the registration as stored afterwards
     */
    public CallbackRegistration register(String merchantId, CallbackRegistration request, Set<String> sent) {
        for (String member : CallbackRegistration.MEMBERS) {
            check(member, request.url(member), merchantId);
        }
        CallbackRegistration stored = QuarkusTransaction.requiringNew().call(() -> {
            MerchantCallbacksEntity.upsert(merchantId, request, sent, Instant.now());
            return MerchantCallbacksEntity.<MerchantCallbacksEntity>findByIdOptional(merchantId).orElseThrow()
                    .registration();
        });
        StringJoiner changes = new StringJoiner(", ");
        CallbackRegistration.MEMBERS.stream().filter(sent::contains)
                .forEach(member -> changes.add(member + " " + hostOf(request.url(member))));
        LOG.infof("merchant %s changed callbacks: %s", merchantId, changes.length() == 0 ? "none" : changes);
        return stored;
    }

    public CallbackRegistration get(String merchantId) {
        Optional<MerchantCallbacksEntity> entity = QuarkusTransaction.joiningExisting()
                .call(() -> MerchantCallbacksEntity.<MerchantCallbacksEntity>findByIdOptional(merchantId));
        return entity.map(MerchantCallbacksEntity::registration).orElse(new CallbackRegistration(null, null));
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
    static String hostOf(String url) {
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
