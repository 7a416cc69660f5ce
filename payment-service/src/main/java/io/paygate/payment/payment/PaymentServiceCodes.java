package io.paygate.payment.payment;

import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ServiceCode;
import jakarta.enterprise.context.ApplicationScoped;

/** The service code of each payment-service path (docs/contract.md §0). */
@ApplicationScoped
public class PaymentServiceCodes implements ServiceCodeResolver {

    @Override
    public ServiceCode resolve(String method, String path) {
        if (path.equals("/pg/payment-links") || path.startsWith("/pg/payment-links/")) {
            return ServiceCode.PAYMENT_LINKS;
        }
        if (path.startsWith("/pg/payment/card/directdebit/purchase") || path.startsWith("/pg/payment/card/recurring")
                || path.startsWith("/pg/subscriptions") || path.startsWith("/pg/sandbox/subscriptions")) {
            return ServiceCode.RECURRING_AND_STORED_CREDENTIALS;
        }
        if (path.startsWith("/pg/payment/card/refunds") || path.startsWith("/pg/payments")
                || path.startsWith("/pg/disbursements") || path.startsWith("/pg/reports")) {
            return ServiceCode.LISTS_AND_REPORTS;
        }
        if (path.startsWith("/pg/payment/card/stored") || path.equals("/pg/payment/card/payment")
                || path.startsWith("/pg/payment/card/payment/")) {
            return ServiceCode.RECURRING_AND_STORED_CREDENTIALS;
        }
        if (path.startsWith("/pg/payment/card/refund") || path.startsWith("/pg/payment/card/cancel")) {
            return ServiceCode.REFUNDS_AND_CANCELLATION;
        }
        if (path.startsWith("/pg/payment/card/status") || path.startsWith("/pg/payment/card/check")) {
            return ServiceCode.PAYMENT_STATUS;
        }
        if (path.startsWith("/internal/ledger-facts")) {
            return ServiceCode.LISTS_AND_REPORTS;
        }
        if (path.startsWith("/pg/disbursement/status") || path.startsWith("/internal/disbursements")) {
            return ServiceCode.DISBURSEMENT_STATUS;
        }
        if (path.startsWith("/pg/disbursement") || path.startsWith("/pg/ops/disbursements")) {
            return ServiceCode.DISBURSEMENT_TRANSFER;
        }
        if (path.startsWith("/pg/pay/") || path.startsWith("/pg/link/") || path.startsWith("/pg/sandbox")
                || path.startsWith("/pg/provider") || path.startsWith("/pg/ops/payments")) {
            return ServiceCode.HOSTED_PAGE;
        }
        return ServiceCode.PAYMENT_INITIATION;
    }
}
