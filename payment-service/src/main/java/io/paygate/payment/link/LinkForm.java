package io.paygate.payment.link;

import io.paygate.model.api.Customer;
import io.paygate.model.api.Patterns;
import jakarta.inject.Singleton;
import jakarta.validation.Validator;

import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The link page's form (docs/contract.md §11), checked field by field before anything is locked or written: the
 * amount a link with a range asks for, and, for a link that names no customer, the customer's name and e-mail or
 * mobile number, which become the payment's §1 customer. The name is split at its last space: the words before it are
 * {@code firstName}, the last one {@code lastName} (a single word is {@code firstName} alone: many Indonesians have one
 * name); each at most 50 characters. The e-mail follows §1's rule exactly ({@code customer.email}); the mobile number
 * is written as people there write it ({@code 0812-3456-7890}, {@code +62 812 3456 7890}, {@code 62812...}) and kept in
 * E.164 ({@code +6281234567890}). At least one of the two.
 */
@Singleton
class LinkForm {

    /** What is wrong with a field; {@link LinkPages} words each in the page's language. */
    enum Problem {
        AMOUNT_MISSING, AMOUNT_MALFORMED, AMOUNT_OUT_OF_RANGE, NAME_MISSING, NAME_INVALID, NAME_TOO_LONG,
        CONTACT_MISSING, EMAIL_INVALID, PHONE_INVALID
    }

    /** The form as checked: the amount to start with and the customer, or the problems by field (in page order). */
    record Checked(String amount, Customer customer, Map<String, Problem> problems) {
        boolean ok() {
            return problems.isEmpty();
        }
    }

    private static final int PART = 50;
    private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{M}][\\p{L}\\p{M} .'\u2019-]*");
    private static final Pattern PHONE_NOISE = Pattern.compile("[\\s().-]");
    private static final Pattern THOUSANDS = Pattern.compile("[1-9][0-9]{0,2}(\\.[0-9]{3})+");
    private static final Pattern CURRENCY_PREFIX = Pattern.compile("^(?i)(rp\\.?|idr)");

    private final Validator validator;

    LinkForm(Validator validator) {
        this.validator = validator;
    }

    Checked check(LinkRow link, String amount, String name, String email, String phone) {
        Map<String, Problem> problems = new LinkedHashMap<>();
        String value = link.amount() != null ? link.amount().toPlainString() : amount(link, amount, problems);
        Customer customer = null;
        if (link.customer() == null) {
            String[] names = name(name, problems);
            String address = email(email, problems);
            String mobile = phone(phone, problems);
            if (address == null && mobile == null && !problems.containsKey("email")
                    && !problems.containsKey("phone")) {
                problems.put("email", Problem.CONTACT_MISSING);
            }
            customer = names == null ? null : new Customer(null, address, names[0], names[1], mobile);
        }
        return new Checked(value, problems.isEmpty() ? customer : null, problems);
    }

    /** The amount typed, as §1 writes one ({@code 150000}, {@code 150000.50}); {@code Rp 150.000} is read too. */
    private static String amount(LinkRow link, String typed, Map<String, Problem> problems) {
        String text = typed == null ? "" : CURRENCY_PREFIX.matcher(typed.strip()).replaceFirst("").replaceAll("\\s", "");
        if (text.isEmpty()) {
            problems.put("amount", Problem.AMOUNT_MISSING);
            return null;
        }
        if ("IDR".equals(link.currency()) && THOUSANDS.matcher(text).matches()) {
            text = text.replace(".", ""); // Indonesians group thousands with dots; rupiah has no cents worth a dot
        }
        if (!text.matches(Patterns.ORDER_AMOUNT)) {
            problems.put("amount", Problem.AMOUNT_MALFORMED);
            return null;
        }
        BigDecimal value = new BigDecimal(text);
        if (value.compareTo(link.minAmount()) < 0 || value.compareTo(link.maxAmount()) > 0) {
            problems.put("amount", Problem.AMOUNT_OUT_OF_RANGE);
            return null;
        }
        return text;
    }

    /** {firstName, lastName (or null)}, or null with the problem recorded. */
    private static String[] name(String typed, Map<String, Problem> problems) {
        String text = typed == null ? "" : Normalizer.normalize(typed, Normalizer.Form.NFC).strip()
                .replaceAll("\\s+", " ");
        if (text.isEmpty()) {
            problems.put("name", Problem.NAME_MISSING);
            return null;
        }
        if (!NAME.matcher(text).matches()) {
            problems.put("name", Problem.NAME_INVALID);
            return null;
        }
        int space = text.lastIndexOf(' ');
        String first = space < 0 ? text : text.substring(0, space);
        String last = space < 0 ? null : text.substring(space + 1);
        if (first.length() > PART || last != null && last.length() > PART) {
            problems.put("name", Problem.NAME_TOO_LONG);
            return null;
        }
        return new String[] {first, last};
    }

    /** The e-mail by §1's rule ({@code customer.email}), null when left empty. */
    private String email(String typed, Map<String, Problem> problems) {
        String text = typed == null ? "" : typed.strip();
        if (text.isEmpty()) {
            return null;
        }
        if (!validator.validateValue(Customer.class, "email", text).isEmpty()) {
            problems.put("email", Problem.EMAIL_INVALID);
            return null;
        }
        return text;
    }

    /** The mobile number in E.164, Indonesian by default ({@code 0812…} is {@code +62812…}); null when left empty. */
    private static String phone(String typed, Map<String, Problem> problems) {
        String text = typed == null ? "" : PHONE_NOISE.matcher(typed.strip()).replaceAll("");
        if (text.isEmpty()) {
            return null;
        }
        if (text.startsWith("00")) {
            text = "+" + text.substring(2);
        } else if (text.startsWith("0")) {
            text = "+62" + text.substring(1);
        } else if (text.startsWith("62")) {
            text = "+" + text;
        }
        if (!text.matches(Patterns.E164)) {
            problems.put("phone", Problem.PHONE_INVALID);
            return null;
        }
        return text;
    }
}
