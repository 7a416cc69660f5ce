package io.paygate.payment.rest;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.disbursement.DisbursementStatusResponse;
import io.paygate.model.api.list.Page;
import io.paygate.model.api.payment.PaymentStatusResponse;
import io.paygate.payment.disbursement.DisbursementList;
import io.paygate.payment.lists.ListQuery;
import io.paygate.payment.lists.PaymentLists;
import io.paygate.payment.report.TransactionsReport;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.LocalDate;

/** The merchant's lists and the daily transactions report (CONTRACT §3b). */
@Path("/pg")
@Tag(name = "Lists and reports", description = "The merchant's payments, refunds and transfers; the daily report")
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class ListResource {

    private static final String BAD_FILTER = """
            {"responseCode":"4001001","responseMessage":"Invalid Field Format status"}""";

    private final PaymentLists lists;
    private final DisbursementList disbursements;
    private final TransactionsReport report;
    private final CurrentMerchant merchant;

    ListResource(PaymentLists lists, DisbursementList disbursements, TransactionsReport report,
                 CurrentMerchant merchant) {
        this.lists = lists;
        this.disbursements = disbursements;
        this.report = report;
        this.merchant = merchant;
    }

    @GET
    @Path("/payments")
    @Produces(MediaType.APPLICATION_JSON)
    @MerchantAuthenticated
    @Operation(summary = "The merchant's payments, newest first",
            description = "status (a payment status), method (a CONTRACT §2a code), from/to (ISO-8601 with offset, "
                    + "created from inclusive, to exclusive), limit 1-200 (default 50), cursor (nextCursor of the "
                    + "page before). Each item has the fields of the status reply.")
    @APIResponse(responseCode = "200", description = "A page; nextCursor fetches the next",
            content = @Content(examples = @ExampleObject(name = "2000000", value = """
                    {"responseCode":"2000000","responseMessage":"Success","items":[{"paymentCode":"PC8F2K4Q7M1X9B3D",\
                    "order":{"id":"ORD-1","amount":150000.00,"reference":"PC8F2K4Q7M1X9B3D","currency":"IDR"},\
                    "result":{"payment":{"amount":150000.00,"status":"CAPTURED","statusDesc":null}},\
                    "expiryLink":"2026-11-22 10:15:30","sourceOfFunds":{"type":"QRIS"}}],\
                    "nextCursor":"cGF5bWVudHMKZGVtbw..."}""")))
    @APIResponse(responseCode = "400", description = "A filter or the cursor is malformed",
            content = @Content(examples = @ExampleObject(name = "4001001", value = BAD_FILTER)))
    public Page<PaymentStatusResponse> payments(@QueryParam("status") String status,
                                                @QueryParam("method") String method,
                                                @QueryParam("from") String from, @QueryParam("to") String to,
                                                @QueryParam("limit") String limit,
                                                @QueryParam("cursor") String cursor) {
        return lists.payments(merchant.get(), status, method, ListQuery.of(from, to, limit), cursor);
    }

    @GET
    @Path("/disbursements")
    @Produces(MediaType.APPLICATION_JSON)
    @MerchantAuthenticated
    @Operation(summary = "The merchant's transfers, newest first",
            description = "status (a latestTransactionStatus code), from/to, limit, cursor as for payments.")
    @APIResponse(responseCode = "200", description = "A page; nextCursor fetches the next",
            content = @Content(examples = @ExampleObject(name = "2000000", value = """
                    {"responseCode":"2000000","responseMessage":"Success","items":[{"referenceNo":"DSB7Q2M4X8B1N3D5",\
                    "partnerReferenceNo":"PAYOUT-1","beneficiaryBankCode":"014","beneficiaryAccountName":"Budi",\
                    "beneficiaryAccountNo":"1234567890","amount":{"value":"50000.00","currency":"IDR"},\
                    "latestTransactionStatus":"00","transactionDate":"2026-11-21T10:15:30+07:00",\
                    "transferDateTime":"2026-11-21T10:15:33+07:00"}]}""")))
    @APIResponse(responseCode = "400", description = "A filter or the cursor is malformed",
            content = @Content(examples = @ExampleObject(name = "4001001", value = BAD_FILTER)))
    public Page<DisbursementStatusResponse> disbursements(@QueryParam("status") String status,
                                                          @QueryParam("from") String from,
                                                          @QueryParam("to") String to,
                                                          @QueryParam("limit") String limit,
                                                          @QueryParam("cursor") String cursor) {
        return disbursements.list(merchant.get(), status, ListQuery.of(from, to, limit), cursor);
    }

    @GET
    @Path("/reports/transactions")
    @Produces("text/csv")
    @MerchantAuthenticated
    @Operation(summary = "The day's money movements as CSV (RFC 4180, UTF-8, header row)",
            description = "One row per movement of the day in the gateway's time zone, oldest first: time, kind "
                    + "(PAYMENT_CAPTURED, REFUND_SUCCEEDED, PAYMENT_REVERSED, DISBURSEMENT_PAID, DISBURSEMENT_REFUNDED), "
                    + "orderId (a transfer's partnerReferenceNo), reference (paymentCode, refundId or a transfer's "
                    + "referenceNo), method, amount, currency, status. Streamed.")
    @APIResponse(responseCode = "200", description = "The report",
            content = @Content(mediaType = "text/csv", examples = @ExampleObject(name = "csv", value = """
                    time,kind,orderId,reference,method,amount,currency,status
                    2026-11-21T10:15:30+07:00,PAYMENT_CAPTURED,ORD-1,PC8F2K4Q7M1X9B3D,QRIS,150000.00,IDR,CAPTURED
                    2026-11-21T11:02:10+07:00,REFUND_SUCCEEDED,ORD-1,RF-1,QRIS,50000.00,IDR,SUCCEEDED""")))
    @APIResponse(responseCode = "400", description = "date is not a YYYY-MM-DD date",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4001001",
                    value = """
                            {"responseCode":"4001001","responseMessage":"Invalid Field Format date"}""")))
    public Response transactions(@QueryParam("date") String date) {
        LocalDate day = TransactionsReport.day(date);
        String merchantId = merchant.get().id();
        return Response.ok(report.of(merchantId, day), "text/csv; charset=UTF-8")
                .header("Content-Disposition", "attachment; filename=\"transactions-" + merchantId + "-" + day
                        + ".csv\"")
                .header("Cache-Control", "no-store").build();
    }
}
