package io.paygate.kit.snap;

import io.paygate.kit.config.GatewayConfig;
import io.quarkus.runtime.Startup;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Whose SNAP company codes are whose (docs/contract.md §9, "Virtual account numbers belong to one merchant"): each
 * merchant's {@code partnerServiceId}s, the codes a bank assigned it, so that no merchant opens, squats or inherits
 * another's customer's number. Read from {@code gateway.merchants.<id>.snap.partner-service-ids} until the merchant
 * registry holds them; anything that knows the codes may build one ({@link #PartnerServiceIds(Map)}).
 * <p>
 * A code is its digits: a virtual account's number is read without its spaces (as a bank app reads it), so
 * {@code "   12345"} and {@code "12345"} are one code, shown left-padded with spaces to 8. Made at start-up: a code
 * that is not 1–8 digits, one two merchants share, and one that begins another merchant's (every number under
 * {@code 123456} is also a number under {@code 12345}) stop the service, naming the key.
 */
@Singleton
@Startup
public class PartnerServiceIds {

    /** The standard's length of {@code partnerServiceId}: left-padded with spaces to it. */
    public static final int LENGTH = 8;
    private static final Pattern CODE = Pattern.compile("[0-9]{1," + LENGTH + "}");

    /** The merchant id of each code's digits. */
    private final Map<String, String> owners;

    @Inject
    PartnerServiceIds(GatewayConfig config) {
        this(configured(config));
    }

    /**
     * The codes of each merchant, by merchant id, each as configured (digits, optionally padded with spaces).
     *
     * @throws IllegalStateException on a malformed code, or one that another merchant's equals or begins
     */
    public PartnerServiceIds(Map<String, List<String>> codesByMerchant) {
        Map<String, String> owners = new TreeMap<>();
        new TreeMap<>(codesByMerchant).forEach((merchantId, codes) -> {
            for (String configured : codes) {
                String code = configured.strip();
                if (!CODE.matcher(code).matches()) {
                    throw new IllegalStateException(key(merchantId) + ": \"" + configured + "\" is not a company code"
                            + " of 1-" + LENGTH + " digits (written without its padding)");
                }
                owners.forEach((other, owner) -> {
                    if (!owner.equals(merchantId) && (other.startsWith(code) || code.startsWith(other))) {
                        throw new IllegalStateException(key(merchantId) + ": \"" + padded(code) + "\" "
                                + (other.equals(code) ? "is" : "overlaps") + " merchant " + owner + "'s \""
                                + padded(other) + "\": a company code belongs to one merchant, and no number may be"
                                + " both's");
                    }
                });
                owners.put(code, merchantId);
            }
        });
        this.owners = Map.copyOf(owners);
    }

    private static Map<String, List<String>> configured(GatewayConfig config) {
        Map<String, List<String>> codes = new TreeMap<>();
        config.merchants().forEach((id, merchant) -> merchant.snap()
                .flatMap(GatewayConfig.Snap::partnerServiceIds)
                .ifPresent(list -> codes.put(id, list)));
        return codes;
    }

    /** Whether {@code partnerServiceId} (as a request sends it: spaces, then digits) is one of the merchant's codes. */
    public boolean belongsTo(String merchantId, String partnerServiceId) {
        return partnerServiceId != null && merchantId.equals(owners.get(partnerServiceId.strip()));
    }

    /** {@code code} as the standard writes it: left-padded with spaces to {@value #LENGTH}. */
    public static String padded(String code) {
        String digits = code.strip();
        return " ".repeat(Math.max(0, LENGTH - digits.length())) + digits;
    }

    private static String key(String merchantId) {
        return "gateway.merchants." + merchantId + ".snap.partner-service-ids";
    }
}
