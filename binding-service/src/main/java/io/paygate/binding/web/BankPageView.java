package io.paygate.binding.web;

import io.paygate.kit.web.PageHeaders;

/**
 * What the bank page shows; {@code state} is a binding status or {@code UNKNOWN}; {@code nonce} is the CSP nonce of
 * this rendering ({@link PageHeaders}).
 */
public record BankPageView(String bindingId, String merchantName, String customerName, String maskedPhone,
                           String bankName, String state, int attemptsLeft, String message, String expiresAt,
                           String sandboxOtp, String nonce) {

    static BankPageView unknown() {
        return new BankPageView(null, null, null, null, "Sandbox Bank", "UNKNOWN", 0, null, null, null,
                PageHeaders.nonce());
    }

    public boolean pending() {
        return "PENDING".equals(state);
    }
}
