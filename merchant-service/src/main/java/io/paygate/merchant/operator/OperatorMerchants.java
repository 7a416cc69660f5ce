package io.paygate.merchant.operator;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.kit.error.ApiException;
import io.paygate.merchant.registry.Actor;
import io.paygate.merchant.registry.GeneratedSecrets;
import io.paygate.merchant.registry.MerchantChanges;
import io.paygate.merchant.registry.MerchantCreation;
import io.paygate.merchant.registry.MerchantMembers;
import io.paygate.merchant.registry.MerchantRecord;
import io.paygate.merchant.registry.MerchantRepository;
import io.paygate.merchant.registry.MerchantRules;
import io.paygate.merchant.registry.MerchantStates;
import io.paygate.merchant.registry.MerchantViews;
import io.paygate.merchant.registry.SecretRotations;
import io.paygate.model.api.merchant.MerchantList;
import io.paygate.model.api.merchant.MerchantRequest;
import io.paygate.model.api.merchant.MerchantView;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.model.merchant.SecretSealer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The operator API's merchants (docs/contract.md §10): create (secrets shown once), list, get, merge-patch, suspend and
 * reactivate. Every change goes through the registry's {@link MerchantChanges}: one transaction with its audit entry
 * and its merchant-config event.
 */
@ApplicationScoped
public class OperatorMerchants {

    private static final String LIST = "merchants";
    private static final int NOTICE_DAYS = 7;
    private static final int MAX_NOTICE_DAYS = 90;

    private final MerchantCreation creation;
    private final MerchantChanges changes;
    private final MerchantRepository merchants;
    private final SecretRotations rotations;
    private final SecretSealer sealer;
    private final Cursors cursors;
    private final ObjectMapper mapper;
    private final Validator validator;
    private final Clock clock = Clock.systemUTC();

    OperatorMerchants(MerchantCreation creation, MerchantChanges changes, MerchantRepository merchants,
                      SecretRotations rotations, SecretSealer sealer, Cursors cursors, ObjectMapper mapper,
                      Validator validator) {
        this.creation = creation;
        this.changes = changes;
        this.merchants = merchants;
        this.rotations = rotations;
        this.sealer = sealer;
        this.cursors = cursors;
        this.mapper = mapper;
        this.validator = validator;
    }

    /** A new merchant with fresh secrets, shown in this reply only; {@code 409SS00} when the id is in use. */
    public MerchantView create(Actor actor, MerchantRequest request) {
        MerchantRequest checked = MerchantRules.checked(request, false);
        MerchantCreation.Secrets secrets = new MerchantCreation.Secrets(GeneratedSecrets.clientSecret(),
                GeneratedSecrets.notificationSecret(), checked.snap() == null ? null : GeneratedSecrets.signingKey(),
                null);
        MerchantRecord created = creation.create(actor, "create", checked, secrets)
                .orElseThrow(() -> ApiException.conflict("merchant id " + checked.id() + " is in use"));
        return MerchantViews.of(created, clock.instant())
                .withSecrets(secrets.clientSecret(), secrets.notificationSecret());
    }

    @Transactional
    public MerchantView get(String id) {
        return MerchantViews.of(merchants.findByIdOptional(id).orElseThrow(ApiException::notFound), clock.instant());
    }

    /** Merchants by id, {@code limit} (1–200) at a time, of one status when given. */
    @Transactional
    public MerchantList list(String status, String limit, String cursor) {
        MerchantStatus wanted = null;
        if (status != null) {
            try {
                wanted = MerchantStatus.valueOf(status);
            } catch (IllegalArgumentException e) {
                throw ApiException.invalidFormat("status");
            }
        }
        int size = Limits.of(limit);
        List<MerchantRecord> page = merchants.page(wanted, cursors.read(LIST, cursor), size);
        Instant now = clock.instant();
        List<MerchantView> items = page.stream().limit(size).map(m -> MerchantViews.of(m, now).asItem()).toList();
        String next = page.size() > size ? cursors.issue(LIST, page.get(size - 1).id) : null;
        return new MerchantList(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, items, next);
    }

