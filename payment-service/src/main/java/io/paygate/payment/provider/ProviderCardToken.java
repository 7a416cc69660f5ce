package io.paygate.payment.provider;

/**
 * What a provider gives back for a card it keeps (docs/contract.md §1b): its token, which charges the card later
 * ({@link PaymentChannel#chargeStoredCard}), and its keyed fingerprint of the card (an HMAC under a secret only the
 * provider holds), by which the gateway knows a card it stored before. Never the card number.
 */
public record ProviderCardToken(String token, String fingerprint) {

    public ProviderCardToken {
        if (token == null || token.isBlank() || fingerprint == null || fingerprint.isBlank()) {
            throw new IllegalArgumentException("a stored card needs the provider's token and fingerprint");
        }
    }

    @Override
    public String toString() {
        return "ProviderCardToken[…]"; // the token charges the card: never in a log line
    }
}
