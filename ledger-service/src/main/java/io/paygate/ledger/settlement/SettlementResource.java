package io.paygate.ledger.settlement;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.kit.rest.ReportCells;
import io.paygate.ledger.books.Days;
import io.paygate.model.api.ledger.SettlementList;
import io.paygate.model.error.ResponseCode;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.List;

/** The merchant's settlements and each one's report (docs/contract.md §12). */
@Path("/pg/settlements")
@MerchantAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
@Tag(name = "Balance", description = "Your money: balance, transactions and settlements")
public class SettlementResource {

    /** The report's columns: one row per payment. */
    public static final String[] HEADER = {"orderId", "method", "capturedAt", "gross", "fee", "vat", "net"};

    private final Settlements settlements;
    private final CurrentMerchant merchant;
    private final GatewayConfig gateway;

    SettlementResource(Settlements settlements, CurrentMerchant merchant, GatewayConfig gateway) {
        this.settlements = settlements;
        this.merchant = merchant;
        this.gateway = gateway;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Your settlements", description = "By date; from and to YYYY-MM-DD, both included")
    @APIResponse(responseCode = "200", description = "The settlements")
    public SettlementList list(@QueryParam("from") String from, @QueryParam("to") String to) {
        LocalDate start = Days.optional(from, "from");
        LocalDate end = Days.optional(to, "to");
        if (start != null && end != null && end.isBefore(start)) {
            throw ApiException.invalidFormat("to");
        }
        return new SettlementList(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE,
                settlements.list(merchant.get().id(), start, end));
    }

    @GET
    @Path("/{id}/report")
    @Produces("text/csv")
    @Operation(summary = "A settlement's report", description = "CSV, one row per payment: order id, method, captured "
            + "at, gross, fee, VAT, net")
    @APIResponse(responseCode = "200", description = "The report (text/csv)")
    public Response report(@PathParam("id") String id) {
        List<String[]> rows = settlements.reportRows(merchant.get().id(), id, gateway.timezone());
        StringWriter out = new StringWriter();
        try (CSVPrinter csv = new CSVPrinter(out, CSVFormat.RFC4180.builder().setHeader(HEADER).get())) {
            for (String[] row : rows) {
                for (String value : row) {
                    csv.print(ReportCells.cell(value));
                }
                csv.println();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Response.ok(out.toString(), "text/csv; charset=UTF-8")
                .header("Content-Disposition", "attachment; filename=\"settlement-" + id.replaceAll("[^A-Za-z0-9-]", "")
                        + ".csv\"").build();
    }
}
