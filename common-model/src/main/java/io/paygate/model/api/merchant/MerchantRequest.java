package io.paygate.model.api.merchant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * A merchant as an operator writes it (docs/contract.md §10): the body of {@code POST /admin/merchants}, and what a
 * {@code PATCH} (JSON merge patch, RFC 7396) of the members but {@code id} must leave. Secrets are made by the gateway
 * (client and notification secret) or given here once (the Midtrans server key) and never read back.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A merchant as the operator writes it")
public record MerchantRequest(
        @Schema(description = "1-32 of [a-z0-9-]; the merchant's X-PARTNER-ID", examples = "acme-store",
                required = true)
        @NotNull @Pattern(regexp = "[a-z0-9-]{1,32}") String id,
        @Schema(description = "Display name (hosted pages)", maxLength = 100, examples = "Acme Store", required = true)
        @NotBlank @Size(max = 100) String name,
        @Schema(description = "Payment channel", enumeration = {"sandbox", "midtrans"}, defaultValue = "sandbox")
        @Pattern(regexp = "sandbox|midtrans") String provider,
        @Schema(description = "Default currency (ISO 4217)", defaultValue = "IDR", examples = "IDR")
        @Pattern(regexp = "[A-Z]{3}") String currency,
        @Schema(description = "The merchant's Midtrans account (provider midtrans)") @Valid Midtrans midtrans,
        @Schema(description = "SNAP BI keys and company codes (docs/contract.md §9)") @Valid Snap snap,
        @Schema(description = "The §2a method codes the merchant may use; absent or empty: every method",
                examples = "[\"CARD\", \"QRIS\", \"VA_BCA\"]")
        @Size(max = 32) List<@NotNull String> methods,
        @Schema(description = "CIDRs the merchant's requests may come from, at most 32; empty: any address",
                examples = "[\"203.0.113.0/24\"]")
        @Size(max = 32) List<@NotNull String> ipAllowlist,
        @Schema(description = "The merchant's own token bucket; absent: the gateway's defaults") @Valid RateLimit rateLimit,
        @Schema(description = "Fees per §2a method code or family (docs/contract.md §12)",
                examples = "{\"CARD\": {\"percent\": \"2.9\", \"fixed\": \"2000\"}, \"VA_*\": {\"fixed\": \"4000\"}}")
        JsonNode fees,
        @Schema(description = "Days from capture to settlement (docs/contract.md §12)", minimum = "0", maximum = "30")
        @Min(0) @Max(30) Integer settlementDelayDays) {

    /** The members a request may carry, in order (a merge patch names these but {@code id}). */
    public static final List<String> MEMBERS = List.of("id", "name", "provider", "currency", "midtrans", "snap",
            "methods", "ipAllowlist", "rateLimit", "fees", "settlementDelayDays");

    /** A Midtrans account: the server key is a secret (stored sealed, never shown). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    @Schema(name = "MerchantMidtransRequest", description = "A Midtrans account; the server key is never shown again")
    public record Midtrans(
            @Schema(description = "Server key (secret; never shown again)") @Size(min = 1, max = 256) String serverKey,
            @Schema(description = "Client key") @Size(min = 1, max = 256) String clientKey,
            @Schema(description = "Core API base URL", defaultValue = "https://api.sandbox.midtrans.com")
            @Pattern(regexp = "https://[^\\s]{1,240}") String baseUrl) {
    }

    /** SNAP BI keys: the client key, the merchant's RSA public key, its company codes. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    @Schema(name = "MerchantSnapRequest", description = "SNAP BI keys and company codes")
    public record Snap(
            @Schema(description = "X-CLIENT-KEY: 1-64 visible ASCII without '|', unique among merchants",
                    required = true)
            @NotNull @Pattern(regexp = "[\\x21-\\x7B\\x7D\\x7E]{1,64}") String clientKey,
            @Schema(description = "The merchant's RSA public key (at least 2048 bits), PEM or base64 DER",
                    required = true)
            @NotBlank @Size(max = 4096) String publicKey,
            @Schema(description = "Company codes (partnerServiceId): 8 characters, digits right-aligned with spaces",
                    examples = "[\"   12345\"]")
            @Size(max = 32) List<@NotNull String> partnerServiceIds) {
    }

    /** A merchant's own token bucket (docs/contract.md §0). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    @Schema(name = "MerchantRateLimit", description = "The merchant's own token bucket")
    public record RateLimit(
            @Schema(description = "Requests per second refilled", minimum = "1", maximum = "100000", required = true)
            @NotNull @Min(1) @Max(100_000) Integer perSecond,
            @Schema(description = "Bucket size", minimum = "1", maximum = "1000000", required = true)
            @NotNull @Min(1) @Max(1_000_000) Integer burst) {
    }
}
