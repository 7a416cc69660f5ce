package io.paygate.merchant.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.merchant.MerchantRequest;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.json.Json;
import io.paygate.model.net.Cidr;
import io.paygate.model.snap.SnapKeys;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What Bean Validation cannot check of a merchant (docs/contract.md §10), each refusal {@code 400SS01} (or
 * {@code 400SS02} for a missing member) naming the member, before anything is written: a PEM that is not an RSA public
 * key of at least 2048 bits, a CIDR that does not parse, a company code that is not 8 characters (digits right-aligned
 * with spaces) or is repeated, an unknown §2a method, a fee table not shaped as §12 says. Values come back in the form
 * the registry stores: canonical CIDRs and method codes, the public key as PEM, the fees as compact JSON.
 */
public final class MerchantRules {

    public static final String DEFAULT_PROVIDER = "sandbox";
    public static final String DEFAULT_CURRENCY = "IDR";
    public static final String DEFAULT_MIDTRANS_BASE_URL = "https://api.sandbox.midtrans.com";
    public static final int MAX_CIDRS = 32;
    /** docs/contract.md §12: fees of a disbursement, beside the §2a method codes and families. */
    public static final String DISBURSEMENT = "DISBURSEMENT";

    private static final Pattern COMPANY_CODE = Pattern.compile(" *[0-9]+");
    private static final Pattern FEE_KEY = Pattern.compile("[A-Z0-9_]{1,31}\\*?");
    private static final Pattern AMOUNT = Pattern.compile("(0|[1-9][0-9]{0,11})(\\.[0-9]{1,4})?");
    private static final int MAX_FEES = 64;

    private MerchantRules() {
    }

    /**
     * {@code request} checked and in stored form.
     *
     * @param serverKeyStored whether the merchant already has a Midtrans server key (a patch need not send it again)
     */
    public static MerchantRequest checked(MerchantRequest request, boolean serverKeyStored) {
        String provider = request.provider() == null ? DEFAULT_PROVIDER : request.provider();
        MerchantRequest.Midtrans midtrans = request.midtrans();
        if ("midtrans".equals(provider)) {
            if (midtrans == null || midtrans.serverKey() == null && !serverKeyStored) {
                throw ApiException.mandatory("midtrans.serverKey");
            }
            if (midtrans.clientKey() == null) {
                throw ApiException.mandatory("midtrans.clientKey");
            }
        }
        if (midtrans != null && midtrans.baseUrl() == null) {
            midtrans = new MerchantRequest.Midtrans(midtrans.serverKey(), midtrans.clientKey(),
                    DEFAULT_MIDTRANS_BASE_URL);
        }
        MerchantRequest.Snap snap = request.snap();
        if (snap != null) {
            snap = new MerchantRequest.Snap(snap.clientKey(), publicKey(snap.publicKey(), "snap.publicKey"),
                    companyCodes(snap.partnerServiceIds()));
        }
        return new MerchantRequest(request.id(), request.name(), provider,
                request.currency() == null ? DEFAULT_CURRENCY : request.currency(), midtrans, snap,
                methods(request.methods()), cidrs(request.ipAllowlist(), "ipAllowlist"), request.rateLimit(),
                request.fees() == null || request.fees().isNull() ? null : Json.tree(fees(request.fees())), request.settlementDelayDays());
    }

    /** An RSA public key of at least 2048 bits, as PEM ({@code 400SS01 <field>} otherwise). */
    public static String publicKey(String text, String field) {
        try {
            return SnapKeys.pem(SnapKeys.publicKey(text));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidFormat(field);
        }
    }

    /** The blocks in canonical form, duplicates dropped ({@code 400SS01 <field>[i]} for one that does not parse). */
    public static List<String> cidrs(List<String> cidrs, String field) {
        if (cidrs == null) {
            return List.of();
        }
        if (cidrs.size() > MAX_CIDRS) {
            throw ApiException.invalidFormat(field);
        }
        Set<String> canonical = new LinkedHashSet<>();
        for (int i = 0; i < cidrs.size(); i++) {
            int at = i;
            canonical.add(Cidr.parse(cidrs.get(i)).orElseThrow(() -> ApiException.invalidFormat(field + "[" + at + "]"))
                    .toString());
        }
        return List.copyOf(canonical);
    }

    /** §2a method codes as their canonical names (aliases accepted), duplicates dropped. */
    public static List<String> methods(List<String> methods) {
        if (methods == null) {
            return List.of();
        }
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < methods.size(); i++) {
            int at = i;
            names.add(PaymentMethod.fromCode(methods.get(i))
                    .orElseThrow(() -> ApiException.invalidFormat("methods[" + at + "]")).name());
        }
        return List.copyOf(names);
    }

    /** Company codes as sent: 8 characters, digits right-aligned with spaces, none twice. */
    public static List<String> companyCodes(List<String> codes) {
        if (codes == null) {
            return List.of();
        }
        Set<String> digits = new HashSet<>();
        for (int i = 0; i < codes.size(); i++) {
            String code = codes.get(i);
            if (code.length() != 8 || !COMPANY_CODE.matcher(code).matches() || !digits.add(code.strip())) {
                throw ApiException.invalidFormat("snap.partnerServiceIds[" + i + "]");
            }
        }
        return List.copyOf(codes);
    }

    /**
     * The fee table (docs/contract.md §12) as compact JSON: an object whose members are §2a method codes
     * ({@code CARD}), families ({@code VA_*}, some method's name beginning with what precedes the star) or
     * {@code DISBURSEMENT}, each {@code {"percent": "2.9", "fixed": "2000"}} (one or both, decimal strings of at most 4
     * decimals; a percent at most 100).
     */
    public static String fees(JsonNode fees) {
        if (!(fees instanceof ObjectNode table) || table.size() > MAX_FEES) {
            throw ApiException.invalidFormat("fees");
        }
        for (Map.Entry<String, JsonNode> entry : table.properties()) {
            String key = entry.getKey();
            if (!FEE_KEY.matcher(key).matches() || !knownFeeKey(key)) {
                throw ApiException.invalidFormat(FEE_KEY.matcher(key).matches() ? "fees." + key : "fees");
            }
            JsonNode fee = entry.getValue();
            String field = "fees." + key;
            if (!(fee instanceof ObjectNode members) || members.isEmpty()) {
                throw ApiException.invalidFormat(field);
            }
            List<String> names = new ArrayList<>();
            members.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode value = members.get(name);
                if (!Set.of("percent", "fixed").contains(name)) {
                    throw ApiException.invalidFormat(field);
                }
                if (!value.isTextual() || !AMOUNT.matcher(value.asText()).matches()
                        || "percent".equals(name) && new BigDecimal(value.asText()).compareTo(BigDecimal.valueOf(100)) > 0) {
                    throw ApiException.invalidFormat(field + "." + name);
                }
            }
        }
        return Json.write(table);
    }

    private static boolean knownFeeKey(String key) {
        if (DISBURSEMENT.equals(key)) {
            return true;
        }
        if (key.endsWith("*")) {
            String prefix = key.substring(0, key.length() - 1);
            return !prefix.isEmpty() && prefix.endsWith("_")
                    && Arrays.stream(PaymentMethod.values()).anyMatch(m -> m.name().startsWith(prefix));
        }
        return Arrays.stream(PaymentMethod.values()).anyMatch(m -> m.name().equals(key));
    }
}
