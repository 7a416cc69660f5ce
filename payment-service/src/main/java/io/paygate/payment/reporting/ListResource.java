package io.paygate.payment.reporting;

import io.paygate.kit.rest.ListQuery;
import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.disbursement.DisbursementStatusResponse;
import io.paygate.model.api.list.Page;
import io.paygate.model.api.payment.PaymentStatusResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

import java.time.LocalDate;

/** The merchant's lists and the daily transactions report (docs/contract.md §3b). */
@Path("/pg")
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
    @APIResponse(responseCode = "200", description = "A page; nextCursor fetches the next")
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
    @APIResponse(responseCode = "200", description = "A page; nextCursor fetches the next")
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
    @APIResponse(responseCode = "200", description = "The report")
    public Response transactions(@QueryParam("date") String date) {
        LocalDate day = TransactionsReport.day(date);
        String merchantId = merchant.get().id();
        return Response.ok(report.of(merchantId, day), "text/csv; charset=UTF-8")
                .header("Content-Disposition", "attachment; filename=\"transactions-" + merchantId + "-" + day
                        + ".csv\"")
                .header("Cache-Control", "no-store").build();
    }
}
