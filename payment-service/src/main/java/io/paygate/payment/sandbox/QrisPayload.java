package io.paygate.payment.sandbox;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A QRIS payload (EMVCo QR Code Specification for Payment Systems, merchant-presented mode, as Bank Indonesia's QRIS
 * standard profiles it; docs/contract.md §2a): ID-length-value fields, two-digit ids and lengths, ending in tag {@code 63}, a
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) over everything before its value, {@code "6304"} included.
 * The gateway's codes are dynamic (point of initiation {@code 12}), in rupiah ({@code 360}), with the amount, and the
 * charge's reference in the additional data (tag {@code 62}, reference label {@code 05}).
 */
public final class QrisPayload {

    static final String FORMAT = "00";
    static final String INITIATION = "01";
    static final String MERCHANT_ACCOUNT = "26";
    static final String QRIS_ACCOUNT = "51";
    static final String CATEGORY = "52";
    static final String CURRENCY = "53";
    static final String AMOUNT = "54";
    static final String COUNTRY = "58";
    static final String NAME = "59";
    static final String CITY = "60";
    static final String ADDITIONAL = "62";
    static final String CRC = "63";
    static final String REFERENCE_LABEL = "05";

    private final Map<String, String> fields;

    private QrisPayload(Map<String, String> fields) {
        this.fields = fields;
    }

    /**
     * A dynamic QRIS payload for one charge.
     *
     * @param acquirer  globally unique id of the account's acquirer (tag 26, sub-tag 00), e.g. {@code ID.PAYGATE.WWW}
     * @param nmid      the national merchant id (tag 51, sub-tag 02)
     * @param reference the charge's reference, at most 25 characters (tag 62, sub-tag 05)
     */
    public static String dynamic(String acquirer, String merchantId, String nmid, String merchantName, String city,
                                 BigDecimal amount, String reference) {
        StringBuilder out = new StringBuilder();
        field(out, FORMAT, "01");
        field(out, INITIATION, "12");
        field(out, MERCHANT_ACCOUNT, sub("00", acquirer) + sub("01", merchantId) + sub("03", "UMI"));
        field(out, QRIS_ACCOUNT, sub("00", "ID.CO.QRIS.WWW") + sub("02", nmid) + sub("03", "UMI"));
        field(out, CATEGORY, "5999");
        field(out, CURRENCY, "360");
        field(out, AMOUNT, amount.stripTrailingZeros().toPlainString());
        field(out, COUNTRY, "ID");
        field(out, NAME, ascii(merchantName, 25));
        field(out, CITY, ascii(city, 15));
        field(out, ADDITIONAL, sub(REFERENCE_LABEL, reference));
        out.append(CRC).append("04");
        return out.append(crc(out)).toString();
    }

    /**
     * Reads a payload as a scanning app would: every field, its CRC checked.
     *
     * @throws IllegalArgumentException naming what is wrong (not ID-length-value, no CRC last, a wrong CRC)
     */
    public static QrisPayload parse(String payload) {
        if (payload == null || payload.isEmpty()) {
            throw new IllegalArgumentException("the payload is empty");
        }
        String text = payload.strip();
        Map<String, String> fields = new LinkedHashMap<>();
        int at = 0;
        while (at < text.length()) {
            if (at + 4 > text.length()) {
                throw new IllegalArgumentException("the payload is not ID-length-value fields");
            }
            String id = text.substring(at, at + 2);
            int length = parseLength(text.substring(at + 2, at + 4));
            if (!id.chars().allMatch(Character::isDigit) || at + 4 + length > text.length()) {
                throw new IllegalArgumentException("the payload is not ID-length-value fields");
            }
            fields.put(id, text.substring(at + 4, at + 4 + length));
            if (id.equals(CRC)) {
                if (at + 4 + length != text.length() || length != 4) {
                    throw new IllegalArgumentException("the CRC is not the last field");
                }
                String expected = crc(text.substring(0, at + 4));
                if (!expected.equalsIgnoreCase(fields.get(CRC))) {
                    throw new IllegalArgumentException("the CRC does not match the payload");
                }
            }
            at += 4 + length;
        }
        if (!fields.containsKey(CRC)) {
            throw new IllegalArgumentException("the payload has no CRC");
        }
        return new QrisPayload(fields);
    }

    /** The value of a top-level field, if present. */
    public Optional<String> field(String id) {
        return Optional.ofNullable(fields.get(id));
    }

    /** The amount (tag 54), if present and a decimal. */
    public Optional<BigDecimal> amount() {
        return field(AMOUNT).filter(a -> a.matches("[0-9]{1,13}(\\.[0-9]{1,2})?")).map(BigDecimal::new);
    }

    /** The reference label of the additional data (tag 62, sub-tag 05), if present. */
    public Optional<String> reference() {
        return field(ADDITIONAL).flatMap(data -> subfield(data, REFERENCE_LABEL));
    }

    /** A sub-field of a template field (the same ID-length-value form inside). */
    public static Optional<String> subfield(String template, String id) {
        int at = 0;
        while (at + 4 <= template.length()) {
            int length;
            try {
                length = parseLength(template.substring(at + 2, at + 4));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
            if (at + 4 + length > template.length()) {
                return Optional.empty();
            }
            if (template.startsWith(id, at)) {
                return Optional.of(template.substring(at + 4, at + 4 + length));
            }
            at += 4 + length;
        }
        return Optional.empty();
    }

    /** CRC-16/CCITT-FALSE of {@code text} (its UTF-8 bytes), as 4 upper-case hex digits. */
    public static String crc(CharSequence text) {
        int crc = 0xFFFF;
        for (byte b : text.toString().getBytes(StandardCharsets.UTF_8)) {
            crc ^= (b & 0xFF) << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            crc &= 0xFFFF;
        }
        return String.format(Locale.ROOT, "%04X", crc);
    }

    private static int parseLength(String digits) {
        if (!digits.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("the payload is not ID-length-value fields");
        }
        return Integer.parseInt(digits);
    }

    private static void field(StringBuilder out, String id, String value) {
        if (value.length() > 99) {
            throw new IllegalArgumentException("QRIS field " + id + " longer than 99 characters");
        }
        out.append(id).append(String.format(Locale.ROOT, "%02d", value.length())).append(value);
    }

    private static String sub(String id, String value) {
        StringBuilder out = new StringBuilder();
        field(out, id, value);
        return out.toString();
    }

    /** Printable ASCII only (what every scanning app renders), cut to {@code max}. */
    private static String ascii(String text, int max) {
        String clean = text == null ? "" : text.replaceAll("[^\\x20-\\x7E]", "").strip();
        if (clean.isEmpty()) {
            clean = "MERCHANT";
        }
        return clean.length() > max ? clean.substring(0, max).strip() : clean;
    }
}
