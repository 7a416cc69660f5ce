package io.paygate.payment.checkout;

import io.paygate.model.api.payment.PaymentMethod;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The methods a hosted page offers, grouped as shoppers in Indonesia expect (docs/contract.md §2): QRIS and e-wallets, virtual
 * accounts, card, convenience stores, direct debit; the group of a preselected method first.
 */
public final class MethodChoices {

    private static final List<PaymentMethod> WALLETS = List.of(PaymentMethod.QRIS, PaymentMethod.GOPAY,
            PaymentMethod.SHOPEEPAY, PaymentMethod.OVO, PaymentMethod.DANA, PaymentMethod.LINKAJA);
    private static final List<PaymentMethod> ACCOUNTS = List.of(PaymentMethod.VA_BCA, PaymentMethod.VA_BNI,
            PaymentMethod.VA_BRI, PaymentMethod.VA_MANDIRI, PaymentMethod.VA_PERMATA, PaymentMethod.VA_CIMB);
    private static final List<PaymentMethod> STORES = List.of(PaymentMethod.ALFAMART, PaymentMethod.INDOMARET);

    private MethodChoices() {
    }

    /**
     * @param offered     the merchant's channel's methods
     * @param current     the method whose charge is open now (not offered again), or null
     * @param first       the method to put first (preselected), or null
     * @param withAccount whether the payment names a wallet account (a push wallet needs one)
     * @param debit       whether the customer has ACTIVE direct-debit bindings
     */
    static List<MethodGroup> of(Set<PaymentMethod> offered, PaymentMethod current, PaymentMethod first,
                                boolean withAccount, boolean debit, MethodMessages m) {
        List<MethodGroup> groups = new ArrayList<>();
        add(groups, "wallets", m.groupWallets(), choices(WALLETS, offered, current, withAccount, m));
        add(groups, "accounts", m.groupAccounts(), choices(ACCOUNTS, offered, current, withAccount, m));
        add(groups, "card", m.cardChoice(), choices(List.of(PaymentMethod.CARD), offered, current, withAccount, m));
        add(groups, "stores", m.groupStores(), choices(STORES, offered, current, withAccount, m));
        if (debit) {
            add(groups, "directdebit", m.directDebitChoice(),
                    choices(List.of(PaymentMethod.DIRECT_DEBIT), offered, current, withAccount, m));
        }
        if (first != null) {
            groups.stream().filter(g -> g.choices().stream().anyMatch(c -> c.type().equals(first.name())))
                    .findFirst().ifPresent(g -> {
                        groups.remove(g);
                        groups.addFirst(g);
                    });
        }
        return groups;
    }

    private static List<MethodGroup.Choice> choices(List<PaymentMethod> methods, Set<PaymentMethod> offered,
                                                    PaymentMethod current, boolean withAccount, MethodMessages m) {
        return methods.stream().filter(offered::contains).filter(method -> method != current)
                .filter(method -> withAccount || !method.needsAccount())
                .map(method -> new MethodGroup.Choice(method.name(), name(method, m), BrandMarks.of(method))).toList();
    }

    private static void add(List<MethodGroup> groups, String kind, String heading, List<MethodGroup.Choice> choices) {
        if (!choices.isEmpty()) {
            groups.add(new MethodGroup(kind, heading, choices));
        }
    }

    /** A method as the customer knows it: the bank, wallet or store's own name. */
    public static String name(PaymentMethod method, MethodMessages m) {
        return switch (method) {
            case CARD -> m.cardChoice();
            case DIRECT_DEBIT -> m.directDebitChoice();
            case QRIS -> "QRIS";
            case GOPAY -> "GoPay";
            case SHOPEEPAY -> "ShopeePay";
            case OVO -> "OVO";
            case DANA -> "DANA";
            case LINKAJA -> "LinkAja";
            case ALFAMART -> "Alfamart";
            case INDOMARET -> "Indomaret";
            default -> bankName(method.institution());
        };
    }

    /** A bank's name as its customers write it ({@code CIMB} → {@code CIMB Niaga}). */
    static String bankName(String institution) {
        return switch (institution) {
            case "MANDIRI" -> "Mandiri";
            case "PERMATA" -> "Permata";
            case "CIMB" -> "CIMB Niaga";
            default -> institution;
        };
    }
}
