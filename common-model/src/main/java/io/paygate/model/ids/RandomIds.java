package io.paygate.model.ids;


/**
 * Unguessable identifiers: a prefix and random characters of Crockford's base32 (digits and upper-case letters
 * without I, L, O, U: nothing a customer reads aloud can be confused). Each character carries 5 random bits.
 * Used where an id alone opens something (a hosted page, a bank page) or must not be enumerable.
 */
public final class RandomIds {

    private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();

    private RandomIds() {
    }

    /** {@code prefix} followed by {@code length} random base32 characters. */
    public static String next(String prefix, int length) {
        StringBuilder id = new StringBuilder(prefix.length() + length).append(prefix);
        for (int i = 0; i < length; i++) {
            id.append(ALPHABET[SecureRandoms.get().nextInt(ALPHABET.length)]);
        }
        return id.toString();
    }

    /** The regular expression of ids made by {@code next(prefix, length)}. */
    public static String pattern(String prefix, int length) {
        return "^" + java.util.regex.Pattern.quote(prefix) + "[0-9A-HJKMNP-TV-Z]{" + length + "}$";
    }
}
