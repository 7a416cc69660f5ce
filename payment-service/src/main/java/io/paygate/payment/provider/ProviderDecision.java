package io.paygate.payment.provider;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.paygate.model.status.PaymentStatus;

/**
 * The body of a provider callback: the provider's decision on one charge. {@code status} is CAPTURED or FAILED;
 * {@code statusDesc} says why a charge failed.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProviderDecision(String reference, String paymentCode, PaymentStatus status, String statusDesc) {
}
