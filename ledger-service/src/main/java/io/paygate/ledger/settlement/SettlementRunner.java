package io.paygate.ledger.settlement;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.api.ledger.SettlementView;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * The settlement run: the operator's ({@code POST /admin/settlements/run}) and the daily job's at
 * {@code gateway.ledger.settlement-cron} (00:05) in {@code gateway.timezone}. Every replica's job may run at once:
 * each merchant is settled under its lock and once per day, so they take turns and settle nothing twice.
 */
@ApplicationScoped
public class SettlementRunner {

    private static final Logger LOG = Logger.getLogger(SettlementRunner.class);

    private final Settlements settlements;
    private final ZoneId zone;

    SettlementRunner(Settlements settlements, GatewayConfig gateway) {
        this.settlements = settlements;
        this.zone = gateway.timezone();
    }

    /** Settles every merchant's captures due by {@code asOf}; the settlements made now. */
    public List<SettlementView> run(LocalDate asOf) {
        List<SettlementView> made = new ArrayList<>();
        for (String merchantId : settlements.merchantsToSettle(asOf)) {
            settlements.settle(merchantId, asOf).ifPresent(made::add);
        }
        return made;
    }

    @Scheduled(identity = "settlement-run", cron = "${gateway.ledger.settlement-cron}",
            timeZone = "${gateway.timezone}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void daily() {
        LocalDate today = LocalDate.now(zone);
        List<SettlementView> made = run(today);
        LOG.infof("settlement run as of %s: %d settlements", today, made.size());
    }
}
