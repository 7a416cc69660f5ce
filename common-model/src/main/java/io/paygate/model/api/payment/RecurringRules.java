package io.paygate.model.api.payment;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.Patterns;
import io.paygate.model.api.recurring.IntervalUnit;
import io.paygate.model.api.recurring.RecurringType;
import io.paygate.model.validation.FieldViolation;
import io.paygate.model.validation.Violations;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The member rules of {@code recurring} at initiation (docs/contract.md §1b), in one place. Only when {@code subscribe}
 * is {@code Y}: with {@code N} or without it the object is kept but its members are not checked. Numbers may come as
 * strings or JSON numbers; {@code Y}, {@code N}, the types and the units exactly as written. A violation names
 * {@code recurring.<member>} or {@code recurring.retry.<member>}: {@code Invalid Mandatory Field} for a missing
 * mandatory member ({@code type}, {@code id}, {@code amount}; {@code interval}, {@code intervalUnit} and
 * {@code maxInterval} of a {@code retry}), {@code Invalid Field Format} for anything else wrong. Dates are compared
 * with {@code today}, the date in {@code gateway.timezone} ({@link #today(Clock, ZoneId)}).
 */
public final class RecurringRules {

    /** {@code recurring.id}: 1–30 of {@code [A-Za-z0-9._]} (no {@code -}, which cycle order ids use). */
    public static final String ID = "^[A-Za-z0-9._]{1,30}$";
    /** {@code recurring.productCode}: 1–6 of {@code [A-Za-z0-9]}. */
    public static final String PRODUCT_CODE = "^[A-Za-z0-9]{1,6}$";
    /** {@code interval} and {@code maxInterval} of the schedule, and {@code retry.interval}. */
    public static final int MAX_INTERVAL = 99;
    /** {@code retry.maxInterval}. */
    public static final int MAX_RETRIES = 9;

    static final String SUBSCRIBE = "Y";
    private static final String NOT_SUBSCRIBE = "N";
    private static final Pattern ID_PATTERN = Pattern.compile(ID);
    private static final Pattern PRODUCT_CODE_PATTERN = Pattern.compile(PRODUCT_CODE);
    private static final Pattern AMOUNT_PATTERN = Pattern.compile(Patterns.ORDER_AMOUNT);
    private static final Pattern POSITIVE_INTEGER = Pattern.compile("^[1-9][0-9]{0,8}$");
    private static final Pattern DATE = Pattern.compile("^[0-9]{8}$");
    private static final DateTimeFormatter YYYYMMDD = DateTimeFormatter.ofPattern("uuuuMMdd")
            .withResolverStyle(ResolverStyle.STRICT);
    private static final String PREFIX = "recurring.";
    private static final String RETRY = "recurring.retry.";

    private RecurringRules() {
    }

    /** Today in the gateway's time zone, the date {@code startDate} and {@code endDate} may not be before. */
    public static LocalDate today(Clock clock, ZoneId zone) {
        return LocalDate.now(clock.withZone(zone));
    }

    /**
     * The violation to answer an initiation with when it subscribes, in the order {@link Violations#ORDER} reports
     * (mandatory first, then the smallest path): the members of {@code recurring}, {@code customer.id} (mandatory for a
     * subscription) and {@code sourceOfFunds.type} (only {@code CARD} or {@code DIRECT_DEBIT}, or one of their codes,
     * with a subscription). Empty when the request does not subscribe or breaks none of these rules.
     */
    public static Optional<FieldViolation> first(InitiateRequest request, LocalDate today) {
        if (request.recurring() == null || !request.recurring().subscribes()) {
            return request.recurring() == null ? Optional.empty() : first(request.recurring(), today);
        }
        List<FieldViolation> found = new ArrayList<>(check(request.recurring(), today));
        if (request.customer() == null || request.customer().id() == null || request.customer().id().isBlank()) {
            found.add(FieldViolation.mandatory("customer.id"));
        }
        String method = request.sourceOfFunds() == null ? null : request.sourceOfFunds().type();
        if (method != null && PaymentMethod.fromCode(method)
                .filter(m -> m == PaymentMethod.CARD || m == PaymentMethod.DIRECT_DEBIT).isEmpty()) {
            found.add(FieldViolation.format("sourceOfFunds.type"));
        }
        return Violations.pick(found);
    }

    /** The violation of {@code recurring} to report ({@link #check}), or empty. */
    public static Optional<FieldViolation> first(Recurring recurring, LocalDate today) {
        return Violations.pick(check(recurring, today));
    }

    /** Whether the object asks for a subscription: {@code subscribe} present and not {@code N}, so its rules apply. */
    public static boolean isSubscription(Recurring recurring) {
        JsonNode subscribe = recurring.member("subscribe");
        return subscribe != null && !NOT_SUBSCRIBE.equals(text(subscribe));
    }

    /** Every violation of {@code recurring}, member by member; empty when it does not subscribe or is valid. */
    public static List<FieldViolation> check(Recurring recurring, LocalDate today) {
        List<FieldViolation> found = new ArrayList<>();
        if (!isSubscription(recurring)) {
            return found;
        }
        if (!SUBSCRIBE.equals(text(recurring.member("subscribe")))) {
            found.add(FieldViolation.format(PREFIX + "subscribe"));
            return found; // neither Y nor N: whether the rest applies is unknown
        }
        mandatory(found, recurring.member("type"), "type", node -> type(node) != null);
        mandatory(found, recurring.member("id"), "id", node -> matches(node, ID_PATTERN));
        optional(found, recurring.member("productCode"), "productCode", node -> matches(node, PRODUCT_CODE_PATTERN));
        mandatory(found, recurring.member("amount"), "amount", node -> amount(node) != null);
        optional(found, recurring.member("interval"), "interval", node -> inRange(node, MAX_INTERVAL));
        optional(found, recurring.member("intervalUnit"), "intervalUnit", node -> unit(node) != null);
        optional(found, recurring.member("maxInterval"), "maxInterval", node -> inRange(node, MAX_INTERVAL));
        LocalDate start = date(recurring.member("startDate"));
        LocalDate end = date(recurring.member("endDate"));
        optional(found, recurring.member("startDate"), "startDate", node -> start != null && !start.isBefore(today));
        optional(found, recurring.member("endDate"), "endDate", node -> end != null && !end.isBefore(today)
                && (start == null || !end.isBefore(start)));
        JsonNode retry = recurring.member("retry");
        if (retry != null) {
            if (!retry.isObject()) {
                found.add(FieldViolation.format(PREFIX + "retry"));
            } else {
                checkRetry(found, retry);
            }
        }
        return found;
    }

    private static void checkRetry(List<FieldViolation> found, JsonNode retry) {
        mandatoryIn(found, retry.get("interval"), "interval", node -> inRange(node, MAX_INTERVAL));
        mandatoryIn(found, retry.get("intervalUnit"), "intervalUnit", node -> {
            IntervalUnit unit = unit(node);
            return unit != null && unit.retryUnit();
        });
        mandatoryIn(found, retry.get("maxInterval"), "maxInterval", node -> inRange(node, MAX_RETRIES));
    }

    private static void mandatory(List<FieldViolation> found, JsonNode node, String member, Rule rule) {
        if (isMissing(node)) {
            found.add(FieldViolation.mandatory(PREFIX + member));
        } else if (!rule.accepts(node)) {
            found.add(FieldViolation.format(PREFIX + member));
        }
    }

    private static void mandatoryIn(List<FieldViolation> found, JsonNode node, String member, Rule rule) {
        if (isMissing(node)) {
            found.add(FieldViolation.mandatory(RETRY + member));
        } else if (!rule.accepts(node)) {
            found.add(FieldViolation.format(RETRY + member));
        }
    }

    private static void optional(List<FieldViolation> found, JsonNode node, String member, Rule rule) {
        if (node != null && !rule.accepts(node)) {
            found.add(FieldViolation.format(PREFIX + member));
        }
    }

    /** Absent, JSON {@code null}, or a blank string (as {@code @NotBlank} treats a mandatory string). */
    private static boolean isMissing(JsonNode node) {
        return node == null || node.isNull() || (node.isTextual() && node.asText().isBlank());
    }

    private static boolean matches(JsonNode node, Pattern pattern) {
        return node.isTextual() && pattern.matcher(node.asText()).matches();
    }

    private static boolean inRange(JsonNode node, int max) {
        Integer value = integer(node);
        return value != null && value >= 1 && value <= max;
    }

    /** A string's value; {@code null} for anything else (a number is not text here). */
    static String text(JsonNode node) {
        return node != null && node.isTextual() ? node.asText() : null;
    }

    static RecurringType type(JsonNode node) {
        String text = text(node);
        for (RecurringType type : RecurringType.values()) {
            if (type.name().equals(text)) {
                return type;
            }
        }
        return null;
    }

    static IntervalUnit unit(JsonNode node) {
        return IntervalUnit.fromWire(text(node)).orElse(null);
    }

    /** A positive integer written as digits without a leading zero, or a JSON integer; {@code null} otherwise. */
    static Integer integer(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToInt() && node.intValue() > 0 ? node.intValue() : null;
        }
        String text = text(node);
        return text != null && POSITIVE_INTEGER.matcher(text).matches() ? Integer.valueOf(text) : null;
    }

    /**
     * An amount as {@code order.amount} allows it (greater than 0, at most 13 integer digits and 2 decimals), from a
     * string matching its pattern or a JSON number; {@code null} otherwise. Scale 0 to 2.
     */
    static BigDecimal amount(JsonNode node) {
        BigDecimal value;
        if (node == null) {
            return null;
        }
        if (node.isNumber()) {
            value = node.decimalValue();
            if (value.scale() > 2 || value.precision() - value.scale() > 13) {
                return null;
            }
            value = value.setScale(Math.max(0, value.scale()));
        } else {
            String text = text(node);
            if (text == null || !AMOUNT_PATTERN.matcher(text).matches()) {
                return null;
            }
            value = new BigDecimal(text);
        }
        return value.signum() > 0 ? value : null;
    }

    /** A real date written {@code YYYYMMDD} (a string, or a JSON integer of 8 digits); {@code null} otherwise. */
    static LocalDate date(JsonNode node) {
        if (node == null) {
            return null;
        }
        String text = node.isIntegralNumber() ? node.bigIntegerValue().toString() : text(node);
        if (text == null || !DATE.matcher(text).matches()) {
            return null;
        }
        try {
            return LocalDate.parse(text, YYYYMMDD);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    @FunctionalInterface
    private interface Rule {
        boolean accepts(JsonNode node);
    }
}
