package io.paygate.model.snap.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code additionalInfo} of the SNAP binding replies: the §4 binding as {@code GET …/bind/{bindingId}} shows it.
 *
 * @param status        {@code PENDING}, {@code ACTIVE}, {@code FAILED} or {@code UNBOUND}
 * @param channel       the direct-debit source code
 * @param expiresAt     while PENDING: until when the customer can approve (ISO-8601 with offset)
 * @param failureReason when FAILED: {@code EXPIRED}, {@code OTP_ATTEMPTS} or {@code SIMULATED}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "The binding's state")
public record AccountBindingState(String status, String channel, String expiresAt, String failureReason) {
}
