package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.payment.provider.ChargeOpening;
import io.paygate.payment.provider.OpenedCharge;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The Core API charge of a method paid later (docs/contract.md §2a), as docs.midtrans.com documents it: "Integration: Bank
 * Transfer" ({@code bank_transfer} with {@code bank} bca, bni, bri, cimb, permata; {@code echannel} for Mandiri bill),
 * "QRIS", "GoPay", "ShopeePay", "Integration: Over the Counter" ({@code cstore} alfamart / indomaret), each with
 * "Custom Expiry" ({@code custom_expiry}); and what its answer (or a status answer, which carries the same members)
 * gives the customer to pay with.
 */
final class MidtransOpenCharge {

    /** Midtrans's times: {@code yyyy-MM-dd HH:mm:ss}, Western Indonesian Time (GMT+7). */
    static final ZoneId MIDTRANS_ZONE = ZoneId.of("Asia/Jakarta");
    private static final DateTimeFormatter ORDER_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss Z",
            Locale.ROOT);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);
    /** What a number or code the customer types may look like (a hostile answer cannot smuggle markup). */
    private static final Pattern CODE = Pattern.compile("[0-9A-Za-z]{4,40}");
    /** App links: the web, and the wallet app schemes Midtrans documents ({@code gojek://}); never script. */
    private static final Pattern APP_LINK = Pattern.compile("(https?|gojek|shopeeid)://[^\\s\"<>]{1,2000}");
    private static final Pattern WEB_URL = Pattern.compile("https?://[^\\s\"<>]{1,2000}");
    private static final Pattern QR_PAYLOAD = Pattern.compile("[\\x20-\\x7E]{20,1024}");

    private static final Map<PaymentMethod, String> BANKS = new EnumMap<>(Map.of(
            PaymentMethod.VA_BCA, "bca", PaymentMethod.VA_BNI, "bni", PaymentMethod.VA_BRI, "bri",
            PaymentMethod.VA_CIMB, "cimb", PaymentMethod.VA_PERMATA, "permata"));

    private MidtransOpenCharge() {
    }

    /** Midtrans's {@code payment_type} of {@code method}; null for methods this channel does not open. */
    static String paymentType(PaymentMethod method) {
        return switch (method) {
            case VA_BCA, VA_BNI, VA_BRI, VA_CIMB, VA_PERMATA -> "bank_transfer";
            case VA_MANDIRI -> "echannel";
            case QRIS -> "qris";
            case GOPAY -> "gopay";
            case SHOPEEPAY -> "shopeepay";
            case ALFAMART, INDOMARET -> "cstore";
            default -> null;
        };
    }

    /**
     * The charge body: {@code order_id} the charge reference, {@code gross_amount} whole rupiah, the customer, and a
     * custom expiry from {@code now} to the opening's expiry (seconds, so Midtrans stops taking money when paygate
     * stops waiting). {@code pageUrl} is where a wallet app sends the customer back to.
     */
    static Map<String, Object> body(ChargeOpening o, Instant now, String pageUrl) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("payment_type", paymentType(o.method()));
        body.put("transaction_details", Map.of("order_id", o.reference(),
                "gross_amount", o.amount().longValueExact()));
        Map<String, Object> customer = customer(o.customer());
        if (!customer.isEmpty()) {
            body.put("customer_details", customer);
        }
        Instant orderTime = now.truncatedTo(ChronoUnit.SECONDS);
        body.put("custom_expiry", Map.of(
                "order_time", ORDER_TIME.format(orderTime.atZone(MIDTRANS_ZONE)),
                "expiry_duration", Duration.between(orderTime, o.expiresAt()).toSeconds(),
                "unit", "second"));
        String merchant = o.merchantName() == null ? "" : o.merchantName().strip();
        switch (o.method()) {
            // a number the merchant chose (SNAP's virtualAccountNo) is Midtrans's custom va_number
            case VA_BCA, VA_BNI, VA_BRI, VA_CIMB, VA_PERMATA -> body.put("bank_transfer", o.number() == null
                    ? Map.of("bank", BANKS.get(o.method()))
                    : Map.of("bank", BANKS.get(o.method()), "va_number", o.number()));
            // Mandiri shows bill_info1 (10 characters) and bill_info2 (30) when the customer confirms the bill
            case VA_MANDIRI -> body.put("echannel", Map.of("bill_info1", "Payment:",
                    "bill_info2", cut(merchant.isEmpty() ? "Online purchase" : merchant, 30)));
            case GOPAY -> body.put("gopay", Map.of("enable_callback", true, "callback_url", pageUrl));
            case SHOPEEPAY -> body.put("shopeepay", Map.of("callback_url", pageUrl));
            case ALFAMART -> body.put("cstore", merchant.isEmpty() ? Map.of("store", "alfamart")
                    : Map.of("store", "alfamart", "alfamart_free_text_1", cut(merchant, 40)));
            case INDOMARET -> body.put("cstore", merchant.isEmpty() ? Map.of("store", "indomaret")
                    : Map.of("store", "indomaret", "message", cut(merchant, 20)));
            default -> {
                // QRIS: Midtrans's default acquirer
            }
        }
        return body;
    }

    /**
     * What the customer pays with, from a charge or status answer: the VA number ({@code va_numbers[].va_number},
     * Permata's {@code permata_va_number}), the Mandiri {@code bill_key} and {@code biller_code}, the store's
     * {@code payment_code}, the {@code qr_string}, the {@code actions} ({@code deeplink-redirect} → app link,
     * {@code generate-qr-code} → the provider's QR image when there is no payload) and {@code expiry_time}.
     *
     * @param asked the expiry paygate asked for, when the answer has none
     * @throws MidtransUnavailable when the answer lacks what the customer needs (or has it in a shape this code does
     *                             not accept): not usable, ask again
     */
    static OpenedCharge opened(JsonNode body, PaymentMethod method, Instant asked) {
        String payCode = switch (method) {
            case VA_BCA, VA_BNI, VA_BRI, VA_CIMB -> vaNumber(body, BANKS.get(method));
            case VA_PERMATA -> firstNonNull(MidtransTransaction.text(body, "permata_va_number"),
                    vaNumber(body, "permata"));
            case VA_MANDIRI -> MidtransTransaction.text(body, "bill_key");
            case ALFAMART, INDOMARET -> MidtransTransaction.text(body, "payment_code");
            default -> null;
        };
        String billerCode = method == PaymentMethod.VA_MANDIRI ? MidtransTransaction.text(body, "biller_code") : null;
        String qr = method.hasQr() ? MidtransTransaction.text(body, "qr_string") : null;
        String appUrl = method.hasAppLink() ? action(body, "deeplink-redirect", APP_LINK) : null;
        String providerQr = method.hasQr() && qr == null ? action(body, "generate-qr-code", WEB_URL) : null;
        if (method.kind().paidWithCode() && (payCode == null || !CODE.matcher(payCode).matches())) {
            throw unusable(method, "no usable payment number or code");
        }
        if (billerCode != null && !CODE.matcher(billerCode).matches() || method == PaymentMethod.VA_MANDIRI
                && billerCode == null) {
            throw unusable(method, "no usable biller_code");
        }
        if (qr != null && !QR_PAYLOAD.matcher(qr).matches()) {
            throw unusable(method, "a qr_string that is not a QR payload");
        }
        if (method.hasQr() && qr == null && providerQr == null && appUrl == null) {
            throw unusable(method, "neither a QR nor an app link");
        }
        return new OpenedCharge(payCode, billerCode, qr, appUrl, providerQr, expiry(body, asked));
    }

    /** {@code expiry_time} (GMT+7), else {@code asked}. */
    static Instant expiry(JsonNode body, Instant asked) {
        String text = MidtransTransaction.text(body, "expiry_time");
        if (text == null) {
            return asked;
        }
        try {
            return LocalDateTime.parse(text.strip(), TIME).atZone(MIDTRANS_ZONE).toInstant();
        } catch (DateTimeParseException e) {
            return asked;
        }
    }

    private static String vaNumber(JsonNode body, String bank) {
        JsonNode list = body == null ? null : body.get("va_numbers");
        if (list == null || !list.isArray()) {
            return null;
        }
        String any = null;
        for (JsonNode va : list) {
            String number = MidtransTransaction.text(va, "va_number");
            if (bank.equalsIgnoreCase(MidtransTransaction.text(va, "bank"))) {
                return number;
            }
            any = any == null ? number : any;
        }
        return list.size() == 1 ? any : null;
    }

    private static String action(JsonNode body, String name, Pattern allowed) {
        JsonNode list = body == null ? null : body.get("actions");
        if (list == null || !list.isArray()) {
            return null;
        }
        for (JsonNode a : list) {
            String url = MidtransTransaction.text(a, "url");
            if (name.equals(MidtransTransaction.text(a, "name")) && url != null && allowed.matcher(url).matches()) {
                return url;
            }
        }
        return null;
    }

    private static Map<String, Object> customer(ChargeOpening.Payer payer) {
        Map<String, Object> c = new LinkedHashMap<>();
        if (payer == null) {
            return c;
        }
        putIf(c, "first_name", payer.firstName(), 255);
        putIf(c, "last_name", payer.lastName(), 255);
        putIf(c, "email", payer.email(), 255);
        putIf(c, "phone", payer.mobilePhone(), 19);
        return c;
    }

    private static void putIf(Map<String, Object> map, String key, String value, int max) {
        if (value != null && !value.isBlank()) {
            map.put(key, cut(value.strip(), max));
        }
    }

    private static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }

    private static String firstNonNull(String a, String b) {
        return a != null ? a : b;
    }

    private static MidtransUnavailable unusable(PaymentMethod method, String what) {
        return new MidtransUnavailable("midtrans charge of " + method + ": " + what + " in the answer");
    }
}
