package io.paygate.payment.provider;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.api.payment.MethodKind;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.payment.payment.PaymentConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which payment methods a merchant's payments offer (its channel's, docs/contract.md §2a) and how long each kind's open
 * charge lives ({@code gateway.payment.methods.<kind>.lifetime}, never past the link).
 */
@ApplicationScoped
public class MethodCatalog {

    private final PaymentChannels channels;
    private final Merchants merchants;
    private final Map<MethodKind, Duration> lifetimes = new EnumMap<>(MethodKind.class);

    MethodCatalog(PaymentChannels channels, Merchants merchants, PaymentConfig config) {
        this.channels = channels;
        this.merchants = merchants;
        Map<String, MethodKind> byName = Arrays.stream(MethodKind.values())
                .collect(Collectors.toMap(MethodKind::configName, k -> k));
        config.methods().forEach((name, settings) -> {
            MethodKind kind = byName.get(name);
            if (kind == null || !kind.opensCharge()) {
                throw new IllegalStateException("gateway.payment.methods." + name + ": no such method kind; one of "
                        + byName.keySet().stream().filter(n -> byName.get(n).opensCharge()).sorted().toList());
            }
            settings.lifetime().ifPresent(lifetime -> {
                if (lifetime.isNegative() || lifetime.isZero()) {
                    throw new IllegalStateException("gateway.payment.methods." + name + ".lifetime must be positive");
                }
                lifetimes.put(kind, lifetime);
            });
        });
    }

    /** Checks the configuration at start rather than at the first payment. */
    void validate(@Observes StartupEvent event) {
        lifetimes.size();
    }

    /**
     * The methods the payments of {@code merchantId} offer: its channel's, narrowed to the merchant's own
     * {@code methods} when the registry gives it some (docs/contract.md §10; empty: all of its channel's).
     */
    public Set<PaymentMethod> offered(String merchantId) {
        Set<PaymentMethod> channel = channels.forMerchant(merchantId).methods();
        List<String> own = merchants.find(merchantId).map(Merchant::methods).orElse(List.of());
        if (own.isEmpty()) {
            return channel;
        }
        Set<PaymentMethod> allowed = own.stream().map(PaymentMethod::fromCode).flatMap(Optional::stream)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(PaymentMethod.class)));
        allowed.retainAll(channel);
        return Collections.unmodifiableSet(allowed);
    }

    public boolean offers(String merchantId, PaymentMethod method) {
        return offered(merchantId).contains(method);
    }

    /** When a charge of {@code method} opened at {@code now} stops taking money: its lifetime, never past the link. */
    public Instant chargeExpiry(PaymentMethod method, Instant now, Instant linkExpiry) {
        Instant own = now.plus(lifetimes.getOrDefault(method.kind(), method.kind().defaultLifetime()));
        return own.isBefore(linkExpiry) ? own : linkExpiry;
    }
}
