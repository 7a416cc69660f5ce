package io.paygate.binding.binding;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.List;

/** binding-service configuration; shared keys (merchants, tokens, timezone) are in service-kit's GatewayConfig. */
@ConfigMapping(prefix = "gateway.binding")
public interface BindingConfig {

    /** The direct-debit source codes a binding may name ({@code sourceOfFunds.type}). */
    @WithDefault("BCA_DD,BRI_DD,MANDIRI_DD,BNI_DD")
    List<String> sourceTypes();

    /** How long the customer has to approve on the bank page; then PENDING → FAILED. */
    @WithDefault("15m")
    Duration authorizationTtl();

    /** Wrong one-time codes allowed before the binding fails. */
    @WithDefault("3")
    int maxOtpAttempts();

    /** The one-time code the sandbox bank accepts. */
    @WithDefault("123456")
    String sandboxOtp();

    /** Whether {@code POST /pg/sandbox/bindings/{id}/simulate} exists (never in production). */
    @WithDefault("true")
    boolean sandboxEnabled();

    /** Base of {@code authorizationUrl} as customers reach this service (the Ingress address in production). */
    @WithDefault("http://localhost:8082")
    String publicBaseUrl();
}
