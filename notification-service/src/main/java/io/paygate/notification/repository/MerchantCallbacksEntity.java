package io.paygate.notification.repository;

import io.paygate.model.api.CallbackRegistration;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Set;

/** A merchant's registered addresses for disbursement, binding and SNAP notifications (docs/contract.md §6, §9). */
@Entity
@Table(name = "merchant_callbacks")
public class MerchantCallbacksEntity extends PanacheEntityBase {

    /** Parameters 1–6 the URLs, 7–12 whether each is changed, then merchant and time. */
    private static final String UPSERT = """
            INSERT INTO merchant_callbacks AS m (merchant_id, disbursement_callback_url, binding_callback_url,
                                                 snap_debit_notify_url, snap_va_payment_url, snap_qr_notify_url,
                                                 snap_binding_notify_url, updated_at)
            VALUES (?13, ?1, ?2, ?3, ?4, ?5, ?6, ?14)
            ON CONFLICT (merchant_id) DO UPDATE SET
                disbursement_callback_url = CASE WHEN ?7 THEN EXCLUDED.disbursement_callback_url
                                                 ELSE m.disbursement_callback_url END,
                binding_callback_url = CASE WHEN ?8 THEN EXCLUDED.binding_callback_url ELSE m.binding_callback_url END,
                snap_debit_notify_url = CASE WHEN ?9 THEN EXCLUDED.snap_debit_notify_url ELSE m.snap_debit_notify_url END,
                snap_va_payment_url = CASE WHEN ?10 THEN EXCLUDED.snap_va_payment_url ELSE m.snap_va_payment_url END,
                snap_qr_notify_url = CASE WHEN ?11 THEN EXCLUDED.snap_qr_notify_url ELSE m.snap_qr_notify_url END,
                snap_binding_notify_url = CASE WHEN ?12 THEN EXCLUDED.snap_binding_notify_url
                                               ELSE m.snap_binding_notify_url END,
                updated_at = EXCLUDED.updated_at""";

    @Id
    @Column(name = "merchant_id")
    public String merchantId;

    @Column(name = "disbursement_callback_url")
    public String disbursementCallbackUrl;

    @Column(name = "binding_callback_url")
    public String bindingCallbackUrl;

    @Column(name = "snap_debit_notify_url")
    public String snapDebitNotifyUrl;

    @Column(name = "snap_va_payment_url")
    public String snapVaPaymentUrl;

    @Column(name = "snap_qr_notify_url")
    public String snapQrNotifyUrl;

    @Column(name = "snap_binding_notify_url")
    public String snapBindingNotifyUrl;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** The registration as stored. */
    public CallbackRegistration registration() {
        return new CallbackRegistration(disbursementCallbackUrl, bindingCallbackUrl, snapDebitNotifyUrl,
                snapVaPaymentUrl, snapQrNotifyUrl, snapBindingNotifyUrl);
    }

    /**
     * Changes the members of the merchant's registration named in {@code changed} to their values in {@code urls}
     * (null unregisters) and leaves the others, in one statement, so two first registrations racing each other cannot
     * both insert (the loser's unique violation would be a 500); of two PUTs changing one member, the last one wins.
     */
    public static void upsert(String merchantId, CallbackRegistration urls, Set<String> changed, Instant at) {
        var query = getEntityManager().createNativeQuery(UPSERT);
        int i = 1;
        for (String member : CallbackRegistration.MEMBERS) {
            query.setParameter(i, urls.url(member));
            query.setParameter(i + CallbackRegistration.MEMBERS.size(), changed.contains(member));
            i++;
        }
        query.setParameter(13, merchantId).setParameter(14, at).executeUpdate();
    }
}
