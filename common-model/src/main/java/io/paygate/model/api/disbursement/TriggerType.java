package io.paygate.model.api.disbursement;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Who caused a disbursement status change (seed §4): on the wire {@code automatic} or {@code manual}. */
public enum TriggerType {
    /** The system (the sandbox bank moving a transfer). */
    AUTOMATIC("automatic"),
    /** The merchant (cancel) or an operator. */
    MANUAL("manual");

    private final String value;

    TriggerType(String value) {
        this.value = value;
    }

    @JsonValue
    public String value() {
        return value;
    }

    /** @throws IllegalArgumentException for anything but {@code automatic} or {@code manual} */
    @JsonCreator
    public static TriggerType fromValue(String value) {
        for (TriggerType type : values()) {
            if (type.value.equals(value)) {
                return type;
            }
        }
        throw new IllegalArgumentException("Unknown triggerType: " + value);
    }
}
