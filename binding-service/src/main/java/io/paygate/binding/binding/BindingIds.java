package io.paygate.binding.binding;

import io.paygate.model.ids.RandomIds;

/** Binding ids: {@code bnd_} + 24 characters of Crockford base32 (120 random bits), not guessable. */
final class BindingIds {

    private BindingIds() {
    }

    static String next() {
        return RandomIds.next("bnd_", 24);
    }
}
