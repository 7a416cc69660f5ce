package io.paygate.qa;

import io.paygate.model.api.link.CreateLinkResponse;
import io.paygate.model.api.link.LinkList;
import io.paygate.model.api.link.LinkStatusResponse;
import io.paygate.model.json.Json;
import io.restassured.response.Response;

import java.time.Duration;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The merchant's payment links (docs/contract.md §11), signed as the target's merchant, and the link page as its
 * customer sees it ({@link #customer}).
 *
 * <pre>{@code
 * CreateLinkResponse link = paygate.links().create(LinkRequest.of("150000.00").withUsageLimit(1));
 * LinkStart start = paygate.links().customer(link).start(LinkForm.named("Budi Santoso").email("budi@example.com"));
 * paygate.sandbox().payByCard(start.reference(), TestCard.VISA_CAPTURED.number());
 * paygate.links().awaitStatus(request.id(), Duration.ofSeconds(30), "PAID");
 * }</pre>
 */
public final class Links {

    private final PaygateTarget target;

    Links(PaygateTarget target) {
        this.target = target;
    }

    /** {@code POST /pg/payment-links}; fails with the reply unless 200. */
    public CreateLinkResponse create(LinkRequest request) {
        Response response = createReply(request);
        Waits.expect(response, 200, "create link " + request.id());
        return Json.read(response.asString(), CreateLinkResponse.class);
    }

    /** The raw reply to creating {@code request}. */
    public Response createReply(LinkRequest request) {
        return createReply(Calls.json(request.toBody(target.callbackUrl())));
    }

    /** The raw reply to any body (a String is sent as is: what the gateway must refuse). */
    public Response createReply(Object body) {
        return Calls.withJson(target, Calls.json(body)).post(url(""));
    }

    /** {@code GET /pg/payment-links/{id}}: the link, its status, totals and payments. */
    public LinkStatusResponse get(String linkId) {
        Response response = getReply(linkId);
        Waits.expect(response, 200, "link " + linkId);
        return Json.read(response.asString(), LinkStatusResponse.class);
    }

    public Response getReply(String linkId) {
        return Calls.signed(target).get(url("/{id}"), linkId);
    }

    /** {@code GET /pg/payment-links?status=&limit=&cursor=} (§3b paging): newest first. */
    public LinkList list(ListQuery query) {
        Response response = listReply(query);
        Waits.expect(response, 200, "the links of " + target.merchantId());
        return Json.read(response.asString(), LinkList.class);
    }

    public Response listReply(ListQuery query) {
        return Calls.signed(target).queryParams(query.parameters()).get(url(""));
    }

    /** {@code POST /pg/payment-links/{id}/deactivate}: no new payment starts; those started go on. */
    public LinkStatusResponse deactivate(String linkId) {
        Response response = deactivateReply(linkId);
        Waits.expect(response, 200, "deactivate link " + linkId);
        return Json.read(response.asString(), LinkStatusResponse.class);
    }

    public Response deactivateReply(String linkId) {
        return Calls.signed(target).post(url("/{id}/deactivate"), linkId);
    }

    /** Polls the link until its status is one of {@code statuses} ({@code ACTIVE}, {@code PAID} …). */
    public LinkStatusResponse awaitStatus(String linkId, Duration timeout, String... statuses) {
        Set<String> wanted = Set.of(statuses);
        return await(linkId, timeout, "to be " + wanted, l -> wanted.contains(l.status()));
    }

    /** Polls the link until {@code done} holds (e.g. a number of captured payments: {@code paymentCount}). */
    public LinkStatusResponse await(String linkId, Duration timeout, String what, Predicate<LinkStatusResponse> done) {
        return Waits.until(timeout, "link " + linkId + " " + what, () -> get(linkId), done,
                l -> l.status() + ", " + l.paymentCount() + " captured, " + l.amountCollected() + " collected");
    }

    /** The link's page as its customer opens it: no signature, as a browser. */
    public LinkCustomer customer(CreateLinkResponse link) {
        return new LinkCustomer(link.url());
    }

    /** The page at {@code url} ({@code {base}/pg/link/{linkCode}}), as its customer opens it. */
    public LinkCustomer customer(String url) {
        return new LinkCustomer(url);
    }

    private String url(String rest) {
        return target.paymentUrl() + "/pg/payment-links" + rest;
    }
}
