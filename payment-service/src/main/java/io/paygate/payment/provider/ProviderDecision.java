package io.paygate.payment.provider;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.paygate.model.api.CardInfo;
import io.paygate.model.status.PaymentStatus;

/**
 * The body of a provider callback: the provider's decision on one charge. {@code status} is CAPTURED or FAILED;
 * {@code statusDesc} says why a charge failed; {@code cardInfo} is what the provider knows about the card (or null),
 * so the decision is complete even when it arrives before payment-service recorded the charge's acceptance.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProviderDecision(String reference, String paymentCode, PaymentStatus status, String statusDesc,
                               CardInfo cardInfo) {
}
