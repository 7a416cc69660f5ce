package io.paygate.binding.web;

/** What the bank page shows; {@code state} is a binding status or {@code UNKNOWN}. */
public record BankPageView(String bindingId, String merchantName, String customerName, String maskedPhone,
                           String bankName, String state, int attemptsLeft, String message, String expiresAt,
                           String sandboxOtp) {

    static BankPageView unknown() {
        return new BankPageView(null, null, null, null, "Sandbox Bank", "UNKNOWN", 0, null, null, null);
    }

    public boolean pending() {
        return "PENDING".equals(state);
    }
}
