package io.paygate.merchant.registry;

import io.paygate.kit.db.Unique;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.outbox.Outbox;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.model.merchant.MerchantStatus;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one way the registry changes (docs/contract.md §10). Each change is one transaction holding the merchant's row
 * lock ({@code FOR UPDATE}): the mutation, the row with {@code version + 1}, its audit entry, its company codes when
 * they changed, and the merchant's whole state on {@code merchant-config} through the outbox. All of it commits or
 * none of it: no audit entry without its change, no change without its entry, no published state that was not
 * committed. Under the row lock, two changes of one merchant (two operators racing) are applied one after the other:
 * the last committed is the state everywhere, and versions only increase.
 */
@ApplicationScoped
public class MerchantChanges {

    private static final Logger LOG = Logger.getLogger(MerchantChanges.class);
    /** A placeholder sealed value of a claimed row, replaced before its transaction commits. */
    private static final String CLAIM = """
            INSERT INTO merchant (id, name, status, provider, currency, client_secret, notification_secret, version,
                                  created_at, updated_at)
            VALUES (?1, ?1, 'ACTIVE', 'sandbox', 'IDR', '-:-', '-:-', 0, ?2, ?2)
            ON CONFLICT (id) DO NOTHING""";

    /** What a change did: its action (e.g. {@code suspend}) and the names of the members it changed. */
    public record Change(String action, List<String> changed) {

        public static Change of(String action, String... changed) {
            return new Change(action, List.of(changed));
        }

        public boolean isEmpty() {
            return changed.isEmpty();
        }
    }

    /** A change to a merchant's locked row; throws an {@link ApiException} to refuse it (nothing is written). */
    @FunctionalInterface
    public interface Mutation {
        Change apply(MerchantRecord merchant, Instant now);
    }

    private final MerchantRepository merchants;
    private final AuditTrail audit;
    private final CompanyCodes companyCodes;
    private final Outbox outbox;
    private final EntityManager entityManager;
    private final Merchants live;
    private final Clock clock = Clock.systemUTC();

    MerchantChanges(MerchantRepository merchants, AuditTrail audit, CompanyCodes companyCodes, Outbox outbox,
                    EntityManager entityManager, Merchants live) {
        this.merchants = merchants;
        this.audit = audit;
        this.companyCodes = companyCodes;
        this.outbox = outbox;
        this.entityManager = entityManager;
        this.live = live;
    }

    /**
     * Changes merchant {@code id} (unknown: {@code 404SS01}) in a transaction of its own; a mutation that changes
     * nothing writes nothing. Returns the merchant as committed.
     */
    public MerchantRecord change(Actor actor, String id, Mutation mutation) {
        return committed(() -> QuarkusTransaction.requiringNew().call(() -> {
            MerchantRecord merchant = merchants.findLocked(id).orElseThrow(ApiException::notFound);
            String[] codes = merchant.snapPartnerServiceIds.clone();
            Instant now = clock.instant();
            Change change = mutation.apply(merchant, now);
            if (!change.isEmpty()) {
                commit(actor, merchant, change, now, !Arrays.equals(codes, merchant.snapPartnerServiceIds));
            }
            return merchant;
        }));
    }

    /**
     * The merchant as {@code work} committed it, and in force on this replica at once: merchant-service authenticates
     * its merchants' self-service through service-kit's registry like every service, which learns the change from
     * merchant-config within a moment; applied here too, the replica that answered never refuses the very next request
     * signed with a secret it just handed out, nor lets in one its allowlist change just shut out. The follower's copy
     * of the same version is then ignored (versions only go up).
     */
    private MerchantRecord committed(Supplier<MerchantRecord> work) {
        MerchantRecord merchant = translated(work);
        applyHere(merchant);
        return merchant;
    }

    private void applyHere(MerchantRecord merchant) {
        try {
            live.apply(MerchantStates.of(merchant));
        } catch (RuntimeException e) {
            // The follower applies it from merchant-config (or counts why it cannot); never a reason to fail a change
            // that committed. The message names no secret (MerchantStateException).
            LOG.warnf("merchant %s version %d is not applied here yet: %s", merchant.id, merchant.version,
                    e.getMessage());
        }
    }

    /**
     * Creates merchant {@code id} unless the registry has it: the row is claimed with
     * {@code INSERT … ON CONFLICT DO NOTHING}, so any number of creators (two operators, several replicas seeding at
     * once) make one merchant; the others get an empty result and write nothing. {@code fill} sets every member of the
     * claimed row (its changed members are the audit entry's).
     */
    public Optional<MerchantRecord> create(Actor actor, String id, Mutation fill) {
        Optional<MerchantRecord> created = translated(() -> QuarkusTransaction.requiringNew().call(() -> {
            Instant now = clock.instant();
            int claimed = entityManager.createNativeQuery(CLAIM).setParameter(1, id).setParameter(2, now)
                    .executeUpdate();
            if (claimed == 0) {
                return Optional.<MerchantRecord>empty();
            }
            MerchantRecord merchant = merchants.findLocked(id).orElseThrow();
            merchant.status = MerchantStatus.ACTIVE;
            merchant.createdAt = now;
            Change change = fill.apply(merchant, now);
            commit(actor, merchant, change, now, merchant.snapPartnerServiceIds.length > 0);
            return Optional.of(merchant);
        }));
        created.ifPresent(this::applyHere);
        return created;
    }

    /**
     * Writes merchant {@code id}'s state as it is to merchant-config once more (unknown: {@code 404SS01}), with an
     * audit entry {@code republish} naming no member, in a transaction of its own under the row lock, so it is ordered
     * with the merchant's changes. Its version stays (nothing changed): a follower that holds that version keeps it,
     * one that never read it (the topic lost and made again) takes it. Returns the merchant as published.
     */
    public MerchantRecord republish(Actor actor, String id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            MerchantRecord merchant = merchants.findLocked(id).orElseThrow(ApiException::notFound);
            audit.record(actor, "republish", merchant.id, List.of(), clock.instant());
            outbox.enqueue(Topics.MERCHANT_CONFIG, EventEnvelope.of(MerchantStates.of(merchant), clock));
            LOG.infof("merchant %s: republished by %s (version %d)", merchant.id, actor.name(), merchant.version);
            return merchant;
        });
    }

    private void commit(Actor actor, MerchantRecord merchant, Change change, Instant now, boolean codesChanged) {
        merchant.version += 1;
        merchant.updatedAt = now;
        if (codesChanged) {
            companyCodes.assign(merchant.id, List.of(merchant.snapPartnerServiceIds));
        }
        entityManager.flush();
        audit.record(actor, change.action(), merchant.id, change.changed(), now);
        outbox.enqueue(Topics.MERCHANT_CONFIG, EventEnvelope.of(MerchantStates.of(merchant), clock));
        LOG.infof("merchant %s: %s by %s (version %d; changed %s)", merchant.id, change.action(), actor.name(),
                merchant.version, String.join(",", change.changed()));
    }

    /**
     * The database's refusals of a value another merchant holds (the unique indexes behind the checks made under the
     * lock) as the contract's answer naming the member.
     */
    private static <T> T translated(Supplier<T> work) {
        try {
            return work.get();
        } catch (RuntimeException e) {
            if (Unique.violates(e, "merchant_company_code_pkey")) {
                throw ApiException.invalidFormat("snap.partnerServiceIds");
            }
            if (Unique.violates(e, "merchant_snap_client_key")) {
                throw ApiException.invalidFormat("snap.clientKey");
            }
            throw e;
        }
    }
}
