package io.paygate.qa;

import io.paygate.model.api.Customer;
import io.paygate.model.api.link.CreateLinkRequest;
import io.paygate.model.api.link.Link;
import io.paygate.model.api.link.LinkNotify;
import io.paygate.model.api.payment.Url;

import java.util.List;
import java.util.UUID;

/**
 * A payment link's creation body (docs/contract.md §11) with sensible defaults: a fresh {@code link.id}, a fixed
 * amount, no usage limit, every method, no customer, no e-mail, and the target's callback URL.
 *
 * <pre>{@code
 * LinkRequest.of("150000.00").withUsageLimit(1).withMethods("QRIS", "VA_BCA")
 * LinkRequest.open("10000.00", "500000.00").withCustomer(customer).withEmail(true)
 * }</pre>
 */
public record LinkRequest(String id, String description, String amount, String minAmount, String maxAmount,
                          String expiresAt, Integer usageLimit, List<String> methods, Customer customer,
                          Boolean email, String callbackUrl, String returnUrl) {

    public LinkRequest {
        methods = methods == null ? null : List.copyOf(methods);
    }

    /** A link of a fixed {@code amount} (a decimal string such as {@code "150000.00"}). */
    public static LinkRequest of(String amount) {
        return new LinkRequest(freshId(), "paygate-qa link", amount, null, null, null, null, null, null, null, null,
                null);
    }

    /** A link whose customer types the amount, between {@code min} and {@code max}. */
    public static LinkRequest open(String min, String max) {
        return new LinkRequest(freshId(), "paygate-qa link", null, min, max, null, null, null, null, null, null, null);
    }

    /** {@code QA-L-} and 32 hexadecimal digits: 38 characters, within §11's 50 for {@code <id>-<n>} to stay an order id. */
    private static String freshId() {
        return "QA-L-" + UUID.randomUUID().toString().replace("-", "");
    }

    public LinkRequest withId(String value) {
        return new LinkRequest(value, description, amount, minAmount, maxAmount, expiresAt, usageLimit, methods,
                customer, email, callbackUrl, returnUrl);
    }

    public LinkRequest withDescription(String value) {
        return new LinkRequest(id, value, amount, minAmount, maxAmount, expiresAt, usageLimit, methods, customer,
                email, callbackUrl, returnUrl);
    }

    /** ISO-8601 with an offset, at most 180 days ahead (default: 7 days). */
    public LinkRequest withExpiresAt(String value) {
        return new LinkRequest(id, description, amount, minAmount, maxAmount, value, usageLimit, methods, customer,
                email, callbackUrl, returnUrl);
    }

    /** At most this many captured payments (1–10,000; default: no limit until expiry). */
    public LinkRequest withUsageLimit(int value) {
        return new LinkRequest(id, description, amount, minAmount, maxAmount, expiresAt, value, methods, customer,
                email, callbackUrl, returnUrl);
    }

    /** The §2a methods the link offers (default: every method the merchant is offered). */
    public LinkRequest withMethods(String... codes) {
        return new LinkRequest(id, description, amount, minAmount, maxAmount, expiresAt, usageLimit, List.of(codes),
                customer, email, callbackUrl, returnUrl);
    }

    /** The customer the link is for (§1's customer): the page then asks for no name, e-mail or phone. */
    public LinkRequest withCustomer(Customer value) {
        return new LinkRequest(id, description, amount, minAmount, maxAmount, expiresAt, usageLimit, methods, value,
                email, callbackUrl, returnUrl);
    }

    /** {@code notify.email}: the link and each capture's receipt by e-mail to the customer. */
    public LinkRequest withEmail(boolean value) {
        return new LinkRequest(id, description, amount, minAmount, maxAmount, expiresAt, usageLimit, methods, customer,
                value, callbackUrl, returnUrl);
    }

    public LinkRequest withCallbackUrl(String value) {
        return new LinkRequest(id, description, amount, minAmount, maxAmount, expiresAt, usageLimit, methods, customer,
                email, value, returnUrl);
    }

    public LinkRequest withReturnUrl(String value) {
        return new LinkRequest(id, description, amount, minAmount, maxAmount, expiresAt, usageLimit, methods, customer,
                email, callbackUrl, value);
    }

    /** The request body; {@code defaultCallbackUrl} when none was given. */
    public CreateLinkRequest toBody(String defaultCallbackUrl) {
        return new CreateLinkRequest(
                new Link(id, description, amount, minAmount, maxAmount, expiresAt, usageLimit, methods),
                customer, email == null ? null : new LinkNotify(email),
                new Url(callbackUrl == null ? defaultCallbackUrl : callbackUrl, returnUrl));
    }
}
