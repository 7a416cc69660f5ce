package io.paygate.qa;

import io.paygate.model.api.disbursement.AdditionalInfo;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.api.disbursement.TransferRequest;
import io.restassured.response.Response;

import java.time.Duration;
import java.util.Set;
import java.util.UUID;

/**
 * Disbursements (docs/contract.md §5), signed as the target's merchant. The sandbox bank moves a transfer
 * {@code 01→02→00} by itself; an account number ending {@code 0006} ends in {@code 06}, one ending {@code 0003} stops
 * at {@code 03}. Notifications go to the merchant's registered {@code disbursementCallbackUrl}
 * ({@link Callbacks#register}).
 */
public final class Disbursements {

    /** The sandbox bank pays a transfer to this account ({@code 00}). */
    public static final String PAID_ACCOUNT = "1234567890";
    /** The sandbox bank fails a transfer to an account ending so ({@code 06}). */
    public static final String FAILING_ACCOUNT = "1234560006";
    /** The sandbox bank holds a transfer to an account ending so at {@code 03} until an operator acts. */
    public static final String HELD_ACCOUNT = "1234560003";

    private final PaygateTarget target;

    Disbursements(PaygateTarget target) {
        this.target = target;
    }

    /** Transfers {@code amount} IDR (two decimals, {@code "250000.00"}) to BCA account {@code accountNo}. */
    public Disbursement transfer(String amount, String accountNo) {
        return transfer(new TransferRequest("QA-TRF-" + UUID.randomUUID(), "014", "Budi Santoso", accountNo,
                new TransferAmount(amount, "IDR"), new AdditionalInfo("paygate-qa transfer")));
    }

    /** Sends the transfer; fails with the reply unless the gateway answers 200. */
    public Disbursement transfer(TransferRequest request) {
        Response response = send(request);
        Waits.expect(response, 200, "transfer " + request.partnerReferenceNo());
        return Disbursement.from(response.jsonPath());
    }

    /** The raw reply of {@code POST /pg/disbursement/transfer}, for asserting refusals. */
    public Response send(TransferRequest request) {
        return Calls.postJson(target, target.paymentUrl() + "/pg/disbursement/transfer", request);
    }

    public Disbursement status(String partnerReferenceNo) {
        Response response = Calls.signed(target)
                .get(target.paymentUrl() + "/pg/disbursement/status/" + partnerReferenceNo);
        Waits.expect(response, 200, "status of transfer " + partnerReferenceNo);
        return Disbursement.from(response.jsonPath());
    }

    /** The merchant cancels a transfer the bank has not paid ({@code 05}); fails with the reply otherwise. */
    public Disbursement cancel(String referenceNo) {
        Response response = Calls.signed(target)
                .post(target.paymentUrl() + "/pg/disbursement/" + referenceNo + "/cancel");
        Waits.expect(response, 200, "cancel transfer " + referenceNo);
        return Disbursement.from(response.jsonPath());
    }

    /** Polls the transfer until its {@code latestTransactionStatus} is one of {@code statuses}. */
    public Disbursement awaitStatus(String partnerReferenceNo, Duration timeout, String... statuses) {
        Set<String> wanted = Set.of(statuses);
        return Waits.until(timeout, "transfer " + partnerReferenceNo + " to be " + wanted,
                () -> status(partnerReferenceNo), d -> wanted.contains(d.latestTransactionStatus()),
                Disbursement::latestTransactionStatus);
    }
}
