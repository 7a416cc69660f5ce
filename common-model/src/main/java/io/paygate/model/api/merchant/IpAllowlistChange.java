package io.paygate.model.api.merchant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * {@code PUT /pg/merchant/ip-allowlist} (docs/contract.md §10): the addresses the merchant's requests may come from.
 * A list that would refuse the very address sending it is refused ({@code 409}) unless {@code force} is true.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record IpAllowlistChange(
        @Schema(description = "IPv4 or IPv6 CIDRs (a bare address is a block of one), at most 32; empty: any address",
                required = true, examples = "[\"203.0.113.0/24\", \"2001:db8:1::/48\"]")
        @NotNull @Size(max = 32) List<@NotNull String> cidrs,
        @Schema(description = "Apply even when it locks out the address sending this request", defaultValue = "false")
        Boolean force) {

    public boolean forced() {
        return Boolean.TRUE.equals(force);
    }
}
