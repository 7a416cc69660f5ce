package io.paygate.ledger.books;

import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ServiceCode;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * docs/contract.md §0, §12: every ledger-service reply carries service code 14 (the SNAP balance inquiry's are SNAP's
 * 11, by service-kit's decorator).
 */
@ApplicationScoped
public class LedgerServiceCodes implements ServiceCodeResolver {

    @Override
    public ServiceCode resolve(String method, String path) {
        return ServiceCode.BALANCE_LEDGER_SETTLEMENT;
    }
}
