package io.paygate.binding.snap;

import io.paygate.binding.binding.Binding;
import io.paygate.binding.binding.BindingMapper;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.SnapClient;
import io.paygate.kit.snap.SnapException;
import io.paygate.model.api.Patterns;
import io.paygate.model.api.WireTime;
import io.paygate.model.api.binding.BindCustomer;
import io.paygate.model.api.binding.BindRequest;
import io.paygate.model.api.binding.BindSourceOfFunds;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;
import io.paygate.model.snap.binding.AccountBindingCustomer;
import io.paygate.model.snap.binding.AccountBindingReply;
import io.paygate.model.snap.binding.AccountBindingRequest;
import io.paygate.model.snap.binding.AccountBindingState;
import io.paygate.model.snap.binding.AccountInquiryReply;
import io.paygate.model.snap.binding.AccountUnbindingReply;
import io.paygate.model.status.BindingStatus;

import java.time.ZoneId;
import java.util.List;

/**
 * SNAP account binding's bodies to and from §4's bindings (docs/contract.md §9). Field rules the records' constraints
 * cannot say (the phone as E.164, the source code, the merchant named) are checked here, before anything is written.
 */
final class SnapBindingMapper {

    /** {@code additionalInfo.channel} when absent. */
    static final String DEFAULT_CHANNEL = "BCA_DD";
    /** SNAP is Indonesia's: a national number {@code 08…} is {@code +628…}. */
    private static final String NATIONAL_PREFIX = "+62";

    private SnapBindingMapper() {
    }

    /** The §4 bind request a SNAP one asks for; {@code 400xx01} naming the field SNAP's rules let through. */
    static BindRequest bindRequest(AccountBindingRequest request, List<String> sourceTypes) {
        String phone = e164(request.phoneNo());
        String channel = request.additionalInfo() == null || request.additionalInfo().channel() == null
                ? DEFAULT_CHANNEL : request.additionalInfo().channel();
        if (!sourceTypes.contains(channel)) {
            throw SnapException.invalidFormat("additionalInfo.channel");
        }
        AccountBindingCustomer customer = request.additionalData();
        String customerId = customer.userId() == null ? phone : customer.userId();
        return new BindRequest(new BindCustomer(customerId, customer.email(), customer.firstName(),
                customer.lastName(), phone), BindSourceOfFunds.of(channel));
    }

    /** {@code +6281…}, {@code 6281…} and {@code 081…} as E.164 ({@code +6281…}); anything else is {@code 400xx01}. */
    static String e164(String phoneNo) {
        String phone = phoneNo.startsWith("+") ? phoneNo
                : phoneNo.startsWith("0") ? NATIONAL_PREFIX + phoneNo.substring(1) : "+" + phoneNo;
        if (!phone.matches(Patterns.E164)) {
            throw SnapException.invalidFormat("phoneNo");
        }
        return phone;
    }

    /** The request's {@code merchantId} must name the merchant (its id or SNAP client key): else {@code 404xx08}. */
    static void requireOwnMerchant(Merchant merchant, String merchantId) {
        if (merchantId == null || merchantId.equals(merchant.id())
                || merchant.snap().map(SnapClient::clientKey).filter(merchantId::equals).isPresent()) {
            return;
        }
        throw SnapException.of(SnapCase.INVALID_MERCHANT, null);
    }

    static AccountBindingReply bound(Binding binding, String partnerReferenceNo, String publicBaseUrl, ZoneId zone) {
        return new AccountBindingReply(success(ServiceCode.SNAP_ACCOUNT_BINDING), SnapCase.SUCCESSFUL.message(),
                binding.id, partnerReferenceNo, accountToken(binding), redirectUrl(binding, publicBaseUrl),
                state(binding, zone));
    }

    static AccountInquiryReply inquired(Binding binding, String partnerReferenceNo, String publicBaseUrl, ZoneId zone) {
        return new AccountInquiryReply(success(ServiceCode.SNAP_ACCOUNT_INQUIRY), SnapCase.SUCCESSFUL.message(),
                binding.id, partnerReferenceNo, BindingMapper.maskedPhone(binding.customerPhone), accountToken(binding),
                redirectUrl(binding, publicBaseUrl), state(binding, zone));
    }

    static AccountUnbindingReply unbound(Binding binding, String partnerReferenceNo, ZoneId zone) {
        return new AccountUnbindingReply(success(ServiceCode.SNAP_ACCOUNT_UNBINDING), SnapCase.SUCCESSFUL.message(),
                binding.id, partnerReferenceNo, AccountUnbindingReply.SUCCESS, state(binding, zone));
    }

    static AccountBindingState state(Binding binding, ZoneId zone) {
        String expiresAt = binding.status == BindingStatus.PENDING ? WireTime.dateTime(binding.expiresAt, zone) : null;
        String failure = binding.status == BindingStatus.FAILED ? binding.failureReason : null;
        return new AccountBindingState(binding.status.name(), binding.sourceType, expiresAt, failure);
    }

    private static String accountToken(Binding binding) {
        return binding.status == BindingStatus.ACTIVE ? binding.id : null;
    }

    private static String redirectUrl(Binding binding, String publicBaseUrl) {
        return binding.status == BindingStatus.PENDING ? BindingMapper.authorizationUrl(binding, publicBaseUrl) : null;
    }

    private static String success(ServiceCode service) {
        return SnapCase.SUCCESSFUL.code(service);
    }
}
