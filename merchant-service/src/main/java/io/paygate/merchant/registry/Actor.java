package io.paygate.merchant.registry;

/**
 * Who makes a change, as the audit trail records it (docs/contract.md §10): {@code operator:<name>},
 * {@code merchant:<id>}, or {@code system:<what>} for the service's own (seeding, re-sealing); with the request id and
 * the client address of the request that asked (none for the service's own).
 */
public record Actor(String name, String requestId, String sourceAddress) {

    public static Actor operator(String operator, String requestId, String sourceAddress) {
        return new Actor("operator:" + operator, requestId, sourceAddress);
    }

    public static Actor merchant(String merchantId, String requestId, String sourceAddress) {
        return new Actor("merchant:" + merchantId, requestId, sourceAddress);
    }

    /** The service itself: {@code system:seed}, {@code system:reseal}. */
    public static Actor system(String what) {
        return new Actor("system:" + what, null, null);
    }
}
