package io.paygate.payment.service;

import jakarta.enterprise.context.ApplicationScoped;

import java.security.SecureRandom;

/**
 * New payment codes: {@code PC} + 16 characters of Crockford base32 (80 random bits), 18 characters in all
 * (CONTRACT §1: at most 30). Unguessable, because the code alone opens the hosted page.
 */
@ApplicationScoped
public class PaymentCodes {

    private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    static final String PATTERN = "^PC[0-9A-HJKMNP-TV-Z]{16}$";

    private final SecureRandom random = new SecureRandom();

    public String next() {
        char[] code = new char[18];
        code[0] = 'P';
        code[1] = 'C';
        for (int i = 2; i < code.length; i++) {
            code[i] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return new String(code);
    }

    /** Whether {@code value} can be a payment code at all (saves a database look-up for junk). */
    public static boolean isWellFormed(String value) {
        return value != null && value.matches(PATTERN);
    }
}
