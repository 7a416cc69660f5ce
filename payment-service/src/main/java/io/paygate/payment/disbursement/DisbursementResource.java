package io.paygate.payment.disbursement;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.model.api.disbursement.DisbursementStatusResponse;
import io.paygate.model.api.disbursement.TransferRequest;
import io.paygate.model.api.disbursement.TransferResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestResponse;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Merchant disbursement API (CONTRACT §5). */
@Path("/pg/disbursement")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@Tag(name = "Disbursements", description = "Transfers to a beneficiary bank account (CONTRACT §5)")
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class DisbursementResource {

    private final DisbursementService disbursements;
    private final CurrentMerchant merchant;

    DisbursementResource(DisbursementService disbursements, CurrentMerchant merchant) {
        this.disbursements = disbursements;
        this.merchant = merchant;
    }

    @POST
    @Path("/transfer")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Start a transfer",
            description = "Idempotent per partnerReferenceNo: the same content again gets the same reply, different "
                    + "content gets 4090400. Status changes are notified to the registered disbursementCallbackUrl.")
    @APIResponse(responseCode = "200", description = "Accepted, latestTransactionStatus 01",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TransferResponse.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success","referenceNo":"DSB4K9Q2M8X1B7D3H5F0T6W",\
                            "partnerReferenceNo":"TRF-20261121-0001","latestTransactionStatus":"01",\
                            "transactionDate":"2026-11-21T10:15:30+07:00"}""")))
    @APIResponse(responseCode = "400", description = "A field breaks its rule (CONTRACT §5), or is missing",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = {
                    @ExampleObject(name = "4000401 amount.value", value = """
                            {"responseCode":"4000401","responseMessage":"Invalid Field Format amount.value"}"""),
                    @ExampleObject(name = "4000401 beneficiaryBankCode", value = """
                            {"responseCode":"4000401","responseMessage":"Invalid Field Format beneficiaryBankCode"}"""),
                    @ExampleObject(name = "4000402 partnerReferenceNo", value = """
                            {"responseCode":"4000402","responseMessage":"Invalid Mandatory Field partnerReferenceNo"}""")}))
    @APIResponse(responseCode = "409", description = "partnerReferenceNo already used with different content",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4090400",
                    value = """
                            {"responseCode":"4090400","responseMessage":"Conflict. partnerReferenceNo already used with other content"}""")))
    public TransferResponse transfer(@Valid @NotNull TransferRequest request) {
        return disbursements.transfer(merchant.get(), request);
    }

    /** Unknown (or another merchant's) reference: 404 with {@code 4040501} and {@code latestTransactionStatus 07}. */
    @GET
    @Path("/status/{partnerReferenceNo}")
    @Operation(summary = "Transfer status by the merchant's partnerReferenceNo")
    @APIResponse(responseCode = "200", description = "The transfer",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = DisbursementStatusResponse.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success","referenceNo":"DSB4K9Q2M8X1B7D3H5F0T6W",\
                            "partnerReferenceNo":"TRF-20261121-0001","beneficiaryBankCode":"014",\
                            "beneficiaryAccountName":"Budi Santoso","beneficiaryAccountNo":"1234567890",\
                            "amount":{"value":"250000.00","currency":"IDR"},"latestTransactionStatus":"00",\
                            "transactionDate":"2026-11-21T10:15:30+07:00","transferDateTime":"2026-11-21T10:15:36+07:00"}""")))
    @APIResponse(responseCode = "404", description = "Unknown transfer, or another merchant's: latestTransactionStatus 07",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = DisbursementStatusResponse.class),
                    examples = @ExampleObject(name = "4040501", value = """
                            {"responseCode":"4040501","responseMessage":"Transaction Not Found","latestTransactionStatus":"07"}""")))
    public RestResponse<DisbursementStatusResponse> status(@PathParam("partnerReferenceNo") String partnerReferenceNo) {
        return disbursements.status(merchant.get(), partnerReferenceNo)
                .map(RestResponse::ok)
                .orElseGet(() -> RestResponse.status(RestResponse.Status.NOT_FOUND, DisbursementStatusResponse.notFound()));
    }

    @POST
    @Path("/{referenceNo}/cancel")
    @Operation(summary = "Cancel a transfer (01 or 03 to 05, triggerType manual)")
    @APIResponse(responseCode = "200", description = "Cancelled",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = DisbursementStatusResponse.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success","referenceNo":"DSB4K9Q2M8X1B7D3H5F0T6W",\
                            "partnerReferenceNo":"TRF-20261121-0001","beneficiaryBankCode":"014",\
                            "beneficiaryAccountName":"Budi Santoso","beneficiaryAccountNo":"1234567890",\
                            "amount":{"value":"250000.00","currency":"IDR"},"latestTransactionStatus":"05",\
                            "transactionDate":"2026-11-21T10:15:30+07:00","transferDateTime":"2026-11-21T10:15:36+07:00"}""")))
    @APIResponse(responseCode = "404", description = "Unknown referenceNo, or another merchant's",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4040401",
                    value = """
                            {"responseCode":"4040401","responseMessage":"Transaction Not Found"}""")))
    @APIResponse(responseCode = "409", description = "The transfer's status cannot change to 05",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4090400",
                    value = """
                            {"responseCode":"4090400","responseMessage":"Conflict. latestTransactionStatus 00 cannot change to 05"}""")))
    public DisbursementStatusResponse cancel(@PathParam("referenceNo") String referenceNo) {
        return disbursements.cancel(merchant.get(), referenceNo);
    }
}
