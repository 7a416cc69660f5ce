package io.paygate.payment.checkout;

import io.quarkus.qute.TemplateData;

import java.util.List;

/**
 * One group of the methods the hosted page offers (docs/contract.md §2): {@code kind} is {@code wallets}, {@code accounts},
 * {@code card}, {@code stores} or {@code directdebit}; each choice posts {@code type} to {@code /pg/pay/{code}/method}
 * (on the pay view, card and direct debit show their forms instead).
 */
@TemplateData
public record MethodGroup(String kind, String heading, List<Choice> choices) {

    /**
     * A method to choose: its §2a code, its name as the customer knows it, and the brand's text badge (null for card
     * and direct debit, which show no single brand).
     */
    @TemplateData
    public record Choice(String type, String label, BrandMarks.Badge badge) {
    }
}
