package io.paygate.payment.link;

import io.paygate.model.api.payment.PaymentLinkRef;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.LinkPayments;
import io.paygate.payment.payment.PaymentEntity;
import jakarta.inject.Singleton;

/**
 * What a link's payments do to it (docs/contract.md §11), inside the payment's own transaction ({@link LinkPayments}):
 * the capture that brings the link's captured payments to its {@code usageLimit} makes it PAID. The link row is locked
 * after the payment's (the order every payment transition takes; a start locks the link and only inserts its payment),
 * so two captures of one link's payments take turns and the second counts the first: the limit's capture moves the
 * link exactly once. A singleton without interceptors: every notified move of every payment calls it, and a payment that
 * is no link's returns at once (the caller, {@code PaymentTransitions.move}, runs in the payment's transaction).
 */
@Singleton
public class LinkCaptures implements LinkPayments {

    private final PaymentLinks links;
    private final LinkTransitions transitions;

    LinkCaptures(PaymentLinks links, LinkTransitions transitions) {
        this.links = links;
        this.transitions = transitions;
    }

    @Override
    public void changed(PaymentEntity payment, PaymentStatus previous) {
        if (payment.linkId == null || payment.status != PaymentStatus.CAPTURED || previous.isPaid()) {
            return; // only a capture adds to what a link collected: refunds and reversals give no slot back
        }
        LinkRow l = links.lockWithout(payment.linkId, payment.paymentCode).orElseThrow();
        LinkRow.Counts others = l.counts();
        LinkRow.Counts counts = new LinkRow.Counts(others.captured() + 1, others.collected().add(payment.amount),
                others.inFlight());
        LinkStatus stored = LinkStatus.valueOf(l.status());
        if (l.usageLimit() != null && counts.captured() >= l.usageLimit() && stored.canMoveTo(LinkStatus.PAID)) {
            transitions.move(l, LinkStatus.PAID, counts);
        }
    }

    @Override
    public PaymentLinkRef linkOf(PaymentEntity payment) {
        return payment.linkId == null ? null : links.ref(payment.linkId).orElse(null);
    }
}
