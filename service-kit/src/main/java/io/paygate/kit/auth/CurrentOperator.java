package io.paygate.kit.auth;

import jakarta.enterprise.context.RequestScoped;

/**
 * The operator the current request was authenticated as ({@link OpsAuthenticated}, docs/contract.md §10): a name of
 * {@code gateway.operators.<name>}, or {@link Operators#OPS} for {@code gateway.ops.token}. Audit trails name it.
 */
@RequestScoped
public class CurrentOperator {

    private String name;

    /** For {@link AuthenticationFilters} only: the request carries operator {@code name}'s token. */
    void set(String name) {
        this.name = name;
    }

    /** The operator's name. @throws IllegalStateException on an endpoint without {@link OpsAuthenticated} */
    public String name() {
        if (name == null) {
            throw new IllegalStateException("No authenticated operator: is the endpoint @OpsAuthenticated?");
        }
        return name;
    }
}
