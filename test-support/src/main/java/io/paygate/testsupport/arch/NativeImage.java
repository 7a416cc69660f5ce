package io.paygate.testsupport.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

import java.util.List;
import java.util.Random;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameStartingWith;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;

/**
 * What a native image refuses in its heap or lacks at run time, as rules on compiled classes, so that the JVM build
 * catches it (issue 48).
 * Quarkus builds native images with the application's classes initialized at build time: whatever a static field
 * holds is made on the build machine and stored in the image. A random number generator there would be seeded once,
 * at build, and start every run in the same state; native-image refuses it, and only a real native build would tell.
 */
public final class NativeImage {

    /**
     * No static field holds a {@link Random} ({@code SecureRandom} included): take {@code SecureRandoms.get()} at use.
     * {@code SecureRandoms}'s own field is the exception: empty until the first use, which is at run time.
     */
    public static final ArchRule NO_RANDOM_IN_STATIC_FIELDS = noFields().that().areStatic()
            .and().areNotDeclaredIn("io.paygate.model.ids.SecureRandoms")
            .should().haveRawType(assignableTo(Random.class))
            .because("a native image initializes classes at build time, so a static generator would be seeded on the"
                    + " build machine and refused in the image heap; take io.paygate.model.ids.SecureRandoms.get()"
                    + " where it is used");

    /**
     * No Panache query is projected onto a class ({@code PanacheQuery.project(Class)}): Panache finds the class's
     * constructor by reflection at run time, and a native image has the constructors of registered classes only, so
     * the projection fails there (seen: merchant-service's start, {@code ArrayIndexOutOfBoundsException} in
     * {@code CommonPanacheQueryImpl.getConstructor}) while every JVM test passes. Select the columns in the query
     * instead ({@code select m.id from ...} with a typed query).
     */
    public static final ArchRule NO_PANACHE_PROJECTION_ONTO_A_CLASS = noClasses()
            .should().callMethodWhere(target(name("project"))
                    .and(target(owner(nameStartingWith("io.quarkus.hibernate.orm.panache.")))))
            .because("Panache finds a projection class's constructor by reflection, which a native image has only for"
                    + " classes registered for it; select the columns with a typed query instead");

    private static final List<ArchRule> RULES = List.of(NO_RANDOM_IN_STATIC_FIELDS, NO_PANACHE_PROJECTION_ONTO_A_CLASS);

    private NativeImage() {
    }

    /** Checks the rules on the main classes (tests excluded) of {@code packages}. */
    public static void check(String... packages) {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(packages);
        for (ArchRule rule : RULES) {
            rule.check(classes);
        }
    }
}
