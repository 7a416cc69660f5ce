package io.paygate.binding.service;

import java.security.SecureRandom;

/** Binding ids: {@code bnd_} + 24 characters of Crockford base32 (120 random bits), not guessable. */
final class BindingIds {

    private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private BindingIds() {
    }

    static String next() {
        StringBuilder id = new StringBuilder("bnd_");
        for (int i = 0; i < 24; i++) {
            id.append(ALPHABET[RANDOM.nextInt(ALPHABET.length)]);
        }
        return id.toString();
    }
}
