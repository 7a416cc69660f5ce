package io.paygate.model.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of {@code PUT /pg/merchant/callbacks} and reply of {@code GET} (docs/contract.md §6, §9): where disbursement,
 * binding and SNAP notifications go. A PUT changes the members it sends (a member sent as {@code null} unregisters
 * that URL) and leaves the others as they are. Each is an absolute {@code https} URL of at most 2048 characters; the
 * scheme, host (it must resolve, to no private, link-local, CGNAT or reserved address, IPv4 carried in IPv6 included)
 * and port (443, 8443 or the configured ones) rules are checked by the callback URL policy.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Merchant callback addresses for disbursement, binding and SNAP notifications. A PUT changes the "
        + "members it sends (null unregisters one) and leaves the others.")
public record CallbackRegistration(
        @Schema(description = "Receives disbursement notifications (and SNAP's transfer notification)", maxLength = 2048,
                examples = "https://merchant.example.com/callbacks/disbursement")
        @Size(min = 1, max = 2048) String disbursementCallbackUrl,
        @Schema(description = "Receives binding notifications", maxLength = 2048,
                examples = "https://merchant.example.com/callbacks/binding")
        @Size(min = 1, max = 2048) String bindingCallbackUrl,
        @Schema(description = "SNAP (docs/contract.md §9): receives the /v1.0/debit/notify body of direct debits made "
                + "through SNAP", maxLength = 2048, examples = "https://merchant.example.com/v1.0/debit/notify")
        @Size(min = 1, max = 2048) String snapDebitNotifyUrl,
        @Schema(description = "SNAP (docs/contract.md §9): receives the /v1.0/transfer-va/payment body of virtual "
                + "accounts made through SNAP", maxLength = 2048,
                examples = "https://merchant.example.com/v1.0/transfer-va/payment")
        @Size(min = 1, max = 2048) String snapVaPaymentUrl,
        @Schema(description = "SNAP (docs/contract.md §9): receives the /v1.0/qr/qr-mpm-notify body of QRIS payments "
                + "made through SNAP", maxLength = 2048, examples = "https://merchant.example.com/v1.0/qr/qr-mpm-notify")
        @Size(min = 1, max = 2048) String snapQrNotifyUrl,
        @Schema(description = "SNAP (docs/contract.md §9): reserved for bindings made through SNAP; registered and "
                + "shown, not yet notified", maxLength = 2048,
                examples = "https://merchant.example.com/v1.0/registration-account-binding/notify")
        @Size(min = 1, max = 2048) String snapBindingNotifyUrl) {

    /** The members of the body, in order: the names a PUT may send. */
    public static final java.util.List<String> MEMBERS = java.util.List.of("disbursementCallbackUrl",
            "bindingCallbackUrl", "snapDebitNotifyUrl", "snapVaPaymentUrl", "snapQrNotifyUrl", "snapBindingNotifyUrl");

    /** Disbursement and binding URLs only (no SNAP URL). */
    public CallbackRegistration(String disbursementCallbackUrl, String bindingCallbackUrl) {
        this(disbursementCallbackUrl, bindingCallbackUrl, null, null, null, null);
    }

    /** The URL of member {@code name} (one of {@link #MEMBERS}). */
    public String url(String name) {
        return switch (name) {
            case "disbursementCallbackUrl" -> disbursementCallbackUrl;
            case "bindingCallbackUrl" -> bindingCallbackUrl;
            case "snapDebitNotifyUrl" -> snapDebitNotifyUrl;
            case "snapVaPaymentUrl" -> snapVaPaymentUrl;
            case "snapQrNotifyUrl" -> snapQrNotifyUrl;
            case "snapBindingNotifyUrl" -> snapBindingNotifyUrl;
            default -> throw new IllegalArgumentException("no member " + name);
        };
    }
}
