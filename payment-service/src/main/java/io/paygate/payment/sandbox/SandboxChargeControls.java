package io.paygate.payment.sandbox;

import io.paygate.model.api.recurring.CredentialKind;
import io.paygate.model.api.recurring.SubscriptionResponse;
import io.paygate.payment.credential.StoredCardRepository;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.recurring.SubscriptionCommands;
import io.paygate.payment.recurring.SubscriptionEntity;
import io.paygate.payment.recurring.SubscriptionRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;

/**
 * The sandbox provider's QA controls of merchant-initiated charges (docs/contract.md §1b, the QA time control), in its
 * own table {@code sandbox_charge_control}: armed by the time control for the credential of a subscription (the
 * provider's card token, or the binding), taken by the next charge of that credential made without the customer in the
 * provider's own transaction, so each shapes exactly one charge, whichever replica makes it.
 */
@ApplicationScoped
public class SandboxChargeControls {

    private static final Logger LOG = Logger.getLogger(SandboxChargeControls.class);
    private static final String ARM = """
            INSERT INTO sandbox_charge_control (merchant_id, credential, decline, answer_delay_seconds, created_at)
            VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (merchant_id, credential) DO UPDATE SET decline = EXCLUDED.decline,
                answer_delay_seconds = EXCLUDED.answer_delay_seconds, created_at = EXCLUDED.created_at""";
    private static final String TAKE = """
            DELETE FROM sandbox_charge_control WHERE merchant_id = ? AND credential = ?
            RETURNING decline, answer_delay_seconds""";

    private final SubscriptionCommands commands;
    private final SubscriptionRepository subscriptions;
    private final StoredCardRepository cards;
    private final DataSource dataSource;
    private final GatewayTime time;

    SandboxChargeControls(SubscriptionCommands commands, SubscriptionRepository subscriptions,
                          StoredCardRepository cards, DataSource dataSource, GatewayTime time) {
        this.commands = commands;
        this.subscriptions = subscriptions;
        this.cards = cards;
        this.dataSource = dataSource;
        this.time = time;
    }

    /**
     * The time control: the subscription's next cycle (or pending retry) due now and, in the same transaction, the
     * control armed for its credential; a subscription that is not ACTIVE ({@code 4091100}) or unknown
     * ({@code 4041101}) arms nothing.
     */
    @Transactional
    public SubscriptionResponse dueNow(String merchantId, String recurringId, SandboxDueControl control) {
        SubscriptionResponse reply = commands.dueNow(merchantId, recurringId);
        if (control.any()) {
            SubscriptionEntity s = subscriptions.findByRecurringId(merchantId, recurringId).orElseThrow();
            credentialOf(s).ifPresent(credential -> arm(merchantId, credential, control));
        }
        return reply;
    }

    /** The next charge of {@code credential} made without the customer takes the control armed for it, if any. */
    @Transactional(Transactional.TxType.MANDATORY)
    Optional<SandboxDueControl> take(String merchantId, String credential) {
        if (merchantId == null || credential == null) {
            return Optional.empty();
        }
        try (Connection c = dataSource.getConnection(); PreparedStatement take = c.prepareStatement(TAKE)) {
            take.setString(1, merchantId);
            take.setString(2, credential);
            try (ResultSet row = take.executeQuery()) {
                return row.next() ? Optional.of(new SandboxDueControl(row.getBoolean(1), row.getInt(2)))
                        : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Could not take the sandbox charge control", e);
        }
    }

    private void arm(String merchantId, String credential, SandboxDueControl control) {
        try (Connection c = dataSource.getConnection(); PreparedStatement arm = c.prepareStatement(ARM)) {
            arm.setString(1, merchantId);
            arm.setString(2, credential);
            arm.setBoolean(3, control.decline());
            arm.setInt(4, control.answerDelaySeconds());
            arm.setObject(5, time.now().atOffset(ZoneOffset.UTC));
            arm.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("Could not arm the sandbox charge control", e);
        }
        LOG.infof("sandbox provider: the next merchant-initiated charge of a credential of merchant %s will be %s%s",
                merchantId, control.decline() ? "declined" : "decided as usual",
                control.answerDelaySeconds() > 0 ? ", answered " + control.answerDelaySeconds() + " s late" : "");
    }

    /** What the provider knows the subscription's credential by: its card token, or the binding's id. */
    private Optional<String> credentialOf(SubscriptionEntity s) {
        if (s.credentialKind == CredentialKind.DIRECT_DEBIT) {
            return Optional.ofNullable(s.bindingId);
        }
        if (s.storedCardId == null) {
            return Optional.empty();
        }
        UUID id;
        try {
            id = UUID.fromString(s.storedCardId);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        return cards.findByIdOptional(id).filter(c -> c.deletedAt == null).map(c -> c.providerToken);
    }
}
