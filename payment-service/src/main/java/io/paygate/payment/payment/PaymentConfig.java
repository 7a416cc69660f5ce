package io.paygate.payment.payment;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * payment-service's own keys ({@code gateway.payment.*}); every default is here. The time zone of
 * {@code expiryLink} is the shared {@code gateway.timezone} (docs/contract.md §1), read by {@link GatewayTime}.
 */
@ConfigMapping(prefix = "gateway.payment")
public interface PaymentConfig {

    /**
     * Scheme, host and port customers reach this service at; {@code redirecturl} = this + {@code /pg/pay/{code}}.
     * Unset: this process's own address ({@code http://localhost:8081} in the local stack). Set it in production.
     */
    Optional<String> publicBaseUrl();

    /**
     * notification-service's base URL, where the local stack, which has no Ingress, forwards
     * {@code GET /pg/snap/public-keys/{clientKey}.pem} (and the withdrawn {@code /pg/snap/public-key.pem}) so that a
     * merchant finds its SNAP keys at {@code {base_url}} as behind the Ingress (docs/contract.md §9); the launcher sets
     * it. Unset (production, where the Ingress routes {@code /pg/snap/} to notification-service): no such route here.
     */
    Optional<String> snapPublicKeysFrom();

    /** Lifetime of a hosted payment link (docs/contract.md §1: 24 h); a PENDING payment expires after it. */
    @WithDefault("24h")
    Duration linkTtl();

    /**
     * How long a payment started from a payment link waits while no method's charge is open (docs/contract.md §11):
     * from its start, and again once a method's charge is closed; never past {@link #linkTtl()}. A customer who leaves
     * the link page frees the link's slot after this, so a single-use link is "being paid" for minutes, not a day.
     */
    @WithDefault("15m")
    Duration linkPaymentTimeout();

    /**
     * HMAC key the payment channel provider signs its callbacks with. Unset: a random key per process, which is
     * fine for one replica; set the same value on every replica when running several.
     */
    Optional<String> providerSecret();

    /** Whether {@code POST /pg/sandbox/payments/{code}/simulate} exists (sandbox: yes; production: false). */
    @WithDefault("true")
    boolean sandboxEnabled();

    /**
     * How often the expiry jobs look for PENDING payments whose link lifetime has passed, and for ACTIVE payment links
     * past their {@code expiresAt} (docs/contract.md §11).
     */
    @WithDefault("10s")
    Duration expirySweepInterval();

    /**
     * How long a payment may stay PROCESSING after it was submitted to its provider before it is reconciled: asked
     * of the provider (status inquiry) and moved to what the provider reports (docs/contract.md §2). Must be longer than a
     * channel's charge call can take; it also caps the wait between inquiries of a charge still pending.
     */
    @WithDefault("10m")
    Duration providerTimeout();

    /** How often the reconciliation job looks for PROCESSING payments past {@link #providerTimeout()}. */
    @WithDefault("30s")
    Duration reconcileInterval();

    Sandbox sandbox();

    Midtrans midtrans();

    /**
     * Per method kind ({@code gateway.payment.methods.<kind>.lifetime}, kinds {@code virtual-account},
     * {@code bill-payment}, {@code qr}, {@code ewallet}, {@code ewallet-push}, {@code convenience-store}): how long an
     * open charge takes money (docs/contract.md §2a: 24 h for accounts, bills and stores, 15 min for QR and wallets), never
     * past the link.
     */
    Map<String, MethodSettings> methods();

    /** What a QRIS code shows the customer's app (docs/contract.md §2a). */
    Qris qris();

    interface MethodSettings {
        /** How long an open charge of this kind takes money. */
        Optional<Duration> lifetime();
    }

    interface Qris {
        /** The merchant city of the QRIS payload (tag 60, at most 15 characters). */
        @WithDefault("JAKARTA")
        String merchantCity();

        /** The national merchant id the sandbox's QRIS payloads carry (tag 51). */
        @WithDefault("ID1026000000001")
        String nmid();
    }

    /**
     * How payment-service calls the Midtrans Core API (the merchants' keys and base URLs are
     * {@code gateway.merchants.<id>.midtrans.*}).
     */
    interface Midtrans {
        /** Connecting to Midtrans, every call. */
        @WithDefault("3s")
        Duration connectTimeout();

        /**
         * Waiting for an answer, every call. A charge that times out is left PROCESSING and reconciled by status
         * inquiry; it must stay well below {@code gateway.payment.provider-timeout}.
         */
        @WithDefault("15s")
        Duration readTimeout();

        /**
         * Further tries of the status inquiry on no answer or a 5xx. Never the card token call (it carries the card)
         * nor the charge.
         */
        @WithDefault("2")
        int retries();

        /** Wait before the first further try; doubled for each next one. */
        @WithDefault("300ms")
        Duration retryBackoff();

        /**
         * How long a replica remembers that it asked Midtrans ({@code GET /v2/{order_id}/status}) about a state a
         * notification told of for a charge: another notification telling of the same state of that charge within
         * this time is acknowledged without a new inquiry (docs/contract.md §2), so no number of copies makes a
         * replica ask more than once per this time per charge. Per replica (each remembers for itself), at most
         * {@code MidtransInquiryMemory.CAPACITY} states. {@code 0s}: no memory (only concurrent copies share an
         * inquiry).
         */
        @WithDefault("60s")
        Duration inquiryMemory();
    }

    /** The sandbox payment channel provider (docs/contract.md §2). */
    interface Sandbox {
        /** How long the sandbox provider "thinks" before it calls back with its decision. */
        @WithDefault("500ms")
        Duration decisionDelay();

        /**
         * Where the sandbox provider posts its decisions; default this process's own
         * {@code http://localhost:<port>/pg/provider/sandbox/callback}.
         */
        Optional<String> callbackUrl();

        /** How often the provider looks for decisions whose callback is due or must be retried. */
        @WithDefault("1s")
        Duration dispatchInterval();

        /** Callback attempts before the provider gives up on one decision. */
        @WithDefault("10")
        int maxAttempts();

        /**
         * Whether the sandbox provider calls back at all. {@code false} simulates a provider whose notifications
         * are lost: payments are then decided only by reconciliation, after {@code gateway.payment.provider-timeout}.
         */
        @WithDefault("true")
        boolean callbacksEnabled();
    }
}
