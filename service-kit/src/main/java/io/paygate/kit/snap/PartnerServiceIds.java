package io.paygate.kit.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.config.GatewayConfig;
import io.quarkus.runtime.Startup;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Whose SNAP company codes are whose (docs/contract.md §9, "Virtual account numbers belong to one merchant"): each
 * merchant's {@code partnerServiceId}s, the codes a bank assigned it, so that no merchant opens, squats or inherits
 * another's customer's number. The service's bean follows the merchants ({@link Merchants}: the configured codes,
 * {@code gateway.merchants.<id>.snap.partner-service-ids}, and over them the registry's, docs/contract.md §10);
 * anything else that knows the codes may build one ({@link #PartnerServiceIds(Map)}).
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

    private static final Logger LOG = Logger.getLogger(PartnerServiceIds.class);

    /** The merchant id of each code's digits (the codes given; for the bean, the configured ones). */
    private final Map<String, String> owners;
    /** The merchants followed, or null for codes given once. */
    private final Merchants merchants;
    private volatile Live live = new Live(-1, Map.of());

    /** The owners of each code at a generation of the merchants. */
    private record Live(long generation, Map<String, String> owners) {
    }

    /** The configured codes alone. */
    PartnerServiceIds(GatewayConfig config) {
        this(configured(config));
    }

    @Inject
    PartnerServiceIds(GatewayConfig config, Merchants merchants) {
        this.owners = checked(configured(config));
        this.merchants = merchants;
    }

    /**
     * The codes of each merchant, by merchant id, each as configured (digits, optionally padded with spaces).
     *
     * @throws IllegalStateException on a malformed code, or one that another merchant's equals or begins
     */
    public PartnerServiceIds(Map<String, List<String>> codesByMerchant) {
        this.owners = checked(codesByMerchant);
        this.merchants = null;
    }

    private static Map<String, String> checked(Map<String, List<String>> codesByMerchant) {
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
        return Map.copyOf(owners);
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
        return partnerServiceId != null && merchantId.equals(owners().get(partnerServiceId.strip()));
    }

    private Map<String, String> owners() {
        if (merchants == null) {
            return owners;
        }
        Live current = live;
        long generation = merchants.generation();
        if (current.generation() != generation) {
            current = new Live(generation, followed(merchants.all()));
            live = current;
        }
        return current.owners();
    }

    /**
     * The owners of the codes of {@code all}: the registry's merchants' codes first, a code two of them claim (equal, or
     * one beginning the other) nobody's; then the configured merchants' codes that no registry code overlaps.
     */
    static Map<String, String> followed(Iterable<Merchant> all) {
        Map<String, String> registry = new HashMap<>();
        Map<String, String> configured = new HashMap<>();
        for (Merchant merchant : all) {
            for (String given : merchant.partnerServiceIds()) {
                String code = given.strip();
                if (!CODE.matcher(code).matches()) {
                    LOG.warnf("merchant %s: \"%s\" is not a company code of 1-%d digits; ignored", merchant.id(),
                            given, LENGTH);
                    continue;
                }
                Map<String, String> side = merchant.fromRegistry() ? registry : configured;
                String other = side.putIfAbsent(code, merchant.id());
                if (other != null && !other.equals(merchant.id())) {
                    side.put(code, null); // claimed twice: nobody's
                }
            }
        }
        Map<String, String> owners = new HashMap<>();
        Set<String> contested = overlapping(registry);
        registry.forEach((code, owner) -> {
            if (owner != null && !contested.contains(code)) {
                owners.put(code, owner);
            }
        });
        List<String> registryCodes = new ArrayList<>(registry.keySet());
        configured.forEach((code, owner) -> {
            if (owner != null && registryCodes.stream().noneMatch(r -> r.startsWith(code) || code.startsWith(r))) {
                owners.put(code, owner);
            }
        });
        if (!contested.isEmpty()) {
            LOG.warnf("SNAP company codes %s are claimed by more than one merchant: they belong to none until that is "
                    + "settled", new TreeSet<>(contested));
        }
        return Map.copyOf(owners);
    }

    /** The codes of {@code owners} that another owner's code begins or equals (sorted, so one pass per prefix run). */
    private static Set<String> overlapping(Map<String, String> owners) {
        List<String> codes = new ArrayList<>(owners.keySet());
        codes.sort(null);
        Set<String> contested = new HashSet<>();
        for (int i = 0; i < codes.size(); i++) {
            String code = codes.get(i);
            for (int j = i + 1; j < codes.size() && codes.get(j).startsWith(code); j++) {
                if (!Objects.equals(owners.get(code), owners.get(codes.get(j)))) {
                    contested.add(code);
                    contested.add(codes.get(j));
                }
            }
        }
        return contested;
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
