package io.paygate.payment.link;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.rest.ListCursors;
import io.paygate.kit.rest.ListQuery;
import io.paygate.model.api.link.CreateLinkRequest;
import io.paygate.model.api.link.CreateLinkResponse;
import io.paygate.model.api.link.Link;
import io.paygate.model.api.link.LinkList;
import io.paygate.model.api.link.LinkStatusResponse;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.Url;
import io.paygate.model.ids.RandomIds;
import io.paygate.model.json.CanonicalJson;
import io.paygate.model.json.Json;
import io.paygate.payment.initiation.InitiationService;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.reporting.Cursors;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Payment links as the merchant manages them (docs/contract.md §11): create (idempotent by {@code link.id} with a
 * content hash, as initiation is by {@code order.id}), read with its payments and totals, list (§3b paging) and
 * deactivate. Starting a payment from a link is {@link LinkStarts}.
 */
@Singleton
public class LinkService {

    private static final Logger LOG = Logger.getLogger(LinkService.class);
    static final String LIST = "payment-links";
    private static final int ATTEMPTS = 3;

    private final PaymentLinks links;
    private final LinkReplies replies;
    private final InitiationService initiations;
    private final GatewayTime time;
    private final Cursors cursors;
    private final LinkMails mails;
    private final LinkTransitions transitions;

    LinkService(PaymentLinks links, LinkReplies replies, InitiationService initiations, GatewayTime time,
                Cursors cursors, LinkMails mails, LinkTransitions transitions) {
        this.mails = mails;
        this.transitions = transitions;
        this.links = links;
        this.replies = replies;
        this.initiations = initiations;
        this.time = time;
        this.cursors = cursors;
    }

    /**
     * Makes the link, or answers the same reply again for the same {@code link.id} and content; nothing is written on a
     * refusal.
     *
     * @throws ApiException {@code 400SS01}/{@code 400SS02} naming the field, {@code 4091300} for the same
     *                      {@code link.id} with other content
     */
    public CreateLinkResponse create(Merchant merchant, CreateLinkRequest request) {
        Link link = request.link();
        LinkRules.checkAmounts(link);
        if (request.notifications() != null && request.notifications().email() == null) {
            throw ApiException.mandatory("notify.email");
        }
        Instant now = time.now();
        Instant expiresAt = LinkRules.expiry(link.expiresAt(), now);
        Set<PaymentMethod> methods = LinkRules.methods(link.methods());
        initiations.checkUrls(request.url(), "link " + link.id());
        String hash = CanonicalJson.fingerprint(request);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            LinkRow row = newRow(merchant, request, hash, expiresAt, methods, now);
            if (inserted(row)) {
                LOG.debugf("link %s (merchant %s, id %s): created, expires %s", row.linkCode(), row.merchantId(),
                        row.linkId(), row.expiresAt());
                return replies.created(row);
            }
            Optional<LinkRow> existing = QuarkusTransaction.requiringNew()
                    .call(() -> links.find(merchant.id(), link.id()));
            if (existing.isPresent()) {
                if (!existing.get().contentHash().equals(hash)) {
                    throw ApiException.conflict("link.id already used with different content");
                }
                return replies.created(existing.get());
            }
            // No row for the id: the code drawn was another link's; draw again.
        }
        throw new IllegalStateException("Could not create or find link after " + ATTEMPTS + " attempts");
    }

    /** Inserts the link unless its id (or code) is taken, and queues its e-mail with it, in one transaction. */
    private boolean inserted(LinkRow row) {
        return QuarkusTransaction.requiringNew().call(() -> {
            boolean inserted = links.insertIfAbsent(row);
            if (inserted) {
                mails.created(row);
            }
            return inserted;
        });
    }

    /** @throws ApiException {@code 4041301} for an id the merchant has no link under (another merchant's too) */
    public LinkStatusResponse get(Merchant merchant, String linkId) {
        LinkRow l = known(merchant, linkId);
        return replies.of(l, links.payments(l.id())).answered();
    }

    /** @throws ApiException {@code 400SS01} naming {@code status}, {@code limit} or {@code cursor} */
    public LinkList list(Merchant merchant, String status, String limit, String cursor) {
        LinkStatus wanted = status(status);
        int size = ListQuery.of(null, null, limit).limit();
        Optional<ListCursors.Position> after = cursors.read(LIST, merchant.id(), cursor);
        List<LinkRow> rows = links.page(merchant.id(), wanted, time.now(),
                after.map(ListCursors.Position::at).orElse(null),
                after.map(p -> UUID.fromString(p.id())).orElse(null), size + 1);
        String next = null;
        if (rows.size() > size) {
            rows = rows.subList(0, size);
            LinkRow last = rows.get(size - 1);
            next = cursors.issue(LIST, merchant.id(), new ListCursors.Position(last.createdAt(), last.id().toString()));
        }
        return LinkList.of(rows.stream().map(replies::item).toList(), next);
    }

    /**
     * No new payment starts from the link; those started go on. Deactivating an inactive link again answers the same.
     *
     * @throws ApiException {@code 4041301} for an unknown link, {@code 4091300} for a paid or expired one
     */
    public LinkStatusResponse deactivate(Merchant merchant, String linkId) {
        return QuarkusTransaction.requiringNew().call(() -> {
            LinkRow l = links.lock(merchant.id(), linkId).orElseThrow(ApiException::notFound);
            LinkStatus now = l.status(time.now());
            if (now != LinkStatus.INACTIVE) {
                if (!now.canMoveTo(LinkStatus.INACTIVE)) {
                    throw ApiException.conflict("payment link is " + now);
                }
                transitions.move(l, LinkStatus.INACTIVE, l.counts());
            }
            LinkRow after = links.find(merchant.id(), linkId).orElseThrow();
            return replies.of(after, links.payments(after.id())).answered();
        });
    }

    private LinkRow known(Merchant merchant, String linkId) {
        if (linkId == null || !linkId.matches(Link.ID)) {
            throw ApiException.notFound();
        }
        return links.find(merchant.id(), linkId).orElseThrow(ApiException::notFound);
    }

    private static LinkStatus status(String status) {
        if (status == null) {
            return null;
        }
        try {
            return LinkStatus.valueOf(status);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidFormat("status");
        }
    }

    private static LinkRow newRow(Merchant merchant, CreateLinkRequest request, String hash, Instant expiresAt,
                                  Set<PaymentMethod> methods, Instant now) {
        Link link = request.link();
        Url url = request.url();
        return new LinkRow(UUID.randomUUID(), merchant.id(), link.id(), RandomIds.next("PL", 16), hash,
                link.description(), PaymentLinks.money(link.amount()), PaymentLinks.money(link.minAmount()),
                PaymentLinks.money(link.maxAmount()), merchant.currency(), expiresAt, link.usageLimit(),
                methods == null ? null : methods.stream().map(PaymentMethod::name).collect(Collectors.joining(",")),
                request.customer() == null ? null : Json.write(request.customer()),
                request.notifications() != null && request.notifications().email(), url.callbackUrl(), url.returnUrl(),
                url.successUrl(), url.failUrl(), url.backUrl(), LinkStatus.ACTIVE.name(), 0, now,
                LinkRow.Counts.NONE);
    }
}
