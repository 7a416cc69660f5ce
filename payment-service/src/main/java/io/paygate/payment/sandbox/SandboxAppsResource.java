package io.paygate.payment.sandbox;

import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.Patterns;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ResponseCode;
import io.paygate.payment.payment.PaymentConfig;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The sandbox provider's bank app, QRIS app, wallet and cashier for suites that do not drive a browser (docs/contract.md §2a
 * "Sandbox"), with the ops token: {@code 2000000} when paid, {@code 4090800 Conflict. <reason>} when refused (wrong
 * amount, expired, cancelled, already paid, wrong PIN), {@code 4040801} for an unknown number or code. Absent (404)
 * when {@code gateway.payment.sandbox-enabled=false}. The provider then calls payment-service back, signed.
 */
@Path("/pg/sandbox")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Sandbox", description = "Sandbox only, never in production (404 there): QA shortcuts that decide"
        + " payments, bindings and subscription cycles as a customer or provider would")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class SandboxAppsResource {

    /** Pay a virtual account, or a Mandiri bill ({@code accountNumber} = the bill key). */
    public record VaPayment(@NotBlank @Size(max = 30) String accountNumber,
                            @NotBlank @Pattern(regexp = Patterns.ORDER_AMOUNT) String amount) {
    }

    /** Pay a QRIS code: its text as a scanning app reads it. */
    public record QrisPayment(@NotBlank @Size(max = 512) String payload) {
    }

    /** Approve (with the PIN) or decline a wallet payment. */
    public record WalletAction(@NotBlank @Pattern(regexp = "approve|decline") String action,
                               @Size(max = 12) String pin) {
    }

    /** Pay a store code at the cashier. */
    public record StorePayment(@NotBlank @Pattern(regexp = "(?i)ALFAMART|INDOMARET|idm") String store,
                               @NotBlank @Size(max = 64) String paymentCode,
                               @NotBlank @Pattern(regexp = Patterns.ORDER_AMOUNT) String amount) {
    }

    private static final String PAID = """
            {"responseCode":"2000000","responseMessage":"Success","reference":"CHG7Q2M4X8B1N3D5F9K0P6R2T","paymentCode":\
            "PC8F2K4Q7M1X9B3D","method":"VA_BCA","amount":"150000.00","status":"CAPTURED"}""";
    private static final String REFUSED = """
            {"responseCode":"4090800","responseMessage":"Conflict. Wrong amount: this code takes exactly 150000.00 IDR"}""";
    private static final String UNKNOWN = """
            {"responseCode":"4040801","responseMessage":"Transaction Not Found"}""";

    private final SandboxPayApps apps;
    private final PaymentConfig config;

    SandboxAppsResource(SandboxPayApps apps, PaymentConfig config) {
        this.apps = apps;
        this.config = config;
    }

    @POST
    @Path("/va/pay")
    @OpsAuthenticated
    @Operation(operationId = "sandboxPayVirtualAccount",
            summary = "The sandbox bank app: pay a virtual account or Mandiri bill by number, the exact amount")
    @APIResponse(responseCode = "200", description = "Paid; the provider notifies payment-service",
            content = @Content(examples = @ExampleObject(name = "2000000", value = PAID)))
    @APIResponse(responseCode = "409", description = "Refused: wrong amount, expired, cancelled, already paid",
            content = @Content(examples = @ExampleObject(name = "4090800", value = REFUSED)))
    @APIResponse(responseCode = "404", description = "No open virtual account or bill has this number",
            content = @Content(examples = @ExampleObject(name = "4040801", value = UNKNOWN)))
    public Map<String, String> payVirtualAccount(@Valid @NotNull VaPayment request) {
        return paid(() -> apps.payVirtualAccount(request.accountNumber(), new BigDecimal(request.amount())));
    }

    @POST
    @Path("/qris/pay")
    @OpsAuthenticated
    @Operation(operationId = "sandboxPayQris",
            summary = "The sandbox QRIS app: pay a scanned QRIS payload (its CRC and amount are checked)")
    @APIResponse(responseCode = "200", description = "Paid; the provider notifies payment-service",
            content = @Content(examples = @ExampleObject(name = "2000000", value = PAID)))
    @APIResponse(responseCode = "400", description = "Not a valid QRIS payload (e.g. a wrong CRC)",
            content = @Content(examples = @ExampleObject(name = "4000801", value = """
                    {"responseCode":"4000801","responseMessage":"Invalid Field Format payload"}""")))
    @APIResponse(responseCode = "409", description = "Refused: wrong amount, expired, cancelled, already paid",
            content = @Content(examples = @ExampleObject(name = "4090800", value = REFUSED)))
    @APIResponse(responseCode = "404", description = "No open QRIS payment has this code",
            content = @Content(examples = @ExampleObject(name = "4040801", value = UNKNOWN)))
    public Map<String, String> payQris(@Valid @NotNull QrisPayment request) {
        return paid(() -> apps.payQris(request.payload()));
    }

    @POST
    @Path("/wallet/{reference}")
    @OpsAuthenticated
    @Operation(operationId = "sandboxAnswerWallet",
            summary = "The sandbox wallet: approve (PIN 123456) or decline the payment of a wallet charge",
            description = "reference is the charge's, the last segment of the appurl. A decline fails the payment "
                    + "(statusDesc 'Declined by the customer'). The same path takes the sandbox wallet page's own form "
                    + "(application/x-www-form-urlencoded action, pin; no token), answered with an HTML page.")
    @APIResponse(responseCode = "200", description = "Approved or declined; the provider notifies payment-service",
            content = @Content(examples = @ExampleObject(name = "2000000", value = PAID)))
    @APIResponse(responseCode = "409", description = "Refused: wrong PIN, expired, cancelled, already decided",
            content = @Content(examples = @ExampleObject(name = "4090800", value = """
                    {"responseCode":"4090800","responseMessage":"Conflict. Wrong PIN"}""")))
    @APIResponse(responseCode = "404", description = "No open wallet payment has this reference",
            content = @Content(examples = @ExampleObject(name = "4040801", value = UNKNOWN)))
    public Map<String, String> wallet(@PathParam("reference") String reference,
                                      @Valid @NotNull WalletAction request) {
        return paid(() -> apps.wallet(reference, request.action(), request.pin()));
    }

    @POST
    @Path("/cashier/pay")
    @OpsAuthenticated
    @Operation(operationId = "sandboxPayStore",
            summary = "The sandbox cashier: pay a store code (ALFAMART, INDOMARET), the exact amount")
    @APIResponse(responseCode = "200", description = "Paid; the provider notifies payment-service",
            content = @Content(examples = @ExampleObject(name = "2000000", value = PAID)))
    @APIResponse(responseCode = "409", description = "Refused: wrong amount, expired, cancelled, already paid",
            content = @Content(examples = @ExampleObject(name = "4090800", value = REFUSED)))
    @APIResponse(responseCode = "404", description = "No open store payment has this code",
            content = @Content(examples = @ExampleObject(name = "4040801", value = UNKNOWN)))
    public Map<String, String> payStore(@Valid @NotNull StorePayment request) {
        return paid(() -> apps.payStore(request.store(), request.paymentCode(), new BigDecimal(request.amount())));
    }

    private Map<String, String> paid(Supplier<SandboxPayApps.OpenCharge> action) {
        if (!config.sandboxEnabled()) {
            throw ApiException.of(ErrorCase.ROUTE_NOT_FOUND, null);
        }
        SandboxPayApps.OpenCharge paid;
        try {
            paid = action.get();
        } catch (SandboxRefusal refusal) {
            throw switch (refusal.kind()) {
                case UNKNOWN -> ApiException.notFound();
                case INVALID -> ApiException.invalidFormat(refusal.field());
                case REFUSED -> ApiException.conflict(refusal.getMessage());
            };
        }
        Map<String, String> reply = new LinkedHashMap<>();
        reply.put("responseCode", ResponseCode.SUCCESS_CODE);
        reply.put("responseMessage", ResponseCode.SUCCESS_MESSAGE);
        reply.put("reference", paid.reference());
        reply.put("paymentCode", paid.paymentCode());
        reply.put("method", paid.method().name());
        reply.put("amount", paid.amount().toPlainString());
        return reply;
    }
}
