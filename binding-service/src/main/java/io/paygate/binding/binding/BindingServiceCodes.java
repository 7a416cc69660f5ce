package io.paygate.binding.binding;

import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ServiceCode;
import jakarta.enterprise.context.ApplicationScoped;

/** The service code of each binding-service path (docs/contract.md §0): the bank page and sandbox are 08, the rest 02. */
@ApplicationScoped
public class BindingServiceCodes implements ServiceCodeResolver {

    @Override
    public ServiceCode resolve(String method, String path) {
        if (path.startsWith("/pg/bind/") || path.startsWith("/pg/sandbox")) {
            return ServiceCode.HOSTED_PAGE;
        }
        return ServiceCode.DIRECT_DEBIT_BINDING;
    }
}
