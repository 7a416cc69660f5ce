package io.paygate.binding.snap;

import io.paygate.binding.binding.Binding;
import io.paygate.binding.binding.BindingConfig;
import io.paygate.binding.binding.BindingService;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.snap.SnapException;
import io.paygate.kit.snap.SnapIdempotency;
import io.paygate.model.api.binding.BindRequest;
import io.paygate.model.error.SnapCase;
import io.paygate.model.snap.binding.AccountBindingRequest;
import io.paygate.model.snap.binding.AccountInquiryReply;
import io.paygate.model.snap.binding.AccountInquiryRequest;
import io.paygate.model.snap.binding.AccountUnbindingReply;
import io.paygate.model.snap.binding.AccountUnbindingRequest;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.IllegalTransitionException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

/**
 * SNAP account binding (docs/contract.md §9, services 07, 08, 09) onto {@link BindingService}: a SNAP binding is an
 * ordinary §4 binding, approved on the same bank page and shown by the same {@code GET …/bind/{bindingId}}. Nothing
 * here changes a binding but through {@code BindingService}.
 */
@ApplicationScoped
public class SnapBindings {

    private final BindingService bindings;
    private final SnapBindingReferences references;
    private final BindingConfig config;
    private final GatewayConfig gateway;
    private final SnapIdempotency idempotency;

    SnapBindings(BindingService bindings, SnapBindingReferences references, BindingConfig config,
                 GatewayConfig gateway, SnapIdempotency idempotency) {
        this.idempotency = idempotency;
        this.bindings = bindings;
        this.references = references;
        this.config = config;
        this.gateway = gateway;
    }

    /**
     * Starts the binding (or finds the customer's live one) and remembers the request's reference for it, once per
     * {@code partnerReferenceNo} ({@link SnapIdempotency}); every field is checked before anything is claimed or written.
     * The binding becomes a SNAP binding (its events carry {@code snap}: notified at the merchant's
     * {@code snapBindingNotifyUrl}), under the first reference that named it.
     */
    public Response bind(Merchant merchant, AccountBindingRequest request) {
        SnapBindingMapper.requireOwnMerchant(merchant, request.merchantId());
        BindRequest bind = SnapBindingMapper.bindRequest(request, config.sourceTypes());
        String reference = request.partnerReferenceNo();
        return idempotency.once(reference, () -> {
            Binding binding = bindings.bind(merchant, bind, reference);
            references.remember(merchant.id(), reference, binding.id);
            return SnapBindingMapper.bound(binding, reference, config.publicBaseUrl(), gateway.timezone());
        });
    }

    /** The binding the request names, as the merchant's {@code GET …/bind/{bindingId}} shows it. */
    public AccountInquiryReply inquire(Merchant merchant, AccountInquiryRequest request) {
        SnapBindingMapper.requireOwnMerchant(merchant, request.merchantId());
        String bindingId = bindingId(merchant, request.referenceNo(), request.partnerReferenceNo());
        return SnapBindingMapper.inquired(bindings.get(merchant, bindingId), request.partnerReferenceNo(),
                config.publicBaseUrl(), gateway.timezone());
    }

    /**
     * Unbinds an ACTIVE binding; one already UNBOUND answers the same (a repeated request changes nothing); a PENDING
     * or FAILED one is {@code 404xx00 Invalid Transaction Status}.
     */
    public AccountUnbindingReply unbind(Merchant merchant, AccountUnbindingRequest request) {
        SnapBindingMapper.requireOwnMerchant(merchant, request.merchantId());
        String bindingId = bindingId(merchant, request.referenceNo(), request.partnerReferenceNo());
        Binding binding = bindings.get(merchant, bindingId);
        if (binding.status == BindingStatus.ACTIVE) {
            try {
                binding = bindings.unbind(merchant, bindingId);
            } catch (IllegalTransitionException e) {
                binding = bindings.get(merchant, bindingId); // changed meanwhile: unbound by another request, or not
            }
        }
        if (binding.status != BindingStatus.UNBOUND) {
            throw SnapException.of(SnapCase.INVALID_TRANSACTION_STATUS, null);
        }
        return SnapBindingMapper.unbound(binding, request.partnerReferenceNo(), gateway.timezone());
    }

    /**
     * The binding named by its id or by the binding request's reference (both: they must agree); unknown, another
     * merchant's and a mismatch are {@code 404xx01}, neither is {@code 400xx02 partnerReferenceNo}.
     */
    private String bindingId(Merchant merchant, String referenceNo, String partnerReferenceNo) {
        if (partnerReferenceNo == null) {
            if (referenceNo == null) {
                throw SnapException.mandatory("partnerReferenceNo");
            }
            return referenceNo;
        }
        String named = references.bindingOf(merchant.id(), partnerReferenceNo).orElseThrow(SnapException::notFound);
        if (referenceNo != null && !referenceNo.equals(named)) {
            throw SnapException.notFound();
        }
        return named;
    }
}
