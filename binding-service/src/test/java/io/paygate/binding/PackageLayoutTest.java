package io.paygate.binding;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClasses;
import io.paygate.binding.binding.BindingRepository;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The house (README "Rooms"): one package per capability under {@code io.paygate.binding}, none named after a layer;
 * the core ({@code binding}) depends on no capability; and what is pretend stays in {@code sandbox}: no class outside
 * it depends on one inside it (the sandbox bank's page and the simulate shortcut reach the binding through
 * {@code BindingService}, the seam a real bank's answer would use). The SNAP door ({@code snap}) is a second door onto
 * the same room: it changes bindings only through {@code BindingService}, and nothing else depends on it. ArchUnit
 * reads the compiled classes, where an inlined constant leaves no trace, so the sandbox's boundary is also checked in
 * the sources.
 */
class PackageLayoutTest {

    private static final String BASE = "io.paygate.binding";
    private static final String CORE = BASE + ".binding..";
    private static final String SANDBOX = BASE + ".sandbox..";
    private static final String SNAP = BASE + ".snap..";
    private static final Path SOURCES = Path.of("src/main/java/io/paygate/binding");

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(BASE);
    }

    @Test
    void everyClassLivesInARoomAndNoRoomIsNamedAfterALayer() {
        noClasses().should().resideInAPackage(BASE)
                .orShould().resideInAnyPackage(BASE + ".rest..", BASE + ".service..", BASE + ".web..",
                        BASE + ".repository..", BASE + ".config..")
                .because("a package is a capability a merchant or operator would name; a layer is a file's role in it")
                .check(main);
    }

    @Test
    void theCoreDependsOnNoCapability() {
        classes().that().resideInAPackage(CORE)
                .should().onlyDependOnClassesThat(resideOutsideOfPackage(BASE + "..").or(resideInAPackage(CORE)))
                .because("every capability depends on the core, never the reverse")
                .check(main);
    }

    @Test
    void nothingOutsideTheSandboxDependsOnIt() {
        noClasses().that().resideOutsideOfPackage(SANDBOX)
                .should().dependOnClassesThat().resideInAPackage(SANDBOX)
                .because("production code reaches the simulated parties only through the seams a real one uses")
                .check(main);
    }

    @Test
    void theSnapDoorChangesBindingsOnlyThroughBindingService() {
        noClasses().that().resideInAPackage(SNAP)
                .should().dependOnClassesThat().areAssignableTo(BindingRepository.class)
                .orShould().setFieldWhere(JavaAccess.Predicates.targetOwner(resideInAPackage(CORE)))
                .because("SNAP is a second door onto the same room: its mappers call BindingService, never a second "
                        + "copy of the binding's logic (CONVENTIONS)")
                .check(main);
    }

    @Test
    void nothingButTheSnapDoorDependsOnIt() {
        noClasses().that().resideOutsideOfPackage(SNAP)
                .should().dependOnClassesThat().resideInAPackage(SNAP)
                .because("the /pg/ API and the bank page know nothing of SNAP")
                .check(main);
    }

    @Test
    void noSourceOutsideTheSandboxNamesOneOfItsClasses() throws IOException {
        Pattern named = Pattern.compile("io\\.paygate\\.binding\\.sandbox\\.[A-Z]");
        Path sandbox = SOURCES.resolve("sandbox");
        try (Stream<Path> files = Files.walk(SOURCES)) {
            List<Path> offending = files.filter(f -> f.toString().endsWith(".java") && !f.startsWith(sandbox))
                    .filter(f -> named.matcher(read(f)).find()).toList();
            assertEquals(List.of(), offending, "sources outside sandbox/ that import or name a sandbox class");
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
