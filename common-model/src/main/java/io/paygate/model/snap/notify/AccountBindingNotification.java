package io.paygate.model.snap.notify;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body POSTed to the merchant's {@code snapBindingNotifyUrl} when a binding made through SNAP is decided (ACTIVE,
 * FAILED) or removed (UNBOUND) (docs/contract.md §9). The standard has no binding notification of its own; this body
 * is the account-inquiry reply (service 08) without its reply members, as providers that notify a binding send it
 * (Bank Neo Commerce's SNAP-signed binding callback: {@code partnerReferenceNo}, the masked {@code accountNo}, the
 * token and status in {@code additionalInfo}; 2C2P's inquiry: {@code partnerReferenceNo}, {@code accountNo},
 * {@code accountToken}), so one client model reads the 07/08 replies and this notification.
 *
 * @param partnerReferenceNo the {@code partnerReferenceNo} of the binding request that started or returned it
 * @param referenceNo        the binding's id ({@code bindingId})
 * @param accountNo          the customer's phone, masked ({@code +62 •••• 7890})
 * @param accountToken       once ACTIVE: the binding's id again, the {@code bankCardToken} of a direct debit
 * @param additionalInfo     the binding's state
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "A binding made through SNAP became ACTIVE, FAILED or UNBOUND (docs/contract.md §9; modelled on the "
        + "account-inquiry reply, as the standard has no binding notification)")
public record AccountBindingNotification(
        String partnerReferenceNo,
        String referenceNo,
        String accountNo,
        String accountToken,
        BindingNotifyInfo additionalInfo) {

    /**
     * {@code additionalInfo}: {@code status} {@code ACTIVE}, {@code FAILED} or {@code UNBOUND}; {@code channel} the
     * direct-debit source code; {@code failureReason} when FAILED ({@code EXPIRED}, {@code OTP_ATTEMPTS},
     * {@code SIMULATED}); {@code finishedTime} when it changed ({@code gateway.timezone}); {@code merchantId} the
     * merchant's id.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BindingNotifyInfo(String status, String channel, String failureReason, String finishedTime,
                                    String merchantId) {
    }
}
