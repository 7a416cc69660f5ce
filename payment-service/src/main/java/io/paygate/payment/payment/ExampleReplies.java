package io.paygate.payment.payment;

/**
 * Reply bodies the OpenAPI document shows as examples on several operations of service 11 (docs/contract.md §1b),
 * written once: annotation values must be constants.
 */
public final class ExampleReplies {

    /** An unknown subscription, binding or payment, or another merchant's. */
    public static final String NOT_FOUND_11 = """
            {"responseCode":"4041101","responseMessage":"Transaction Not Found"}""";

    /** The same {@code order.id} again with other content. */
    public static final String ORDER_ID_CONFLICT_11 = """
            {"responseCode":"4091100","responseMessage":"Conflict. order.id already used with different content"}""";

    /** binding-service could not be asked whether a binding may be charged. */
    public static final String BINDING_UNCHECKED_11 = """
            {"responseCode":"5021100","responseMessage":"Bad Gateway The bank binding could not be checked"}""";

    private ExampleReplies() {
    }
}
