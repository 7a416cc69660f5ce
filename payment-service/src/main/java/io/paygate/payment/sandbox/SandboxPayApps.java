package io.paygate.payment.sandbox;

import io.paygate.model.api.payment.MethodKind;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.status.PaymentStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The customer's side of the sandbox provider (docs/contract.md §2a "Sandbox"): its bank app pays a virtual account or Mandiri
 * bill, its QRIS app pays a scanned payload, its wallet approves (PIN {@value #WALLET_PIN}) or declines, its cashier
 * takes a store code. Each pays only an open charge of the exact amount before its expiry, once; a paid charge is
 * decided CAPTURED in the provider's book and called back to payment-service like a card decision. Each call is the
 * provider's own transaction.
 */
@ApplicationScoped
public class SandboxPayApps {

    public static final String WALLET_PIN = "123456";
    public static final String MANDIRI_BILLER_CODE = "70012";
    public static final String DECLINED = "Declined by the customer";

    private final EntityManager entityManager;
    private final SandboxChargeRepository charges;
    private final SandboxPaymentChannel channel;

    SandboxPayApps(EntityManager entityManager, SandboxChargeRepository charges, SandboxPaymentChannel channel) {
        this.entityManager = entityManager;
        this.charges = charges;
        this.channel = channel;
    }

    /**
     * A charge as the sandbox apps show it before paying: whose ({@code merchantId}), what and how much, and whether it
     * still takes money ({@code open}: open and not past its expiry).
     */
    public record OpenCharge(String reference, String paymentCode, PaymentMethod method, BigDecimal amount,
                             String currency, String payCode, String accountId, Instant expiresAt,
                             String merchantId, boolean open) {
    }

    /** The bank prefix of a sandbox virtual account number. */
    static String vaPrefix(PaymentMethod method) {
        return switch (method) {
            case VA_BCA -> "39108";
            case VA_BNI -> "8808";
            case VA_BRI -> "26215";
            case VA_PERMATA -> "8625";
            case VA_CIMB -> "5919";
            default -> "9";
        };
    }

    /** The open charge a bank app, cashier or wallet would find, for showing it; empty when unknown. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Optional<OpenCharge> lookup(String payCodeOrReference) {
        return find(payCodeOrReference, false).map(SandboxPayApps::view);
    }

    /**
     * The bank app pays a virtual account or Mandiri bill ({@code accountNumber} = the VA number or bill key).
     *
     * @throws SandboxRefusal when it does not pay
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public OpenCharge payVirtualAccount(String accountNumber, BigDecimal amount) {
        SandboxChargeEntity row = requireOpen(find(digitsOnly(accountNumber, "accountNumber"), true)
                .filter(r -> r.method.kind() == MethodKind.VIRTUAL_ACCOUNT || r.method.kind() == MethodKind.BILL_PAYMENT)
                .orElseThrow(() -> SandboxRefusal.unknown("No open virtual account or bill has this number")));
        requireAmount(row, amount);
        return pay(row);
    }

    /**
     * The QRIS app pays a scanned payload: its CRC and amount checked first.
     *
     * @throws SandboxRefusal when it does not pay
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public OpenCharge payQris(String payload) {
        QrisPayload qr;
        try {
            qr = QrisPayload.parse(payload);
        } catch (IllegalArgumentException e) {
            throw SandboxRefusal.invalidQr("Not a valid QRIS code: " + e.getMessage());
        }
        String reference = qr.reference()
                .orElseThrow(() -> SandboxRefusal.invalidQr("Not a valid QRIS code: no reference"));
        BigDecimal amount = qr.amount()
                .orElseThrow(() -> SandboxRefusal.invalidQr("Not a valid QRIS code: no amount"));
        SandboxChargeEntity row = requireOpen(find(reference, true).filter(r -> r.method.hasQr())
                .orElseThrow(() -> SandboxRefusal.unknown("No open QRIS payment has this code")));
        if (!payload.strip().equals(row.qrString)) {
            requireAmount(row, amount); // an edited payload with a valid CRC: only the amount can tell
            throw SandboxRefusal.refused(SandboxRefusal.Reason.QR_CHANGED,
                    "This QR code was changed; scan the one on the payment page");
        }
        requireAmount(row, amount);
        return pay(row);
    }

    /**
     * The wallet approves ({@code pin} {@value #WALLET_PIN}) or declines the payment of charge {@code reference} (the
     * {@code appurl}'s last segment), or of the open wallet charge of payment {@code reference} (a push wallet such as
     * OVO has no link: QA names the payment).
     *
     * @throws SandboxRefusal when nothing happens (unknown, not open, wrong PIN, another action)
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public OpenCharge wallet(String reference, String action, String pin) {
        SandboxChargeEntity row = requireOpen(Optional.ofNullable(reference == null ? null
                        : entityManager.find(SandboxChargeEntity.class, reference, LockModeType.PESSIMISTIC_WRITE))
                .or(() -> openWalletOf(reference))
                .filter(r -> r.method != null && (r.method.kind() == MethodKind.EWALLET
                        || r.method.kind() == MethodKind.EWALLET_PUSH))
                .orElseThrow(() -> SandboxRefusal.unknown("No open wallet payment has this reference")));
        String what = action == null ? "" : action.strip().toLowerCase(Locale.ROOT);
        switch (what) {
            case "approve" -> {
                if (!WALLET_PIN.equals(pin == null ? null : pin.strip())) {
                    throw SandboxRefusal.refused(SandboxRefusal.Reason.WRONG_PIN, "Wrong PIN");
                }
                return pay(row);
            }
            case "decline" -> {
                channel.decide(row, PaymentStatus.FAILED, DECLINED);
                return view(row);
            }
            default -> throw SandboxRefusal.invalid("action", "action is approve or decline");
        }
    }

    /**
     * The cashier of {@code store} takes store code {@code paymentCode}.
     *
     * @throws SandboxRefusal when it does not pay
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public OpenCharge payStore(String store, String paymentCode, BigDecimal amount) {
        PaymentMethod method = PaymentMethod.fromCode(store).filter(m -> m.kind() == MethodKind.CONVENIENCE_STORE)
                .orElseThrow(() -> SandboxRefusal.invalid("store", "store is ALFAMART or INDOMARET"));
        if (paymentCode == null || !paymentCode.strip().matches("[A-Za-z0-9]{1,64}")) {
            throw SandboxRefusal.invalid("paymentCode", "paymentCode is the code shown on the payment page");
        }
        SandboxChargeEntity row = requireOpen(find(paymentCode.strip().toUpperCase(Locale.ROOT), true)
                .filter(r -> r.method == method)
                .orElseThrow(() -> SandboxRefusal.unknown("No open " + method + " payment has this code")));
        requireAmount(row, amount);
        return pay(row);
    }

    /** Open charges of one merchant's payments for the sandbox pages' "what can I pay" hints, newest first. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public List<OpenCharge> openOf(String paymentCode) {
        return charges.openOf(paymentCode, false).map(SandboxPayApps::view).toList();
    }

    private Optional<SandboxChargeEntity> openWalletOf(String paymentCode) {
        if (paymentCode == null) {
            return Optional.empty();
        }
        return charges.openOf(paymentCode, true).filter(r -> r.method != null && r.method.kind() != MethodKind.QR && r.method.kind().name()
                        .startsWith("EWALLET")).findFirst();
    }

    private Optional<SandboxChargeEntity> find(String payCodeOrReference, boolean lock) {
        if (payCodeOrReference == null || payCodeOrReference.isBlank()) {
            return Optional.empty();
        }
        return charges.findMethodCharge(payCodeOrReference.strip(), lock);
    }

    private static SandboxChargeEntity requireOpen(SandboxChargeEntity row) {
        if (row.state == SandboxChargeEntity.State.OPEN && SandboxPaymentChannel.isPast(row)) {
            row.state = SandboxChargeEntity.State.EXPIRED;
        }
        switch (row.state) {
            case OPEN -> {
                return row;
            }
            case EXPIRED -> throw SandboxRefusal.refused(SandboxRefusal.Reason.EXPIRED, "This payment code has expired");
            case CANCELLED -> throw SandboxRefusal.refused(SandboxRefusal.Reason.CANCELLED,
                    "This payment code was cancelled");
            default -> throw PaymentStatus.FAILED.name().equals(row.outcome)
                    ? SandboxRefusal.refused(SandboxRefusal.Reason.DECLINED, "This payment was declined")
                    : SandboxRefusal.refused(SandboxRefusal.Reason.ALREADY_PAID, "This payment code is already paid");
        }
    }

    private static void requireAmount(SandboxChargeEntity row, BigDecimal amount) {
        if (amount == null) {
            throw SandboxRefusal.invalid("amount", "amount is the amount to pay");
        }
        if (amount.compareTo(row.amount) != 0) {
            throw SandboxRefusal.wrongAmount(row.amount, row.currency);
        }
    }

    private OpenCharge pay(SandboxChargeEntity row) {
        row.paidAt = Instant.now();
        channel.decide(row, PaymentStatus.CAPTURED, null);
        return view(row);
    }

    private static String digitsOnly(String number, String field) {
        if (number == null || !number.replaceAll("[\\s-]", "").matches("[0-9]{1,30}")) {
            throw SandboxRefusal.invalid(field, field + " is the number shown on the payment page (digits)");
        }
        return number.replaceAll("[\\s-]", "");
    }

    private static OpenCharge view(SandboxChargeEntity row) {
        return new OpenCharge(row.reference, row.paymentCode, row.method, row.amount, row.currency, row.payCode,
                row.accountId, row.expiresAt, row.merchantId,
                row.state == SandboxChargeEntity.State.OPEN && !SandboxPaymentChannel.isPast(row));
    }
}
