package io.paygate.payment.service;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/** The {@link BindingDirectory} until binding-service provides one: nobody has an ACTIVE binding. */
@DefaultBean
@ApplicationScoped
public class NoBindingDirectory implements BindingDirectory {

    @Override
    public List<ActiveBinding> activeBindings(String merchantId, String customerId) {
        return List.of();
    }
}
