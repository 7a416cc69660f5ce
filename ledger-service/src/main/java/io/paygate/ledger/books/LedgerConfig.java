package io.paygate.ledger.books;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;

/** ledger-service's keys ({@code gateway.ledger.*}, README "Configuration"). */
@ConfigMapping(prefix = "gateway.ledger")
public interface LedgerConfig {

    /** VAT on the fee, in percent (docs/contract.md §12), rounded half-up to the rupiah. */
    @WithDefault("11")
    BigDecimal vatPercent();

    /** Days from capture to settlement for a merchant whose {@code settlementDelayDays} is not set. */
    @WithDefault("1")
    int settlementDelayDays();

    /** A hold still HELD this long after it was made is asked about at payment-service (the hold reconciliation). */
    @WithDefault("10m")
    Duration holdReconcileAfter();

    /** How often the hold reconciliation looks (a Quarkus scheduler interval, or {@code off}). */
    @WithDefault("1m")
    String holdReconcileEvery();

    /**
     * How often the events parked for a merchant not known yet are looked at, and posted once it is (a Quarkus
     * scheduler interval, or {@code off}).
     */
    @WithDefault("5s")
    String parkedRetryEvery();

    /** An event parked this long is named in a WARN line (once). */
    @WithDefault("10m")
    Duration parkedWarnAfter();

    /** payment-service's base URL, for its internal API ({@code quarkus.rest-client.payment-service.url} takes it). */
    String paymentServiceUrl();

    /** The daily settlement run (a Quarkus cron in {@code gateway.timezone}, or {@code off}). */
    @WithDefault("0 5 0 * * ?")
    String settlementCron();

    /**
     * Opening balances, posted once each as an ADJUSTMENT to the merchant's available balance at start-up
     * ({@code gateway.ledger.opening-balances.<merchantId>=1000000000.00}; the local stack's demo merchants).
     */
    Map<String, String> openingBalances();

    /** Whether {@code POST /pg/sandbox/balance/top-up} exists (never in production). */
    @WithDefault("true")
    boolean sandboxEnabled();
}
