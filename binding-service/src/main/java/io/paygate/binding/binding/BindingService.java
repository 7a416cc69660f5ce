package io.paygate.binding.binding;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.observability.LogText;
import io.paygate.kit.observability.MerchantTags;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.db.Unique;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.outbox.Outbox;
import io.paygate.model.api.binding.BindCustomer;
import io.paygate.model.api.binding.BindRequest;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.model.status.BindingStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The binding lifecycle (docs/contract.md §4): bind, approve on the bank page, fail on wrong codes or expiry, unbind.
 * Every ACTIVE, FAILED and UNBOUND change writes its {@code binding-status} event in the same transaction.
 */
@ApplicationScoped
public class BindingService {

    private static final Logger LOG = Logger.getLogger(BindingService.class);

    private final BindingRepository bindings;
    private final BindingConfig config;
    private final Outbox outbox;
    private final MeterRegistry metrics;
    private final MerchantTags merchants;
    private final Merchants registry;
    private final Clock clock = Clock.systemUTC();

    BindingService(BindingRepository bindings, BindingConfig config, Outbox outbox, MeterRegistry metrics,
                   MerchantTags merchants, Merchants registry) {
        this.metrics = metrics;
        this.registry = registry;
        this.merchants = merchants;
        this.bindings = bindings;
        this.config = config;
        this.outbox = outbox;
    }

    /**
     * Starts a binding, or returns the live (PENDING or ACTIVE) one of the same customer and source. Two
     * concurrent requests cannot create two: the loser of the unique index reads the winner's.
     */
    public Binding bind(Merchant merchant, BindRequest request) {
        return bind(merchant, request, null);
    }

    /**
     * {@link #bind(Merchant, BindRequest)} for a SNAP binding request (docs/contract.md §9): the binding it starts or
     * returns remembers {@code snapPartnerReferenceNo} (the first one that named it keeps its place), in the same
     * transaction, so every later event of the binding carries {@code snap}.
     */
    public Binding bind(Merchant merchant, BindRequest request, String snapPartnerReferenceNo) {
        String type = request.sourceOfFunds().type();
        if (!config.sourceTypes().contains(type)) {
            throw ApiException.invalidFormat("sourceOfFunds.type");
        }
        return Unique.findOrCreate(() -> findLiveOrCreate(merchant, request.customer(), type, snapPartnerReferenceNo),
                () -> markSnap(bindings.findLive(merchant.id(), request.customer().id(), type).orElseThrow(),
                        snapPartnerReferenceNo));
    }

    private Binding findLiveOrCreate(Merchant merchant, BindCustomer customer, String type, String snapReference) {
        Instant now = clock.instant();
        Optional<Binding> live = bindings.findLive(merchant.id(), customer.id(), type);
        if (live.isPresent() && live.get().isExpired(now)) {
            fail(live.get(), "EXPIRED");
        } else if (live.isPresent()) {
            return markSnap(live.get(), snapReference);
        }
        Binding binding = new Binding();
        binding.id = BindingIds.next();
        binding.merchantId = merchant.id();
        binding.customerId = customer.id();
        binding.customerEmail = customer.email();
        binding.customerFirstName = customer.firstName();
        binding.customerLastName = customer.lastName();
        binding.customerPhone = customer.mobilePhone();
        binding.sourceType = type;
        binding.status = BindingStatus.PENDING;
        binding.createdAt = now;
        binding.updatedAt = now;
        binding.expiresAt = now.plus(config.authorizationTtl());
        binding.snapPartnerReferenceNo = snapReference;
        bindings.persistAndFlush(binding);
        LOG.infof("binding %s merchant=%s customer=%s source=%s created PENDING", binding.id, binding.merchantId,
                LogText.of(binding.customerId), type); // customer.id is 1-64 of anything: a line break would forge a line
        return binding;
    }

    /**
     * A live binding a SNAP request returns becomes a SNAP binding, unless one already named it; it is locked
     * ({@code findLive}), so no transition of it runs meanwhile.
     */
    private Binding markSnap(Binding binding, String snapReference) {
        if (snapReference != null && binding.snapPartnerReferenceNo == null) {
            binding.snapPartnerReferenceNo = snapReference;
            LOG.infof("binding %s merchant=%s named by a SNAP binding request: notified to its SNAP URL too",
                    binding.id, binding.merchantId);
        }
        return binding;
    }

    /** The merchant's binding (expiring it first when its time ran out). */
    @Transactional
    public Binding get(Merchant merchant, String bindingId) {
        Binding binding = bindings.findOwned(merchant.id(), bindingId).orElseThrow(ApiException::notFound);
        expireIfOverdue(binding);
        return binding;
    }

