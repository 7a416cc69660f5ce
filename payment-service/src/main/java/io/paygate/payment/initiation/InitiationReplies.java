package io.paygate.payment.initiation;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.payment.AccountEntry;
import io.paygate.model.api.payment.InitiateResponse;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentChargeEntity;
import io.paygate.payment.payment.PaymentChargeRepository;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PublicUrls;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * The initiation reply of a payment whose preselected method opened a charge (docs/contract.md §1, §2a), built from the charge
 * the initiation opened, so every repeat answers the same numbers: {@code paymentCode} is the VA number, bill key or
 * store code where the method has one, {@code accountList} says where to pay, {@code imageurl} is the QR image,
 * {@code appurl} the wallet app link, {@code expiryLink} the expiry announced at creation.
 */
@ApplicationScoped
public class InitiationReplies {

    private final PaymentRepository payments;
    private final PaymentChargeRepository charges;
    private final PublicUrls urls;
    private final GatewayTime time;
    private final Merchants merchants;

    InitiationReplies(PaymentRepository payments, PaymentChargeRepository charges, PublicUrls urls, GatewayTime time,
                      Merchants merchants) {
        this.payments = payments;
        this.charges = charges;
        this.urls = urls;
        this.time = time;
        this.merchants = merchants;
    }

    /** The reply for payment {@code paymentCode}, read in a transaction of its own. */
    public InitiateResponse of(String paymentCode) {
        return QuarkusTransaction.requiringNew().call(() -> {
            PaymentEntity p = payments.findByCode(paymentCode).orElseThrow(ApiException::notFound);
            PaymentChargeEntity c = charges.preselectedOf(p.id)
                    .filter(charge -> charge.state != PaymentChargeEntity.State.OPENING).orElse(null);
            return reply(p, c);
        });
    }

    private InitiateResponse reply(PaymentEntity p, PaymentChargeEntity c) {
        String page = urls.page(p.paymentCode);
        String expiry = time.expiryLink(p.linkExpiresAt);
        if (c == null) {
            return InitiateResponse.success(p.paymentCode, page, expiry, 0);
        }
        PaymentMethod method = c.method;
        String merchantName = merchants.find(p.merchantId).map(Merchant::name).orElse(p.merchantId);
        List<AccountEntry> accounts = switch (method.kind()) {
            case VIRTUAL_ACCOUNT -> List.of(AccountEntry.virtualAccount(method.institution(), c.payCode, merchantName));
            case BILL_PAYMENT -> List.of(AccountEntry.bill(method.institution(), c.billerCode, c.payCode));
            case CONVENIENCE_STORE -> List.of(AccountEntry.store(method.institution(), c.payCode));
            default -> List.of();
        };
        String imageUrl = !method.hasQr() ? null
                : c.qrString != null ? urls.qrImage(p.paymentCode) : c.providerQrUrl;
        return InitiateResponse.success(method.kind().paidWithCode() && c.payCode != null ? c.payCode
                        : p.paymentCode, page, expiry, method.hasAppLink() ? c.appUrl : null, imageUrl, accounts);
    }
}
