package io.paygate.kit.nativeimage;

import org.graalvm.nativeimage.hosted.Feature;
import org.graalvm.nativeimage.hosted.RuntimeReflection;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.function.Function;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Registers every record and enum of paygate's own packages ({@code io.paygate.}) for reflection in a native image
 * (issue 48). Jackson reads and writes records through their constructors and accessors, found by reflection, and a
 * native image keeps reflection data only for registered types. Quarkus registers what REST endpoints and REST
 * clients take and return, but our records also travel through Jackson directly: Kafka values and the merchant
 * registry's topic, outbox payloads, signed notification bodies, the sandbox provider's callbacks. A hand-kept list
 * of them missed the merchant state and the sandbox callback, so the native services refused every merchant-config
 * record and every sandbox decision while every JVM test passed. Registering the whole class of types removes the
 * list. Named in service-kit's {@code META-INF/native-image/io.paygate/service-kit/native-image.properties}, so every
 * service's image build runs it.
 */
public final class RecordsForReflection implements Feature {

    /** The packages whose records and enums are registered. */
    static final String PREFIX = "io/paygate/";

    @Override
    public String getDescription() {
        return "Registers paygate's records and enums for reflection (Jackson outside REST)";
    }

    @Override
    public void beforeAnalysis(BeforeAnalysisAccess access) {
        List<String> names = new ArrayList<>();
        for (Path entry : access.getApplicationClassPath()) {
            names.addAll(classNames(entry));
        }
        for (Class<?> type : selected(names, access::findClassByName)) {
            RuntimeReflection.register(type);
            RuntimeReflection.register(type.getDeclaredConstructors());
            RuntimeReflection.register(type.getDeclaredMethods());
            RuntimeReflection.register(type.getDeclaredFields());
            RuntimeReflection.registerAllRecordComponents(type);
        }
    }

    /** The records and enums among {@code names} (binary names) that {@code lookup} finds, in their order. */
    static List<Class<?>> selected(List<String> names, Function<String, Class<?>> lookup) {
        List<Class<?>> types = new ArrayList<>();
        for (String name : names) {
            Class<?> type = lookup.apply(name);
            if (type != null && (type.isRecord() || type.isEnum())) {
                types.add(type);
            }
        }
        return types;
    }

    /** The binary names of the classes under {@link #PREFIX} in a class-path entry (a jar or a directory). */
    static List<String> classNames(Path entry) {
        try {
            if (Files.isDirectory(entry)) {
                Path root = entry.resolve(PREFIX);
                if (!Files.isDirectory(root)) {
                    return List.of();
                }
                try (Stream<Path> files = Files.walk(root)) {
                    return files.filter(f -> f.toString().endsWith(".class"))
                            .map(f -> binaryName(entry.relativize(f).toString().replace('\\', '/'))).toList();
                }
            }
            if (!Files.isRegularFile(entry) || !entry.toString().endsWith(".jar")) {
                return List.of();
            }
            List<String> names = new ArrayList<>();
            try (JarFile jar = new JarFile(entry.toFile())) {
                Enumeration<JarEntry> entries = jar.entries();
                while (entries.hasMoreElements()) {
                    String name = entries.nextElement().getName();
                    if (name.startsWith(PREFIX) && name.endsWith(".class")) {
                        names.add(binaryName(name));
                    }
                }
            }
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException("could not list the classes of " + entry, e);
        }
    }

    private static String binaryName(String classFile) {
        return classFile.substring(0, classFile.length() - ".class".length()).replace('/', '.');
    }
}