    /** ACTIVE → UNBOUND; anything else is a 409. */
    @Transactional
    public Binding unbind(Merchant merchant, String bindingId) {
        Binding binding = bindings.findOwned(merchant.id(), bindingId).orElseThrow(ApiException::notFound);
        expireIfOverdue(binding);
        transition(binding, BindingStatus.UNBOUND, "merchant unbound it");
        return binding;
    }

    /** What the bank page shows; expires an overdue PENDING binding on the way. */
    @Transactional
    public Optional<Binding> forPage(String bindingId) {
        Optional<Binding> binding = bindings.findByIdOptional(bindingId);
        binding.ifPresent(this::expireIfOverdue);
        return binding;
    }

    /** The customer's answer on the bank page; refused, changing nothing, while the binding's merchant is suspended. */
    @Transactional
    public AuthorizationOutcome authorize(String bindingId, String otp) {
        Binding binding = bindings.findLocked(bindingId).orElse(null);
        if (binding == null) {
            return AuthorizationOutcome.UNKNOWN;
        }
        if (registry.find(binding.merchantId).map(Merchant::suspended).orElse(false)) {
            return AuthorizationOutcome.MERCHANT_SUSPENDED; // docs/contract.md §10: nothing changes, no try counted
        }
        if (expireIfOverdue(binding)) {
            return AuthorizationOutcome.EXPIRED;
        }
        if (binding.status != BindingStatus.PENDING) {
            return AuthorizationOutcome.NOT_PENDING;
        }
        if (config.sandboxOtp().equals(otp == null ? null : otp.strip())) {
            transition(binding, BindingStatus.ACTIVE, "customer approved with the one-time code");
            return AuthorizationOutcome.APPROVED;
        }
        binding.otpAttempts++;
        binding.updatedAt = clock.instant();
        if (binding.otpAttempts >= config.maxOtpAttempts()) {
            fail(binding, "OTP_ATTEMPTS");
            return AuthorizationOutcome.TOO_MANY_ATTEMPTS;
        }
        return AuthorizationOutcome.WRONG_CODE;
    }

    /** Sandbox shortcut: PENDING → ACTIVE or FAILED without the bank page. */
    @Transactional
    public Binding simulate(String bindingId, BindingStatus target) {
        Binding binding = bindings.findLocked(bindingId).orElseThrow(ApiException::notFound);
        expireIfOverdue(binding);
        if (target == BindingStatus.FAILED) {
            fail(binding, "SIMULATED");
        } else {
            transition(binding, target, "sandbox simulation");
        }
        return binding;
    }

    /**
     * The merchant's binding in whatever state it is, as the merchant's GET shows it (an overdue PENDING one is FAILED
     * first), for the internal lookup; unknown or another merchant's → 404.
     */
    @Transactional
    public Binding lookup(String merchantId, String bindingId) {
        Binding binding = bindings.findOwned(merchantId, bindingId).orElseThrow(ApiException::notFound);
        expireIfOverdue(binding);
        return binding;
    }

    /** ACTIVE bindings of a customer (internal API for the hosted payment page). */
    @Transactional
    public List<Binding> active(String merchantId, String customerId) {
        return bindings.findActive(merchantId, customerId);
    }

    /** Fails PENDING bindings whose approval time ran out; safe with several replicas. */
    @Transactional
    public int expireOverdue(int limit) {
        List<Binding> overdue = bindings.claimOverdue(clock.instant(), limit);
        overdue.forEach(binding -> fail(binding, "EXPIRED"));
        return overdue.size();
    }

    private boolean expireIfOverdue(Binding binding) {
        if (binding.isExpired(clock.instant())) {
            fail(binding, "EXPIRED");
            return true;
        }
        return false;
    }

    private void fail(Binding binding, String reason) {
        binding.failureReason = reason;
        transition(binding, BindingStatus.FAILED, reason);
    }

    /** The one place a binding changes state; illegal changes throw (409) and change nothing. */
    private void transition(Binding binding, BindingStatus next, String why) {
        BindingStatus from = binding.status;
        binding.status = from.transitionTo(next);
        binding.updatedAt = clock.instant();
        if (next.isNotified()) {
            binding.eventSequence++;
            outbox.enqueue(Topics.BINDING_STATUS,
                    EventEnvelope.of(binding.merchantId, binding.eventSequence, BindingMapper.event(binding), clock));
        }
        metrics.counter("paygate.bindings.transitions", "status", next.name(), MerchantTags.TAG,
                merchants.of(binding.merchantId)).increment();
        LOG.infof("binding %s merchant=%s %s -> %s (%s)", binding.id, binding.merchantId, from, next, why);
    }

    /** The bank page's outcomes. */
    public enum AuthorizationOutcome {
        APPROVED, WRONG_CODE, TOO_MANY_ATTEMPTS, EXPIRED, NOT_PENDING, UNKNOWN, MERCHANT_SUSPENDED
    }
}