    /**
     * A JSON merge patch (RFC 7396) of the members but {@code id}, applied to the merchant as it is under its row lock
     * and checked whole, like a creation: a bad result writes nothing.
     */
    public MerchantView patch(Actor actor, String id, JsonNode patch) {
        if (!(patch instanceof ObjectNode members)) {
            throw ApiException.badRequest("a merge patch of a merchant is a JSON object");
        }
        if (members.has("id")) {
            throw ApiException.invalidFormat("id");
        }
        MerchantRecord changed = changes.change(actor, id, (m, now) -> {
            JsonNode merged = MergePatch.apply(document(m), members);
            MerchantRequest request = MerchantRules.checked(validated(merged), m.midtransServerKey != null);
            return new MerchantChanges.Change("patch", MerchantMembers.apply(m, request, sealer));
        });
        return MerchantViews.of(changed, clock.instant());
    }

    public MerchantView suspend(Actor actor, String id, String reason) {
        return MerchantViews.of(changes.change(actor, id, (m, now) -> {
            if (m.status == MerchantStatus.SUSPENDED) {
                throw ApiException.conflict("merchant " + id + " is already suspended");
            }
            m.status = MerchantStatus.SUSPENDED;
            m.suspendedReason = reason;
            m.suspendedAt = now;
            return MerchantChanges.Change.of("suspend", "status", "suspendedReason");
        }), clock.instant());
    }

    public MerchantView reactivate(Actor actor, String id) {
        return MerchantViews.of(changes.change(actor, id, (m, now) -> {
            if (m.status == MerchantStatus.ACTIVE) {
                throw ApiException.conflict("merchant " + id + " is not suspended");
            }
            m.status = MerchantStatus.ACTIVE;
            m.suspendedReason = null;
            m.suspendedAt = null;
            return MerchantChanges.Change.of("reactivate", "status", "suspendedReason");
        }), clock.instant());
    }

    /**
     * A new gateway signing key for the merchant's SNAP notifications, signing from {@code activateAt} (ISO-8601 with
     * offset, from now to {@value #MAX_NOTICE_DAYS} days ahead, {@code 400SS01 activateAt} otherwise; absent:
     * {@value #NOTICE_DAYS} days from now).
     */
    public MerchantView rotateSigningKey(Actor actor, String id, String activateAt) {
        Instant now = clock.instant();
        Instant from = activateAt == null ? now.plus(Duration.ofDays(NOTICE_DAYS)) : Limits.time(activateAt, "activateAt");
        if (from.isBefore(now.minusSeconds(60)) || from.isAfter(now.plus(Duration.ofDays(MAX_NOTICE_DAYS)))) {
            throw ApiException.invalidFormat("activateAt");
        }
        return MerchantViews.of(rotations.rotateSigningKey(actor, id, from), clock.instant());
    }

    /** The merchant as a creation body would write it, without its secrets: what a merge patch applies to. */
    private JsonNode document(MerchantRecord m) {
        MerchantRequest current = new MerchantRequest(m.id, m.name, m.provider, m.currency,
                m.midtransServerKey == null && m.midtransClientKey == null ? null
                        : new MerchantRequest.Midtrans(null, m.midtransClientKey, m.midtransBaseUrl),
                m.hasSnap() ? new MerchantRequest.Snap(m.snapClientKey, m.snapPublicKey,
                        List.of(m.snapPartnerServiceIds)) : null,
                List.of(m.methods), List.of(m.ipAllowlist),
                m.rateLimitPerSecond == null ? null : new MerchantRequest.RateLimit(m.rateLimitPerSecond,
                        m.rateLimitBurst),
                MerchantStates.fees(m.fees), m.settlementDelayDays);
        return mapper.valueToTree(current);
    }

    /** The merged document read as a request with the service's strict mapper, and its constraints checked. */
    private MerchantRequest validated(JsonNode merged) {
        MerchantRequest request;
        try {
            request = mapper.treeToValue(merged, MerchantRequest.class);
        } catch (JsonMappingException e) {
            throw ApiException.invalidFormat(e.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining(".")).replace(".[", "["));
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest("malformed JSON");
        }
        Set<ConstraintViolation<MerchantRequest>> violations = validator.validate(request);
        if (!violations.isEmpty()) {
            throw new ConstraintViolationException(violations);
        }
        return request;
    }
}
