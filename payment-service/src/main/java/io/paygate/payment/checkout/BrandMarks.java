package io.paygate.payment.checkout;

import io.paygate.model.api.payment.MethodKind;
import io.paygate.model.api.payment.PaymentMethod;
import io.quarkus.qute.TemplateData;

import java.util.Arrays;
import java.util.Locale;

/**
 * The marks shoppers look for on the hosted page (docs/contract.md §2): each card network's drawn mark (an SVG of
 * {@code resources/paygate/marks}, whose NOTICE.md names its source and licence, served by {@link PageAssets}), and
 * for each bank, wallet and store a text badge in the brand's colour ({@code .mark-<key>} in the page's stylesheet):
 * none of them has a mark under a licence the project could verify (NOTICE.md says where it looked).
 */
final class BrandMarks {

    /** The card networks the card form names, with their marks' files ({@code paygate/marks/<file>.svg}). */
    enum CardNetwork {
        VISA("Visa", "visa"),
        MASTERCARD("Mastercard", "mastercard"),
        JCB("JCB", "jcb"),
        AMEX("American Express", "amex");

        private final String title;
        private final String file;

        CardNetwork(String title, String file) {
            this.title = title;
            this.file = file;
        }

        /** The network's name, the image's {@code alt} where no text beside it names it. */
        String title() {
            return title;
        }

        String file() {
            return file;
        }
    }

    /** A drawn mark as the page shows it: the name it stands for and the image's address. */
    @TemplateData
    public record Mark(String name, String src) {
    }

    /**
     * A text badge: {@code key} picks its colours ({@code .mark-<key>}), {@code text} is the brand's name as it writes
     * it, which is also what a screen reader reads.
     */
    @TemplateData
    public record Badge(String key, String text) {
    }

    private BrandMarks() {
    }

    /** The badge of a method that is one brand; null for card and direct debit, which are many. */
    static Badge of(PaymentMethod method) {
        return switch (method) {
            case CARD, DIRECT_DEBIT -> null;
            case QRIS, GOPAY, SHOPEEPAY, OVO, DANA, LINKAJA ->
                    new Badge(method.name().toLowerCase(Locale.ROOT), MethodChoices.name(method, null));
            default -> new Badge(method.institution().toLowerCase(Locale.ROOT), MethodChoices.name(method, null));
        };
    }

    /** The badge of a direct-debit source's bank ({@code BCA_DD} → BCA's); null for a bank without one. */
    static Badge ofDirectDebit(String sourceType) {
        if (sourceType == null || !sourceType.endsWith("_DD")) {
            return null;
        }
        String bank = sourceType.substring(0, sourceType.length() - 3);
        return Arrays.stream(PaymentMethod.values()).filter(m -> m.kind() != MethodKind.CONVENIENCE_STORE)
                .filter(m -> bank.equals(m.institution())).findFirst().map(BrandMarks::of).orElse(null);
    }
}
