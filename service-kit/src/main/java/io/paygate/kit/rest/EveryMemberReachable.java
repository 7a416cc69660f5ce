package io.paygate.kit.rest;

import jakarta.inject.Singleton;
import jakarta.validation.Path;
import jakarta.validation.TraversableResolver;

import java.lang.annotation.ElementType;

/**
 * Bean Validation's reachability check, answered without asking JPA. With Hibernate ORM in the service, Quarkus's
 * default resolver asks the persistence unit, for every member of every validated object, whether that member is
 * loaded — a question that only matters for lazy entity associations. What is validated here are the wire records of
 * common-model (request bodies, never entities), whose members are all plain values: every member is reachable and
 * cascadable, as Hibernate Validator assumes without JPA. Measured: 3 % of an initiation's CPU (bench/README.md,
 * issue 36). A bean of this type replaces the default (the Quarkus Hibernate Validator extension takes it).
 */
@Singleton
public class EveryMemberReachable implements TraversableResolver {

    @Override
    public boolean isReachable(Object object, Path.Node member, Class<?> root, Path path, ElementType type) {
        return true;
    }

    @Override
    public boolean isCascadable(Object object, Path.Node member, Class<?> root, Path path, ElementType type) {
        return true;
    }
}
