package io.paygate.binding.binding;

import io.paygate.model.api.Customer;
import io.paygate.model.api.WireTime;
import io.paygate.model.api.binding.ActiveBinding;
import io.paygate.model.api.binding.DirectDebitBanks;
import io.paygate.model.api.binding.InternalBinding;
import io.paygate.model.api.binding.BindResponse;
import io.paygate.model.event.BindingStatusChanged;
import io.paygate.model.event.SnapBindingOrigin;
import io.paygate.model.status.BindingStatus;

import java.time.ZoneId;

/** Converts the private entity to the wire records of common-model. */
public final class BindingMapper {

    private BindingMapper() {
    }

    public static BindResponse toResponse(Binding binding, String publicBaseUrl, ZoneId zone) {
        String authorizationUrl = binding.status == BindingStatus.PENDING ? authorizationUrl(binding, publicBaseUrl) : null;
        return BindResponse.success(binding.id, binding.status, authorizationUrl, WireTime.dateTime(binding.expiresAt, zone));
    }

    public static String authorizationUrl(Binding binding, String publicBaseUrl) {
        return publicBaseUrl.replaceAll("/+$", "") + "/pg/bind/" + binding.id;
    }

    public static Customer customer(Binding binding) {
        return new Customer(binding.customerId, binding.customerEmail, binding.customerFirstName,
                binding.customerLastName, binding.customerPhone);
    }

    /**
     * The binding's status event; with {@code snap} (docs/contract.md §9) when a SNAP binding request started or
     * returned it: the request's reference, the masked phone, and why it FAILED.
     */
    public static BindingStatusChanged event(Binding binding) {
        BindingStatusChanged event = new BindingStatusChanged(binding.id, binding.status, binding.sourceType,
                customer(binding));
        if (binding.snapPartnerReferenceNo == null) {
            return event;
        }
        String failure = binding.status == BindingStatus.FAILED ? binding.failureReason : null;
        return event.withSnap(new SnapBindingOrigin(binding.snapPartnerReferenceNo, maskedPhone(binding.customerPhone),
                failure));
    }

    public static ActiveBinding active(Binding binding) {
        return new ActiveBinding(binding.id, binding.customerId, binding.sourceType, bankName(binding.sourceType)
                + " direct debit");
    }

    public static InternalBinding internal(Binding binding) {
        return new InternalBinding(binding.id, binding.status, binding.customerId, binding.sourceType,
                bankName(binding.sourceType) + " direct debit");
    }

    /** {@code BCA_DD} → {@code BCA}; {@code MANDIRI_DD} → {@code Mandiri}. */
    public static String bankName(String sourceType) {
        return DirectDebitBanks.name(sourceType);
    }

    /** {@code +6281234567890} → {@code +62 •••• 7890}: enough for the customer to recognise, not to reuse. */
    public static String maskedPhone(String phone) {
        return phone.length() <= 7 ? "••••" : phone.substring(0, 3) + " •••• " + phone.substring(phone.length() - 4);
    }
}
