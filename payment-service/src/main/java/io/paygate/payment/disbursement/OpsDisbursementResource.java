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

/** Operators settle a transfer by hand (CONTRACT §5: {@code 00}, {@code 04} or {@code 06}, triggerType manual). */
@Path("/pg/ops/disbursements/{referenceNo}/status")
@Produces(MediaType.APPLICATION_JSON)
@OpsAuthenticated
public class OpsDisbursementResource {

    public record StatusChange(@NotBlank @Pattern(regexp = "00|04|06") String latestTransactionStatus) {
    }

    private final DisbursementService disbursements;

    OpsDisbursementResource(DisbursementService disbursements) {
        this.disbursements = disbursements;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public DisbursementStatusResponse set(@PathParam("referenceNo") String referenceNo,
                                          @Valid @NotNull StatusChange change) {
        return disbursements.operatorSets(referenceNo, DisbursementStatus.fromCode(change.latestTransactionStatus()));
    }
}
