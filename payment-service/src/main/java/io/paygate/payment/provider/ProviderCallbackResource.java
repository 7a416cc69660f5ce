package io.paygate.payment.provider;

import io.paygate.kit.error.ApiException;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.json.Json;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

/**
 * The sandbox provider's callback (docs/contract.md §2): the signature over the raw body is verified before anything is
 * read from it; a bad one is {@code 4010800} and changes nothing. The callback may arrive before payment-service
 * recorded the provider's acceptance of the charge: the charge's reference is stored when the payment is submitted
 * (PROCESSING) and the decision carries the card's info, so that order is harmless.
 */
@Path("/pg/provider/sandbox/callback")
public class ProviderCallbackResource {

    private final ProviderDecisions decisions;
    private final ProviderSecret secret;

    ProviderCallbackResource(ProviderDecisions decisions, ProviderSecret secret) {
        this.decisions = decisions;
        this.secret = secret;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(hidden = true) // the sandbox provider's own contract, not the merchant API
    public Map<String, String> callback(byte[] body,
                                        @HeaderParam(ProviderSignature.TIMESTAMP_HEADER) String timestamp,
                                        @HeaderParam(ProviderSignature.SIGNATURE_HEADER) String signature) {
        byte[] raw = body == null ? new byte[0] : body;
        if (!ProviderSignature.verify(secret.key(), timestamp, signature, raw, Instant.now())) {
            throw ApiException.unauthorized("Invalid provider signature");
        }
        ProviderDecision decision;
        try {
            decision = Json.read(new String(raw, StandardCharsets.UTF_8), ProviderDecision.class);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("malformed JSON");
        }
        if (decision.paymentCode() == null || decision.reference() == null || decision.status() == null) {
            throw ApiException.mandatory(decision.paymentCode() == null ? "paymentCode"
                    : decision.reference() == null ? "reference" : "status");
        }
        try {
            decisions.apply(decision);
        } catch (ApiException e) {
            // docs/contract.md §0: a provider notification for an unknown order costs the client address a token
            throw e.errorCase() == ErrorCase.NOT_FOUND ? e.chargingAddress() : e;
        }
        return Map.of("responseCode", ResponseCode.SUCCESS_CODE, "responseMessage", ResponseCode.SUCCESS_MESSAGE);
    }
}
