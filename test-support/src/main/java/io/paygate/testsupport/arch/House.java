package io.paygate.testsupport.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

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
 * The rules every service's house keeps (its README "Rooms", checked by its {@code PackageLayoutTest}): one package
 * per capability under the service's base package, none named after a layer; the core room depends on no other room;
 * and what is pretend stays in {@code sandbox}: no class outside it depends on one inside it, and no source outside it
 * names one (ArchUnit reads compiled classes, where an inlined constant leaves no trace).
 */
public final class House {

    private static final List<String> LAYERS = List.of("rest", "service", "web", "repository", "config");

    private final String base;
    private final String core;
    private final String sandbox;
    private final Path sources;
    private JavaClasses main;

    private House(String base, String core, Path sources) {
        this.base = base;
        this.core = base + "." + core + "..";
        this.sandbox = base + ".sandbox..";
        this.sources = sources;
    }

    /**
     * @param base    the service's base package, e.g. {@code io.paygate.payment}
     * @param core    the core room's name under it, e.g. {@code payment}
     * @param sources the base package's source folder, relative to the module
     */
    public static House of(String base, String core, Path sources) {
        return new House(base, core, sources);
    }

    /** The service's main classes (tests excluded), imported once. */
    public synchronized JavaClasses main() {
        if (main == null) {
            main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages(base);
        }
        return main;
    }

    /** {@code base + ".name.."}: a room's packages, for a service's own rules. */
    public String room(String name) {
        return base + "." + name + "..";
    }

    public void everyClassLivesInARoomAndNoRoomIsNamedAfterALayer() {
        noClasses().should().resideInAPackage(base)
                .orShould().resideInAnyPackage(LAYERS.stream().map(this::room).toArray(String[]::new))
                .because("a package is a capability a merchant or operator would name; a layer is a file's role in it")
                .check(main());
    }

    public void theCoreDependsOnNoCapability() {
        classes().that().resideInAPackage(core)
                .should().onlyDependOnClassesThat(resideOutsideOfPackage(base + "..").or(resideInAPackage(core)))
                .because("every capability depends on the core, never the reverse")
                .check(main());
    }

    public void nothingOutsideTheSandboxDependsOnIt() {
        noClasses().that().resideOutsideOfPackage(sandbox)
                .should().dependOnClassesThat().resideInAPackage(sandbox)
                .because("production code reaches the simulated parties only through the seams a real one uses")
                .check(main());
    }

    public void noSourceOutsideTheSandboxNamesOneOfItsClasses() {
        Pattern named = Pattern.compile(Pattern.quote(base + ".sandbox.") + "[A-Z]");
        Path sandboxSources = sources.resolve("sandbox");
        try (Stream<Path> files = Files.walk(sources)) {
            List<Path> offending = files.filter(f -> f.toString().endsWith(".java") && !f.startsWith(sandboxSources))
                    .filter(f -> named.matcher(read(f)).find()).toList();
            assertEquals(List.of(), offending, "sources outside sandbox/ that import or name a sandbox class");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
