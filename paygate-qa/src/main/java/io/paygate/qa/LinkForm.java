package io.paygate.qa;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a customer types on a link's page (docs/contract.md §11): the amount of a link without a fixed one, and, when
 * the link names no customer, a name and an e-mail or a phone. A member left null is not sent.
 */
public record LinkForm(String amount, String name, String email, String phone) {

    /** Nothing typed: a link with a fixed amount and a customer of its own needs no more. */
    public static LinkForm empty() {
        return new LinkForm(null, null, null, null);
    }

    /** A customer named {@code name}, nothing else typed yet. */
    public static LinkForm named(String name) {
        return new LinkForm(null, name, null, null);
    }

    public LinkForm amount(String value) {
        return new LinkForm(value, name, email, phone);
    }

    public LinkForm email(String value) {
        return new LinkForm(amount, name, value, phone);
    }

    public LinkForm phone(String value) {
        return new LinkForm(amount, name, email, value);
    }

    /** The form's fields as posted. */
    Map<String, String> fields() {
        Map<String, String> fields = new LinkedHashMap<>();
        put(fields, "amount", amount);
        put(fields, "name", name);
        put(fields, "email", email);
        put(fields, "phone", phone);
        return fields;
    }

    private static void put(Map<String, String> fields, String name, String value) {
        if (value != null) {
            fields.put(name, value);
        }
    }
}
