package io.paygate.testsupport.web;

import io.quarkus.qute.i18n.Message;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks a Qute message bundle's localized file against its interface: every message translated, none blank, and
 * every parameter the English text shows shown by the translation too. Quarkus's build already refuses a key with no
 * method; it does not notice a message left untranslated (the page would silently fall back to English).
 */
public final class MessageBundleCoverage {

    private MessageBundleCoverage() {
    }

    /**
     * @param bundle    the {@code @MessageBundle} interface (English in its {@code @Message} values)
     * @param localized the localized file on the class path, e.g. {@code messages/msg_id.properties}
     * @return what is wrong, one line each; empty when the file covers the bundle
     */
    public static List<String> gaps(Class<?> bundle, String localized) {
        Map<String, String> translations = read(localized);
        List<String> gaps = new ArrayList<>();
        for (Method method : bundle.getDeclaredMethods()) {
            Message message = method.getAnnotation(Message.class);
            if (Modifier.isStatic(method.getModifiers()) || method.isDefault() || message == null) {
                continue;
            }
            String translation = translations.get(method.getName());
            if (translation == null || translation.isBlank()) {
                gaps.add(method.getName() + ": not translated in " + localized);
                continue;
            }
            for (Parameter parameter : method.getParameters()) {
                if (shows(message.value(), parameter.getName()) && !shows(translation, parameter.getName())) {
                    gaps.add(method.getName() + ": the translation does not show {" + parameter.getName() + "}");
                }
            }
        }
        return gaps;
    }

    /** Whether a message template uses {@code name} in one of its expressions. */
    private static boolean shows(String template, String name) {
        return Pattern.compile("\\{[^}]*\\b" + Pattern.quote(name) + "\\b[^}]*}").matcher(template).find();
    }

    /** Read as Quarkus reads it: UTF-8, one {@code key=value} a line, {@code #} comments. */
    private static Map<String, String> read(String resource) {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException(resource + " is not on the class path");
            }
            Map<String, String> entries = new LinkedHashMap<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String stripped = line.strip();
                int eq = stripped.indexOf('=');
                if (!stripped.isEmpty() && !stripped.startsWith("#") && eq > 0) {
                    entries.put(stripped.substring(0, eq).strip(), stripped.substring(eq + 1).strip());
                }
            }
            return entries;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
