package io.paygate.merchant.registry;

import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ServiceCode;
import jakarta.enterprise.context.ApplicationScoped;

/** docs/contract.md §0, §10: every merchant-service reply carries service code 12. */
@ApplicationScoped
public class MerchantServiceCodes implements ServiceCodeResolver {

    @Override
    public ServiceCode resolve(String method, String path) {
        return ServiceCode.MERCHANTS;
    }
}
