package io.paygate.qa;

/**
 * A payment a customer started on a link's page (docs/contract.md §11): the page answered 303 to the payment's hosted
 * page {@code redirectUrl}, whose last segment is {@code reference} (what {@link Sandbox}'s actions take).
 */
public record LinkStart(String reference, String redirectUrl) {

    static LinkStart from(String location) {
        String path = location.contains("?") ? location.substring(0, location.indexOf('?')) : location;
        return new LinkStart(path.substring(path.lastIndexOf('/') + 1), location);
    }
}
