package io.paygate.model.status;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Disbursement states, the seed's {@code latestTransactionStatus} codes; on the wire as the two-digit
 * {@link #code()}. Transitions exactly as docs/contract.md §5: {@code 01→02, 01→05, 01→06, 02→00, 02→03, 02→06,
 * 03→00, 03→05, 03→06, 00→04}; {@code 04}, {@code 05}, {@code 06} are final. {@code 07 Not found} is only an
 * inquiry answer, never a state: nothing moves to or from it.
 */
public enum DisbursementStatus implements Lifecycle<DisbursementStatus> {
    SUCCESS("00", "Success"),
    INITIATED("01", "Initiated"),
    PAYING("02", "Paying"),
    PENDING("03", "Pending"),
    REFUNDED("04", "Refunded"),
    CANCELLED("05", "Cancelled"),
    FAILED("06", "Failed"),
    NOT_FOUND("07", "Not found");

    private final String code;
    private final String meaning;

    DisbursementStatus(String code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** The wire value, e.g. {@code "01"}. */
    @JsonValue
    public String code() {
        return code;
    }

    /** The seed's meaning, e.g. {@code "Initiated"}. */
    public String meaning() {
        return meaning;
    }

    /**
     * The status of a wire code.
     *
     * @throws IllegalArgumentException for anything but {@code "00"} to {@code "07"}
     */
    @JsonCreator
    public static DisbursementStatus fromCode(String code) {
        for (DisbursementStatus status : values()) {
            if (status.code.equals(code)) {
                return status;
            }
        }
        throw new IllegalArgumentException("Unknown latestTransactionStatus: " + code);
    }

    @Override
    public boolean canTransitionTo(DisbursementStatus next) {
        return switch (this) {
            case INITIATED -> next == PAYING || next == CANCELLED || next == FAILED;
            case PAYING -> next == SUCCESS || next == PENDING || next == FAILED;
            case PENDING -> next == SUCCESS || next == CANCELLED || next == FAILED;
            case SUCCESS -> next == REFUNDED;
            case REFUNDED, CANCELLED, FAILED, NOT_FOUND -> false;
        };
    }

    /** True for {@code 04}, {@code 05} and {@code 06}; {@code 00} is not final (it may be refunded). */
    @Override
    public boolean isFinal() {
        return this == REFUNDED || this == CANCELLED || this == FAILED;
    }

    /** False only for {@code 07 Not found}, which is an inquiry answer and not a state. */
    public boolean isLifecycleState() {
        return this != NOT_FOUND;
    }
}
