package io.paygate.payment.disbursement;

import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.model.api.disbursement.DisbursementStatusResponse;
import io.paygate.model.status.DisbursementStatus;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Operators settle a transfer by hand (docs/contract.md §5: {@code 00}, {@code 04} or {@code 06}, triggerType manual). */
@Path("/pg/ops/disbursements/{referenceNo}/status")
@Produces(MediaType.APPLICATION_JSON)
@OpsAuthenticated
@Tag(name = "Operations", description = "Operator actions (ops token); not for merchants")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class OpsDisbursementResource {

    public record StatusChange(@NotBlank @Pattern(regexp = "00|04|06") String latestTransactionStatus) {
    }

    private final DisbursementService disbursements;

    OpsDisbursementResource(DisbursementService disbursements) {
        this.disbursements = disbursements;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Settle a transfer by hand: 00, 04 or 06 (triggerType manual)")
    @APIResponse(responseCode = "200", description = "Changed",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = DisbursementStatusResponse.class)))
    @APIResponse(responseCode = "400", description = "latestTransactionStatus missing or not 00, 04, 06",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = {
                    @ExampleObject(name = "4000401", value = """
                            {"responseCode":"4000401","responseMessage":"Invalid Field Format latestTransactionStatus"}"""),
                    @ExampleObject(name = "4000402", value = """
                            {"responseCode":"4000402","responseMessage":"Invalid Mandatory Field latestTransactionStatus"}""")}))
    @APIResponse(responseCode = "404", description = "Unknown referenceNo",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4040401",
                    value = """
                            {"responseCode":"4040401","responseMessage":"Transaction Not Found"}""")))
    @APIResponse(responseCode = "409", description = "Not a legal transition (docs/contract.md §5)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4090400",
                    value = """
                            {"responseCode":"4090400","responseMessage":"Conflict. latestTransactionStatus 05 cannot change to 00"}""")))
    public DisbursementStatusResponse set(@PathParam("referenceNo") String referenceNo,
                                          @Valid @NotNull StatusChange change) {
        return disbursements.operatorSets(referenceNo, DisbursementStatus.fromCode(change.latestTransactionStatus()));
    }
}
