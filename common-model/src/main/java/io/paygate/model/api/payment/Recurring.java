package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.api.recurring.IntervalUnit;
import io.paygate.model.api.recurring.RecurringType;
import io.paygate.model.api.recurring.RetryPlan;
import io.paygate.model.validation.JsonMembers;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;

/**
 * The {@code recurring} object of the initiation request (seed: 1–11 members; docs/contract.md §1b). Every member is
 * kept exactly as sent (a JSON tree: numbers may come as strings or JSON numbers), and written back so. With
 * {@code subscribe} {@code Y} the initiation creates a subscription and {@link RecurringRules} checks the members;
 * with {@code N} or without {@code subscribe} the object is kept but ignored.
 *
 * <p>The typed accessors read what {@link RecurringRules} accepts; on a member it would refuse they answer
 * {@code null} (or the default), so read them only after the rules passed.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Recurring: 1-11 members. subscribe Y creates a subscription (docs/contract.md §1b); N or absent: "
        + "kept but ignored. Numbers may be strings or JSON numbers.",
        additionalProperties = Schema.True.class,
        properties = {
                @SchemaProperty(name = "subscribe", type = SchemaType.STRING, enumeration = {"Y", "N"},
                        description = "Y creates a subscription; N or absent: the object is ignored"),
                @SchemaProperty(name = "type", type = SchemaType.STRING, enumeration = {"PURCHASE", "TOPUP"},
                        description = "Mandatory with subscribe Y"),
                @SchemaProperty(name = "id", type = SchemaType.STRING, pattern = RecurringRules.ID,
                        description = "The merchant's subscription id, unique per merchant for ever; mandatory with "
                                + "subscribe Y", examples = "SUB.2026.0001"),
                @SchemaProperty(name = "productCode", type = SchemaType.STRING, pattern = RecurringRules.PRODUCT_CODE,
                        description = "Optional product code", examples = "GOLD1"),
                @SchemaProperty(name = "amount", description = "Each later cycle's amount, as order.amount (a string, "
                        + "or a JSON number); mandatory with subscribe Y", examples = "99000.00"),
                @SchemaProperty(name = "interval", description = "Integer 1-99 (string or number), default 1",
                        examples = "1"),
                @SchemaProperty(name = "intervalUnit", type = SchemaType.STRING,
                        enumeration = {"minutes", "hours", "daily", "weekly", "monthly", "yearly"},
                        description = "Default monthly (same day of month, the last day when shorter)"),
                @SchemaProperty(name = "maxInterval", description = "Integer 1-99 (string or number): how many cycles "
                        + "are charged after the first payment; absent: until endDate, or until cancelled",
                        examples = "12"),
                @SchemaProperty(name = "startDate", type = SchemaType.STRING, pattern = "^[0-9]{8}$",
                        description = "YYYYMMDD in the gateway's time zone, today or later: when cycle 2 is due",
                        examples = "20261201"),
                @SchemaProperty(name = "endDate", type = SchemaType.STRING, pattern = "^[0-9]{8}$",
                        description = "YYYYMMDD in the gateway's time zone, today or later, not before startDate: no "
                                + "cycle is due after its end", examples = "20271130"),
                @SchemaProperty(name = "retry", ref = "RecurringRetry",
                        description = "Retry of a declined cycle (interval, intervalUnit and maxInterval all "
                                + "mandatory); absent: no retry")})
public record Recurring(
        @Schema(hidden = true) @JsonAnyGetter Map<String, JsonNode> members) implements JsonMembers {

    public Recurring {
        members = JsonMembers.copyExtra(members);
    }

    /** Reads the object keeping its members in the order sent. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Recurring read(ObjectNode object) {
        Map<String, JsonNode> members = new LinkedHashMap<>();
        object.properties().forEach(member -> members.put(member.getKey(), member.getValue()));
        return new Recurring(members);
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(members);
    }

    /** The member as sent; {@code null} when absent or JSON {@code null}. */
    public JsonNode member(String name) {
        JsonNode node = members.get(name);
        return node == null || node.isNull() ? null : node;
    }

    /** Whether {@code subscribe} is {@code Y}: the initiation creates a subscription. */
    public boolean subscribes() {
        return RecurringRules.SUBSCRIBE.equals(RecurringRules.text(member("subscribe")));
    }

    /** {@code type}, or {@code null}. */
    public RecurringType type() {
        return RecurringRules.type(member("type"));
    }

    /** {@code id}: the merchant's subscription id. */
    public String id() {
        return RecurringRules.text(member("id"));
    }

    /** {@code productCode}, or {@code null}. */
    public String productCode() {
        return RecurringRules.text(member("productCode"));
    }

    /** {@code amount}: each later cycle's amount, scale 0–2. */
    public BigDecimal amount() {
        return RecurringRules.amount(member("amount"));
    }

    /** {@code interval}, default 1. */
    public int interval() {
        Integer value = RecurringRules.integer(member("interval"));
        return value == null ? 1 : value;
    }

    /** {@code intervalUnit}, default {@link IntervalUnit#MONTHLY}. */
    public IntervalUnit intervalUnit() {
        IntervalUnit unit = RecurringRules.unit(member("intervalUnit"));
        return unit == null ? IntervalUnit.DEFAULT : unit;
    }

    /** {@code maxInterval}: how many cycles after the first payment; {@code null}: no limit. */
    public Integer maxInterval() {
        return RecurringRules.integer(member("maxInterval"));
    }

    /** {@code startDate}, or {@code null}. */
    public LocalDate startDate() {
        return RecurringRules.date(member("startDate"));
    }

    /** {@code endDate}, or {@code null}. */
    public LocalDate endDate() {
        return RecurringRules.date(member("endDate"));
    }

    /** {@code retry}, or {@code null} when there is none. */
    public RetryPlan retry() {
        JsonNode retry = member("retry");
        if (retry == null || !retry.isObject()) {
            return null;
        }
        Integer interval = RecurringRules.integer(retry.get("interval"));
        IntervalUnit unit = RecurringRules.unit(retry.get("intervalUnit"));
        Integer max = RecurringRules.integer(retry.get("maxInterval"));
        return interval == null || unit == null || max == null ? null : new RetryPlan(interval, unit, max);
    }
}
