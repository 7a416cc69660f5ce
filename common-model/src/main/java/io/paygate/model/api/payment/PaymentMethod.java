package io.paygate.model.api.payment;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A payment method (docs/contract.md §2a): its {@code sourceOfFunds.type} code, its {@link MethodKind} and, for bank and
 * store methods, the institution the customer pays at. Codes are matched case-insensitively; the seed's home-market
 * spellings ({@code vabca}, {@code idm}, {@code cc} …) and the direct-debit source codes of a binding ({@code BCA_DD}
 * …, which name the bound account's bank) are accepted as aliases.
 */
public enum PaymentMethod {
    CARD(MethodKind.CARD, null, "cc", "credit_card"),
    DIRECT_DEBIT(MethodKind.BOUND_ACCOUNT, null, "BCA_DD", "BRI_DD", "MANDIRI_DD", "BNI_DD"),
    VA_BCA(MethodKind.VIRTUAL_ACCOUNT, "BCA", "vabca"),
    VA_BNI(MethodKind.VIRTUAL_ACCOUNT, "BNI", "vabni"),
    VA_BRI(MethodKind.VIRTUAL_ACCOUNT, "BRI", "vabri"),
    VA_PERMATA(MethodKind.VIRTUAL_ACCOUNT, "PERMATA", "vapermata"),
    VA_CIMB(MethodKind.VIRTUAL_ACCOUNT, "CIMB", "vacimb"),
    VA_MANDIRI(MethodKind.BILL_PAYMENT, "MANDIRI", "vamandiri"),
    QRIS(MethodKind.QR, null),
    GOPAY(MethodKind.EWALLET, null),
    SHOPEEPAY(MethodKind.EWALLET, null),
    OVO(MethodKind.EWALLET_PUSH, null),
    DANA(MethodKind.EWALLET, null),
    LINKAJA(MethodKind.EWALLET, null),
    ALFAMART(MethodKind.CONVENIENCE_STORE, "ALFAMART"),
    INDOMARET(MethodKind.CONVENIENCE_STORE, "INDOMARET", "idm");

    private static final Map<String, PaymentMethod> BY_CODE = new HashMap<>();

    static {
        for (PaymentMethod m : values()) {
            BY_CODE.put(m.name().toLowerCase(Locale.ROOT), m);
            for (String alias : m.aliases) {
                BY_CODE.put(alias.toLowerCase(Locale.ROOT), m);
            }
        }
    }

    private final MethodKind kind;
    private final String institution;
    private final List<String> aliases;

    PaymentMethod(MethodKind kind, String institution, String... aliases) {
        this.kind = kind;
        this.institution = institution;
        this.aliases = List.of(aliases);
    }

    /** The method a {@code sourceOfFunds.type} names, case-insensitively, aliases included; empty when none. */
    public static Optional<PaymentMethod> fromCode(String code) {
        if (code == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(BY_CODE.get(code.strip().toLowerCase(Locale.ROOT)));
    }

    public MethodKind kind() {
        return kind;
    }

    /** The bank ({@code BCA}, {@code MANDIRI} …) or store ({@code ALFAMART}, {@code INDOMARET}); null otherwise. */
    public String institution() {
        return institution;
    }

    /** Whether the reply and the notification carry the wallet app link ({@code appurl}). */
    public boolean hasAppLink() {
        return kind == MethodKind.EWALLET;
    }

    /** Whether the method is paid by scanning a QR: QRIS, and the wallets that have one on a desktop. */
    public boolean hasQr() {
        return this == QRIS || this == GOPAY || this == SHOPEEPAY;
    }

    /** Whether the method needs the customer's wallet account ({@code sourceOfFunds.accountId}). */
    public boolean needsAccount() {
        return kind == MethodKind.EWALLET_PUSH;
    }
}
